import type { Locator, Page } from '@playwright/test'
import type { Order, Product, User } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { type Api, expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// A product's stock on its edit screen, in Vietnamese: a delivery received by hand, an order taking units, and a
// take larger than the stock refused beside its field. The test makes its own product, order and customer, and
// deletes them afterwards (a Pending order never paid may be deleted, which gives its units back).

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

const t = vi.products.stock

interface ListAnswer<T> {
  data: T[]
}

/** A product of the test's own, with a demo product's category, brand and pictures. */
async function arrangeProduct(api: Api, quantity: number) {
  const demo = (await api.get<ListAnswer<Product>>('/admin/products?limit=50')).data.filter(
    (p) => !p.name.startsWith('E2E'),
  )
  const { data } = await api.post<{ data: Product }>('/admin/products', {
    name: unique('E2E Tồn kho'),
    price: 150000,
    description: 'Made by an end-to-end test',
    quantity,
    category: demo[0]!.category.id,
    brand: demo[0]!.brand.id,
    images: demo[0]!.images.slice(0, 1),
    size: [],
  })
  return data
}

/** The body rows of the movements table, newest first (the header row has no cells). */
const movementRows = (table: Locator) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell') })

/** The text of each cell of a row: No., date, change, stock after, reason, order, by, note. */
const cellsOf = (row: Locator) => row.getByRole('cell').allInnerTexts()

/** Nothing is wider than the screen: the page never scrolls sideways. */
const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test('stock on the edit screen: received by hand, taken by an order, a take too large refused', async ({
  page,
  api,
}) => {
  test.slow()
  const product = await arrangeProduct(api, 10)
  const me = (await api.get<{ data: User }>('/admin/auth/me')).data
  let order: Order | undefined
  try {
    await page.goto(`/admin/product/edit/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: vi.products.edit })).toBeVisible()
    const quantity = page.getByRole('textbox', { name: vi.products.fields.quantity, exact: true })
    await expect(quantity).toHaveValue('10')
    await expect(page.getByRole('heading', { level: 2, name: t.title })).toBeVisible()
    const table = page.getByRole('table', { name: `Biến động tồn kho của ${product.name}` })
    // The product's first stock is its first movement, set by the form that made it.
    await expect(movementRows(table)).toHaveCount(1)
    expect((await cellsOf(movementRows(table).first())).slice(2, 5)).toEqual([
      '+10',
      '10',
      vi.enums.stockReason.edited,
    ])

    // Received, from the keyboard: the button, the reason already chosen, the change, Enter.
    const adjustButton = page.getByRole('button', { name: t.adjust, exact: true })
    await adjustButton.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: t.adjust })
    await expect(dialog).toBeVisible()
    const reason = dialog.getByRole('combobox', { name: t.fields.reason })
    await expect(reason).toBeFocused()
    await expect(reason).toHaveValue('received')
    await page.keyboard.press('Tab')
    const change = dialog.getByRole('textbox', { name: t.fields.delta })
    await expect(change).toBeFocused()
    await page.keyboard.type('5')
    await expectAccessible(page)
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Đã điều chỉnh tồn kho: còn 15')).toBeVisible()
    await expect(quantity).toHaveValue('15')
    await expect(page.getByText('Tồn kho hiện tại: 15')).toBeVisible()
    await expect(movementRows(table)).toHaveCount(2)
    expect((await cellsOf(movementRows(table).first())).slice(2, 7)).toEqual([
      '+5',
      '15',
      vi.enums.stockReason.received,
      '—',
      me.name,
    ])
    // The focus is back where the dialog was opened from.
    await expect(adjustButton).toBeFocused()

    // An order of two units, taken through the API, shows after a reload with a link to it.
    const { data } = await api.post<{ data: Order }>('/admin/orders', {
      customer: { name: unique('E2E Khách tồn kho'), phoneNumber: await freshPhone(api) },
      address: '12 Trần Duy Hưng, Cầu Giấy, Hà Nội',
      lines: [{ productId: product.id, quantity: 2 }],
      source: 'phone',
    })
    order = data
    await page.reload()
    await expect(quantity).toHaveValue('13')
    await expect(movementRows(table)).toHaveCount(3)
    const newest = movementRows(table).first()
    expect((await cellsOf(newest)).slice(2, 6)).toEqual([
      '−2',
      '13',
      vi.enums.stockReason.order,
      `#${order.id}`,
    ])
    await expect(newest.getByRole('link', { name: `Mở đơn hàng #${order.id}` })).toHaveAttribute(
      'href',
      `/admin/order/${order.id}/detail/${order.id}`,
    )

    // More damaged units than there are: refused beside the change, the dialog kept open with the number.
    await adjustButton.click()
    await expect(dialog).toBeVisible()
    await reason.selectOption('damaged')
    await expect(change).toHaveAccessibleDescription(t.hints.damaged)
    await change.fill('50')
    await dialog.getByRole('button', { name: t.submit, exact: true }).click()
    const left = vi.messages.stockLeft.replace('{{left}}', '13')
    await expect(dialog.getByText(left)).toBeVisible()
    await expect(change).toHaveAttribute('aria-invalid', 'true')
    await expect(change).toHaveAccessibleDescription(new RegExp(left))
    await expect(change).toHaveValue('50')
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(quantity).toHaveValue('13')
    await expect(movementRows(table)).toHaveCount(3)
    await expectAccessible(page)
    await screenshot(page, 'product-stock-wide')

    // On a phone the rows are cards and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(movementRows(table)).toHaveCount(3)
    expect(await fitsSideways(page)).toBe(true)
    await adjustButton.click()
    await expect(dialog).toBeVisible()
    // A dialog opened again starts empty, whatever was refused before.
    await expect(change).toHaveValue('')
    await expect(change).not.toHaveAttribute('aria-invalid', 'true')
    expect(await fitsSideways(page)).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'product-stock-narrow')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // The adjustment left nothing unsaved on the form: the order's link leaves without asking.
    await newest.getByRole('link', { name: `Mở đơn hàng #${order.id}` }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}/detail/${order.id}$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // Counted, then the form saved: the count raised the product's version, and the form saves from the new one,
    // so the save is neither refused as someone else's change nor sets the stock back.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`/admin/product/edit/${product.id}`)
    await expect(quantity).toHaveValue('13')
    await adjustButton.click()
    await reason.selectOption('count')
    await dialog.getByRole('textbox', { name: t.fields.quantity }).fill('12')
    await dialog.getByRole('button', { name: t.submit, exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(quantity).toHaveValue('12')
    const price = page.getByRole('textbox', { name: vi.products.fields.price, exact: true })
    await price.fill('456000')
    await page.getByRole('button', { name: vi.common.save, exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const saved = (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data
    expect(saved).toMatchObject({ quantity: 12, price: 456_000 })
  } finally {
    if (order) {
      await api.delete(`/admin/orders/${order.id}`)
      await api.delete(`/admin/users/${order.user.id}`)
    }
    await api.delete(`/admin/products/${product.id}`)
  }
})
