import type { Page } from '@playwright/test'
import { formatVnd, type Order, orderTotals, type Product } from '@store/contract'
import { type Api, expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// Lines added to and changed on an order from its detail screen (CONTRACT 5.1). The test takes its own order
// through the API, so no demo order changes; deleting it at the end (a Pending order never paid) gives its
// stock back, and the customer it made is deleted too.

interface ListAnswer<T> {
  data: T[]
}

/**
 * Two demo products with stock to spare, each the first match of a search by its own name (so Enter on its name
 * picks it) and with a name of its own on the order. Taken from the newest, where the New order test, which takes
 * the oldest, does not look, so the two tests never move the same stock at once.
 */
async function twoProducts(api: Api) {
  const { data } = await api.get<ListAnswer<Product>>('/admin/products?limit=100&sortBy=createdAt:desc')
  const chosen: Product[] = []
  for (const product of data) {
    if (product.quantity <= 10 || product.name.startsWith('E2E')) continue
    // Sold by size, a product with variants asks for one; these tests take products sold as they are.
    if (product.variants.length > 0) continue
    if (chosen.some((other) => other.name.includes(product.name) || product.name.includes(other.name)))
      continue
    const found = await api.get<ListAnswer<Product>>(
      `/admin/products?limit=10&name=${encodeURIComponent(product.name)}`,
    )
    if (found.data[0]?.id === product.id) chosen.push(product)
    if (chosen.length === 2) return chosen as [Product, Product]
  }
  throw new Error('no two products with stock to spare')
}

const stockOf = async (api: Api, product: Product) =>
  (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data.quantity

/** The value of a term of the order summary (a description list: Subtotal, Total…). */
const summary = (page: Page, term: string) =>
  page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`)

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test('adding a product to an order and changing a line from its detail, from the keyboard', async ({
  page,
  api,
}) => {
  test.slow()
  const [first, second] = await twoProducts(api)
  const before = { first: await stockOf(api, first), second: await stockOf(api, second) }
  const { data: order } = await api.post<{ data: Order }>('/admin/orders', {
    customer: { name: unique('E2E Khách dòng'), phoneNumber: await freshPhone(api) },
    address: '5 Hàng Gai, Hoàn Kiếm, Hà Nội',
    lines: [{ productId: first.id, quantity: 1 }],
    source: 'phone',
  })
  try {
    await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
    const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
    await expect(items).toHaveCount(1)

    // Add: the button, the search (focused as the dialog opens), Enter on the product, the quantity, Enter.
    const add = page.getByRole('button', { name: 'Add product' })
    await add.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Add a product to order #${order.id}` })
    await expect(dialog).toBeVisible()
    const search = dialog.getByRole('combobox', { name: /^Product/ })
    await expect(search).toBeFocused()
    await page.keyboard.type(second.name)
    await expect(page.locator('[data-combobox-option][data-combobox-selected]')).toContainText(second.name)
    await expect(page.locator('[data-combobox-option][data-combobox-selected]')).toContainText(
      `${formatVnd(second.price)} · Stock: `,
    )
    await page.keyboard.press('Enter')
    const chosen = dialog.getByRole('group', { name: 'Chosen product' })
    await expect(chosen).toContainText(second.name)
    const quantity = dialog.getByRole('textbox', { name: /^Quantity/ })
    await expect(quantity).toBeFocused()
    await expect(dialog.getByRole('textbox', { name: /^Unit price/ })).toHaveAttribute(
      'placeholder',
      formatVnd(second.price),
    )
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('2')
    await expect(dialog.getByText(`Line total: ${formatVnd(second.price * 2)}`)).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'order-lines-add')
    await page.keyboard.press('Enter')
    await expect(page.getByText(`${second.name} added to the order`)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(items).toHaveCount(2)
    await expect(items.nth(1)).toContainText(`${formatVnd(second.price)} x 2`)

    // Change: the first line's quantity from 1 to 3, its price as it was.
    await page.getByRole('button', { name: `Edit line ${first.name}` }).click()
    const change = page.getByRole('dialog', { name: `Change ${first.name}` })
    const changeQuantity = change.getByRole('textbox', { name: /^Quantity/ })
    await expect(changeQuantity).toBeFocused()
    await expect(changeQuantity).toHaveValue('1')
    await expect(change.getByRole('textbox', { name: /^Unit price/ })).toHaveValue(
      first.price.toLocaleString('en-US'),
    )
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('3')
    await change.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(`Line ${first.name} changed`)).toBeVisible()
    await expect(change).toBeHidden()
    await expect(items.first()).toContainText(`${formatVnd(first.price)} x 3`)

    // The figures are the server's, and the screen shows them as it worked them out.
    const saved = (await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data
    const expected = orderTotals({
      lines: [
        { price: first.price, quantity: 3 },
        { price: second.price, quantity: 2 },
      ],
      discountPercent: saved.discountPercent,
      shipingFee: saved.shipingFee,
    })
    expect(saved).toMatchObject({
      quantity: 5,
      subtotal: expected.subtotal,
      totalPrice: expected.totalPrice,
    })
    await expect(summary(page, 'Quantity')).toHaveText('5')
    await expect(summary(page, 'Subtotal')).toHaveText(formatVnd(saved.subtotal))
    await expect(summary(page, 'Total')).toHaveText(formatVnd(saved.totalPrice))

    // The timeline, newest first: the change, then the line added.
    const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')
    await expect(timeline.nth(0)).toContainText('Line changed')
    await expect(timeline.nth(0)).toContainText(`${first.name}: ${formatVnd(first.price)} x 3`)
    await expect(timeline.nth(0)).toContainText('Quantity: 1 → 3')
    await expect(timeline.nth(1)).toContainText('Line added')
    await expect(timeline.nth(1)).toContainText(`${second.name}: ${formatVnd(second.price)} x 2`)

    // The stock went down by the units the order now holds.
    expect(await stockOf(api, first)).toBe(before.first - 3)
    expect(await stockOf(api, second)).toBe(before.second - 2)
    // This test's toasts have said their piece: axe waits for their timers' bars, and would then catch one half
    // faded out. (Others may come and go meanwhile: orders other tests take show here as they happen.)
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: new RegExp(`${first.name}|${second.name}`) }),
    ).toHaveCount(0)
    await expectAccessible(page)
    await screenshot(page, 'order-lines-wide')

    // On a phone: the lines with their buttons and the dialog fit the screen.
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(page.getByRole('button', { name: `Edit line ${second.name}` })).toBeVisible()
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.getByRole('button', { name: `Edit line ${second.name}` }).click()
    const narrow = page.getByRole('dialog', { name: `Change ${second.name}` })
    await expect(narrow.getByRole('textbox', { name: /^Quantity/ })).toHaveValue('2')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'order-lines-narrow')
    await page.keyboard.press('Escape')
    await expect(narrow).toBeHidden()
  } finally {
    await api.delete(`/admin/orders/${order.id}`)
    await api.delete(`/admin/users/${order.user.id}`)
  }
})

test('a delivered order offers neither adding nor changing lines', async ({ page, api }) => {
  const { data } = await api.get<ListAnswer<Order>>('/admin/orders?status=3&limit=1&sortBy=createdAt:asc')
  const order = data[0]!
  await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add product' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Edit line / })).toHaveCount(0)
})
