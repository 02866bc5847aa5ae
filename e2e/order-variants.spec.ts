import type { Locator, Page } from '@playwright/test'
import type { Order, Product } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { type Api, expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// An order of one variant of a product (CONTRACT 5.4), taken on the New order screen in Vietnamese from the
// keyboard alone: the product picked, then its size M chosen in the select that follows, the size L out of stock
// listed but not choosable. The test makes its own product with two variants, and deletes the order (a Pending
// order never paid, which gives the unit back), the customer and the product afterwards.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

interface ListAnswer<T> {
  data: T[]
}

const t = vi.newOrder
const variantText = vi.orders.variant

/** A product of the test's own with a demo product's category, brand and picture: M at 210,000 ₫, L none left. */
async function arrangeProduct(api: Api) {
  const demo = (await api.get<ListAnswer<Product>>('/admin/products?limit=50')).data.filter(
    (p) => !p.name.startsWith('E2E'),
  )
  // SKUs are unique in the shop: one of the run's own, in capitals as shops write them.
  const sku = `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const { data } = await api.post<{ data: Product }>('/admin/products', {
    name: unique('E2E Áo biến thể'),
    price: 199000,
    description: 'Made by an end-to-end test',
    quantity: 0,
    category: demo[0]!.category.id,
    brand: demo[0]!.brand.id,
    images: demo[0]!.images.slice(0, 1),
    size: [],
    variants: [
      { sku: `${sku}-M`, size: 'M', color: 'Đen', quantity: 5, price: 210000 },
      { sku: `${sku}-L`, size: 'L', color: 'Đen', quantity: 0 },
    ],
  })
  return data
}

/** Presses Tab until `target` has the focus: the tab order reaches it, and nothing else moves the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`the tab order never reached ${target}`)
}

/** Types into the focused search box and presses Enter once `option` is the highlighted choice. */
async function typeAndPick(page: Page, text: string, option: string | RegExp) {
  await page.keyboard.type(text)
  await expect(page.locator('[data-combobox-option][data-combobox-selected]')).toHaveText(option)
  await page.keyboard.press('Enter')
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

async function takeOrder(page: Page, api: Api, product: Product) {
  const [m, l] = product.variants
  const phone = await freshPhone(api)
  const name = unique('E2E Khách biến thể')

  await page.goto('/admin/order/new')
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible()

  // A new customer, by the phone typed first.
  await tabTo(page, page.getByRole('combobox', { name: new RegExp(`^${t.customer.search}`) }))
  await page.keyboard.type(phone)
  await expect(page.getByText(t.customer.none)).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: t.customer.add }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: new RegExp(`^${t.customer.name}`) })).toBeFocused()
  await page.keyboard.type(name)

  // The address by the 2025 units.
  await tabTo(page, page.getByRole('combobox', { name: new RegExp(`^${vi.places.province}`) }))
  await typeAndPick(page, 'ha noi', 'Hà Nội')
  const ward = page.getByRole('combobox', { name: new RegExp(`^${vi.places.ward}`) })
  await expect(ward).toBeEnabled()
  await tabTo(page, ward)
  await typeAndPick(page, 'cau giay', 'Phường Cầu Giấy')
  await tabTo(page, page.getByRole('textbox', { name: new RegExp(`^${vi.places.street}`) }))
  await page.keyboard.type('5 Xuân Thủy')

  // The product: it says it has two variants, and picking it asks which one before adding a line.
  const search = page.getByRole('combobox', { name: new RegExp(`^${t.lines.search}`) })
  await tabTo(page, search)
  await typeAndPick(
    page,
    product.name,
    new RegExp(`^${literal(product.name)}.*${fill(variantText.count_other, { count: '2' })}`),
  )
  const chooser = page.getByRole('combobox', { name: fill(variantText.chooser, { name: product.name }) })
  await expect(chooser).toBeFocused()
  const lines = page.getByRole('list', { name: t.lines.list })
  await expect(lines).toBeHidden()
  await expect(
    chooser.getByRole('option', { name: new RegExp(`^${literal(l!.sku)} — L / Đen · Hết hàng`) }),
  ).toBeDisabled()
  await expect(
    chooser.getByRole('option', { name: `${m!.sku} — M / Đen · 210.000 ₫ · Tồn kho: 5` }),
  ).toBeEnabled()
  await expectAccessible(page)
  expect(await noSidewaysScroll(page)).toBe(true)
  await screenshot(page, `order-variants-choose-${page.viewportSize()?.width}`)

  // Down to M; further down is L, out of stock, which the keyboard cannot reach.
  await page.keyboard.press('ArrowDown')
  await expect(chooser).toHaveValue(m!.id)
  await page.keyboard.press('ArrowDown')
  await expect(chooser).toHaveValue(m!.id)
  await page.keyboard.press('Enter')

  // The line of M, at its price, with its stock; the keyboard is back in the search for the next product.
  await expect(search).toBeFocused()
  await expect(lines.getByRole('listitem')).toHaveCount(1)
  const line = lines.getByRole('listitem')
  await expect(line.getByText(`${m!.sku} · M / Đen`)).toBeVisible()
  await expect(line.getByText('Tồn kho: 5', { exact: true })).toBeVisible()
  const lineName = fill(variantText.lineName, { name: product.name, sku: m!.sku })
  await expect(page.getByRole('textbox', { name: fill(t.lines.priceOf, { name: lineName }) })).toHaveValue(
    '210.000',
  )
  await expect(
    page.getByRole('combobox', { name: fill(variantText.labelOf, { name: product.name }) }),
  ).toHaveValue(m!.id)
  expect(await noSidewaysScroll(page)).toBe(true)
  await expectAccessible(page)
  await screenshot(page, `order-variants-${page.viewportSize()?.width}`)

  // Enter in a field sends the form.
  await tabTo(page, page.getByRole('textbox', { name: t.totals.discountPercent }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/order\/(\d+)\/detail\/\1$/)
  const id = /\/admin\/order\/(\d+)\//.exec(page.url())![1]!
  const order = (await api.get<{ data: Order }>(`/admin/orders/${id}`)).data
  expect(order.user.name).toBe(name)
  return order
}

/** The detail shows the variant bought and its price, and the variant gave up the unit. */
async function checkDetail(page: Page, api: Api, product: Product) {
  const [m, l] = product.variants
  const lines = page.getByRole('list', { name: vi.orders.detail.lines, exact: true })
  await expect(lines.getByRole('listitem')).toHaveCount(1)
  await expect(lines.getByText(`${m!.sku} · M / Đen`, { exact: true })).toBeVisible()
  await expect(lines.getByText('210.000 ₫ x 1', { exact: true })).toBeVisible()
  // The timeline names it too, under the line the order was placed with.
  const timeline = page.getByRole('list', { name: vi.orders.timeline.title })
  await expect(timeline.getByText(`${m!.sku} · M / Đen`, { exact: true })).toBeVisible()
  expect(await noSidewaysScroll(page)).toBe(true)
  const after = (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data
  expect(after.variants.map((v) => [v.sku, v.quantity])).toEqual([
    [m!.sku, 4],
    [l!.sku, 0],
  ])
  expect(after.quantity).toBe(4)
}

async function cleanUp(api: Api, product: Product, order: Order | undefined) {
  try {
    if (order) {
      await api.delete(`/admin/orders/${order.id}`)
      await api.delete(`/admin/users/${order.user.id}`)
    }
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
}

for (const width of [1280, 375]) {
  test(`an order of a product's size M from the keyboard, in Vietnamese, ${width} px wide`, async ({
    page,
    api,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 812 })
    const product = await arrangeProduct(api)
    let order: Order | undefined
    try {
      order = await takeOrder(page, api, product)
      await checkDetail(page, api, product)
    } finally {
      await cleanUp(api, product, order)
    }
  })
}
