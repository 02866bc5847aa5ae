import type { Locator, Page } from '@playwright/test'
import { type Order, orderTotals, type Product } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// An order taken by phone, in Vietnamese, from the keyboard alone: a new customer, the address by the 2025 units
// found by typing without diacritics, two products, a 10 % discount. Each test takes its order's stock and gives
// it back afterwards by deleting the order (a Pending order never paid), and deletes the customer it made.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

interface ListAnswer<T> {
  data: T[]
}

/** An amount as the Vietnamese interface writes it: 1.234.000 ₫. */
const vnd = (amount: number) =>
  `${amount < 0 ? '-' : ''}${String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`

/** A phone number nobody has yet, written as people say it: '09xx xxx xxx'. */
async function spokenFreshPhone(api: Api) {
  const digits = await freshPhone(api)
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
}

/**
 * Two demo products with stock to spare, each the first match of a search by its own name, so Enter on its name
 * adds it.
 */
async function twoProducts(api: Api) {
  const { data } = await api.get<ListAnswer<Product>>('/admin/products?limit=100&sortBy=createdAt:asc')
  const chosen: Product[] = []
  for (const product of data) {
    if (product.quantity <= 5 || product.name.startsWith('E2E')) continue
    // Sold by size, a product with variants asks for one; these tests take products sold as they are.
    if (product.variants.length > 0) continue
    const found = await api.get<ListAnswer<Product>>(
      `/admin/products?limit=10&name=${encodeURIComponent(product.name)}`,
    )
    if (found.data[0]?.id === product.id) chosen.push(product)
    if (chosen.length === 2) return chosen as [Product, Product]
  }
  throw new Error('no two products with stock to spare')
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

/** The amount beside a term of the totals. */
const totalOf = (page: Page, term: string) =>
  page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`)

async function takeOrder(page: Page, api: Api) {
  const [first, second] = await twoProducts(api)
  const phone = await spokenFreshPhone(api)
  const name = unique('E2E Khách mới')
  const t = vi.newOrder

  await page.goto('/admin/order/new')
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${t.title} · `))
  await expectAccessible(page)

  // The customer: the phone typed first, then a new customer with it.
  const search = page.getByRole('combobox', { name: new RegExp(`^${t.customer.search}`) })
  await tabTo(page, search)
  await page.keyboard.type(phone)
  await expect(page.getByText(t.customer.none)).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: t.customer.add }))
  await page.keyboard.press('Enter')
  const nameField = page.getByRole('textbox', { name: new RegExp(`^${t.customer.name}`) })
  await expect(nameField).toBeFocused()
  await expect(page.getByRole('textbox', { name: new RegExp(`^${t.customer.phoneNumber}`) })).toHaveValue(
    phone,
  )
  await page.keyboard.type(name)

  // Where it came from: by phone, already chosen.
  await expect(page.getByRole('combobox', { name: new RegExp(`^${t.details.source}`) })).toHaveValue('phone')

  // The address: Hà Nội typed as 'ha noi', then the ward as 'cau giay'.
  await tabTo(page, page.getByRole('combobox', { name: new RegExp(`^${vi.places.province}`) }))
  await typeAndPick(page, 'ha noi', 'Hà Nội')
  const ward = page.getByRole('combobox', { name: new RegExp(`^${vi.places.ward}`) })
  await expect(ward).toBeEnabled()
  await tabTo(page, ward)
  await typeAndPick(page, 'cau giay', 'Phường Cầu Giấy')
  await tabTo(page, page.getByRole('textbox', { name: new RegExp(`^${vi.places.street}`) }))
  await page.keyboard.type('12 Trần Duy Hưng')

  // Two products, each added with Enter.
  await tabTo(page, page.getByRole('combobox', { name: new RegExp(`^${t.lines.search}`) }))
  await typeAndPick(page, first.name, new RegExp(`^${literal(first.name)}`))
  await typeAndPick(page, second.name, new RegExp(`^${literal(second.name)}`))
  const lines = page.getByRole('list', { name: t.lines.list })
  await expect(lines.getByRole('listitem')).toHaveCount(2)
  // Nothing is wider than the screen: on a phone the lines' fields stack.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true)

  await tabTo(page, page.getByRole('textbox', { name: t.totals.discountPercent }))
  await page.keyboard.type('10')
  const expected = orderTotals({
    lines: [
      { price: first.price, quantity: 1 },
      { price: second.price, quantity: 1 },
    ],
    discountPercent: 10,
    shipingFee: 0,
  })
  await expect(totalOf(page, t.totals.subtotal)).toHaveText(vnd(expected.subtotal))
  await expect(totalOf(page, t.totals.total)).toHaveText(vnd(expected.totalPrice))
  await expectAccessible(page)
  await screenshot(page, `new-order-${page.viewportSize()?.width}`)

  // Enter in a field sends the form.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/order\/(\d+)\/detail\/\1$/)
  const id = /\/admin\/order\/(\d+)\//.exec(page.url())![1]!
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // The order is found on the order list by the customer's phone written with spaces, as the customer says it.
  await page.goto('/admin/orders')
  await page.getByRole('searchbox', { name: 'Mã đơn, số điện thoại hoặc tên' }).fill(phone)
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(phone)
  const rows = page.getByRole('main').getByRole('table').getByRole('row')
  await expect(rows.filter({ has: page.getByRole('link', { name: new RegExp(`#${id} `) }) })).toHaveCount(
    1,
    SLOW,
  )
  await expect(rows).toHaveCount(2)
  const byPhone = await api.get<ListAnswer<Order>>(`/admin/orders?q=${encodeURIComponent(phone)}`)
  expect(byPhone.data.map((order) => order.id)).toEqual([id])
  const [order] = byPhone.data
  expect(order).toMatchObject({
    source: 'phone',
    discountPercent: 10,
    subtotal: expected.subtotal,
    totalPrice: expected.totalPrice,
    user: { name, phoneNumber: phone.replace(/ /g, '') },
    addressParts: { street: '12 Trần Duy Hưng', provinceCode: '01' },
  })
  return order!
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Gives the order's stock back and removes the customer the test made. */
async function cleanUp(api: Api, order: Order | undefined) {
  if (!order) return
  await api.delete(`/admin/orders/${order.id}`)
  await api.delete(`/admin/users/${order.user.id}`)
}

test('a phone order taken from the keyboard alone, in Vietnamese', async ({ page, api }) => {
  test.slow()
  let order: Order | undefined
  try {
    order = await takeOrder(page, api)
  } finally {
    await cleanUp(api, order)
  }
})

test('the same order taken on a phone-sized screen, with no sideways scrolling', async ({ page, api }) => {
  test.slow()
  await page.setViewportSize({ width: 375, height: 812 })
  let order: Order | undefined
  try {
    order = await takeOrder(page, api)
  } finally {
    await cleanUp(api, order)
  }
})

test('the customer note grows with its text, from two lines, and shrinks back', async ({ page }) => {
  await page.goto('/admin/order/new')
  const note = page.getByRole('textbox', { name: vi.newOrder.details.customerNote })
  await expect(note).toBeVisible()
  const lineHeight = await note.evaluate((box) => Number.parseFloat(getComputedStyle(box).lineHeight))
  const empty = (await note.boundingBox())!.height
  // Two lines, and the field's padding and border: no more than a third line.
  expect(empty).toBeGreaterThanOrEqual(2 * lineHeight)
  expect(empty).toBeLessThan(3 * lineHeight)
  await note.fill(
    ['Gọi trước khi giao', 'Giao giờ hành chính', 'Để ở bảo vệ', 'Không giao Chủ nhật', 'Cảm ơn'].join('\n'),
  )
  const five = (await note.boundingBox())!.height
  expect(five - empty).toBeCloseTo(3 * lineHeight, 0)
  // All five lines show, none hidden behind a scroll.
  expect(await note.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(1)
  await note.fill('')
  expect((await note.boundingBox())!.height).toBeCloseTo(empty, 0)
})
