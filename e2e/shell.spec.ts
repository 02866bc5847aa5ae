import type { Page } from '@playwright/test'
import type { Order, Product } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { expect, expectAccessible, freshPhone, test, unique } from './fixtures.ts'

// The signed-in frame's own tools, in Vietnamese: the colour scheme (the account menu's choice, remembered, applied
// before the app's code runs, the sign-in screen following the system), the command palette finding an order by
// its customer's phone and a product by a variant's SKU, the keyboard shortcuts, the skip link and the focus after
// a move to another screen. The palette's test makes its own product, customer and order and deletes them after.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

const shell = vi.shell

interface ListAnswer<T> {
  data: T[]
}

const accountMenu = (page: Page) => page.getByRole('button', { name: new RegExp(`${vi.layout.account}$`) })
const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

/** Opens the dashboard and waits for its chart, whose code comes last (fixtures.ts, openDashboard). */
async function openDashboard(page: Page) {
  await page.goto('/')
  await expect(page.getByRole('region', { name: vi.dashboard.chart.heading, exact: true })).toBeVisible({
    timeout: 30_000,
  })
}

test('dark mode: chosen in the account menu, remembered, painted before the app runs; axe clean', async ({
  page,
  browser,
}) => {
  // With the system light and nothing chosen, the page is light.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/admin/orders')
  await expect(heading(page)).toHaveText(vi.orders.title)
  expect(await scheme(page)).toBe('light')

  await accountMenu(page).click()
  const dark = page.getByRole('menuitemradio', { name: shell.colorScheme.dark })
  await expect(page.getByRole('group', { name: shell.colorScheme.label })).toBeVisible()
  await expect(page.getByRole('menuitemradio', { name: shell.colorScheme.auto })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await dark.click()
  await expect(dark).toHaveAttribute('aria-checked', 'true')
  await expect.poll(() => scheme(page)).toBe('dark')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(page.getByRole('table')).toBeVisible()
  await expectAccessible(page)

  // Remembered: a reload is dark, whatever the system says.
  await page.reload()
  await expect(heading(page)).toBeVisible()
  expect(await scheme(page)).toBe('dark')

  // Before the first paint: with the app's code held back, index.html's own script (allowed by the page's policy)
  // has set the scheme already, and the page's background is dark.
  const blockScripts = (route: import('@playwright/test').Route) => route.abort()
  await page.route('**/assets/*.js', blockScripts)
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusals.push(message.text())
  })
  await page.goto('/admin/orders')
  expect(await scheme(page)).toBe('dark')
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).toBe('rgb(36, 36, 36)')
  expect(refusals).toEqual([])
  await page.unroute('**/assets/*.js', blockScripts)

  await openDashboard(page)
  expect(await scheme(page)).toBe('dark')
  await expectAccessible(page)

  // The sign-in screen, never signed in, follows the system: dark, and readable.
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] }, colorScheme: 'dark' })
  try {
    const login = await guest.newPage()
    await login.addInitScript(() => localStorage.setItem('language', 'vi'))
    await login.goto('/login')
    await expect(login.getByRole('heading', { level: 1 })).toHaveText(vi.auth.title)
    expect(await scheme(login)).toBe('dark')
    await expectAccessible(login)
  } finally {
    await guest.close()
  }

  // Back to following the system, which is light here.
  await accountMenu(page).click()
  await page.getByRole('menuitemradio', { name: shell.colorScheme.auto }).click()
  await expect.poll(() => scheme(page)).toBe('light')
})

test('the command palette finds an order by phone and a product by SKU, and opens them', async ({
  page,
  api,
}) => {
  const demo = (await api.get<ListAnswer<Product>>('/admin/products?limit=20')).data.find(
    (p) => !p.name.startsWith('E2E'),
  )!
  const sku = `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const { data: product } = await api.post<{ data: Product }>('/admin/products', {
    name: unique('E2E Áo bảng lệnh'),
    price: 199000,
    description: 'Made by an end-to-end test',
    quantity: 0,
    category: demo.category.id,
    brand: demo.brand.id,
    images: demo.images.slice(0, 1),
    size: [],
    variants: [{ sku, size: 'M', color: 'Đen', quantity: 5 }],
  })
  const phone = await freshPhone(api)
  const { data: order } = await api.post<{ data: Order }>('/admin/orders', {
    customer: { name: unique('E2E Khách bảng lệnh'), phoneNumber: phone },
    address: '5 Xuân Thủy, Cầu Giấy, Hà Nội',
    lines: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
    source: 'phone',
  })
  try {
    await page.goto('/admin/products')
    await expect(heading(page)).toBeVisible()

    // Ctrl+K opens it; the phone as people write it, with spaces, finds the customer's order.
    await page.keyboard.press('Control+k')
    const search = page.getByRole('combobox', { name: shell.palette.label })
    await expect(search).toBeFocused()
    await page.keyboard.type(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`)
    const orders = page.getByRole('group', { name: shell.palette.orders })
    const found = orders.getByRole('option', {
      name: new RegExp(`^${shell.palette.order.replace('{{id}}', order.id)}`),
    })
    await expect(found).toBeVisible()
    await expect(found).toHaveAttribute('aria-selected', 'true')
    await expect(search).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id'))!)
    await expectAccessible(page)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}/detail/${order.id}$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(heading(page)).toBeFocused()

    // `/` opens it too; a variant's SKU finds its product, in any case.
    await page.keyboard.press('/')
    await expect(search).toBeFocused()
    await expect(search).toHaveValue('')
    await page.keyboard.type(sku.toLowerCase())
    await expect(search).toHaveValue(sku.toLowerCase())
    const match = page
      .getByRole('group', { name: shell.palette.products })
      .getByRole('option', { name: new RegExp(`^${product.name}`) })
    await expect(match).toContainText(shell.palette.sku.replace('{{sku}}', sku))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/admin/product/edit/${product.id}$`))
    await expect(heading(page)).toBeFocused()

    // Screens by their names, accents aside, and 'New order'.
    await page.keyboard.press('/')
    await expect(search).toBeFocused()
    await expect(search).toHaveValue('')
    await page.keyboard.type('tao don')
    await expect(search).toHaveValue('tao don')
    // The screens' line is the chosen one once the records' search has answered too (nothing found by these words).
    const newOrder = page.getByRole('option', { name: shell.palette.newOrder })
    await expect(newOrder).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin\/order\/new$/)
  } finally {
    await api.delete(`/admin/orders/${order.id}`)
    await api.delete(`/admin/users/${order.user.id}`)
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('keyboard: shortcuts and their list, the skip link, the focus after a move and back from dialogs', async ({
  page,
}) => {
  await page.goto('/')
  await expect(heading(page)).toHaveText(vi.dashboard.title)

  // The skip link is the first stop of the Tab key, and leads to the screen's heading.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: shell.skipToContent })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(heading(page)).toBeFocused()

  // g then o: the order list; g then p: the product list; the new screen's heading has the focus.
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(heading(page)).toHaveText(vi.orders.title)
  await expect(heading(page)).toBeFocused()
  await page.keyboard.press('g')
  await page.keyboard.press('p')
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(heading(page)).toBeFocused()

  // Letters typed into a field stay letters.
  const searchBox = page.getByRole('searchbox', { name: vi.products.searchPlaceholder })
  await searchBox.click()
  await page.keyboard.type('gon')
  await expect(searchBox).toHaveValue('gon')
  // The list searched for them (after its pause) and no shortcut went anywhere.
  await expect(page).toHaveURL(/\/admin\/products\?.*name=gon/)
  await heading(page).focus()

  // n: the list's Add button; Ctrl+Enter saves the form, here refused for its empty name.
  await page.keyboard.press('n')
  await expect(page).toHaveURL(/\/admin\/product$/)
  await expect(heading(page)).toBeFocused()
  const name = page.getByRole('textbox', { name: new RegExp(`^${vi.products.fields.name}`) })
  await name.focus()
  await page.keyboard.press('Control+Enter')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/admin\/product$/)

  // ?: the list of shortcuts (from outside the field: typed into it, ? is a character); Esc closes it and the
  // focus is back where it was.
  await page.keyboard.press('?')
  await expect(name).toHaveValue('?')
  await heading(page).focus()
  await page.keyboard.press('?')
  const list = page.getByRole('dialog', { name: shell.shortcuts.title })
  await expect(list).toBeVisible()
  await expect(list.getByRole('row', { name: new RegExp(shell.shortcuts.goOrders) })).toContainText('g')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(heading(page)).toBeFocused()

  // A dialog opened from the account menu gives the focus back to the menu's button.
  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: vi.layout.setting }).click()
  const setting = page.getByRole('dialog', { name: vi.account.title })
  await expect(setting).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(setting).toBeHidden()
  await expect(accountMenu(page)).toBeFocused()
})
