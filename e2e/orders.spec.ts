import type { Page } from '@playwright/test'
import {
  formatVnd,
  isOrderDeletable,
  type Order,
  type OrderLine,
  type OrderSource,
  paymentKind,
} from '@store/contract'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

/*
 * Orders cannot be created through the API (they come from the store), so these tests work on demo orders
 * deep in the list (the oldest ones), each test on orders no other test of this file touches, and never on the
 * newest orders other screens (the dashboard's Recent Purchases) show.
 */

interface ListAnswer<T> {
  data: T[]
  meta: { page: number; limit: number; totalPages: number; totalResults: number }
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' })
const dataRows = (page: Page) =>
  ordersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Order number, phone number or name' })
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
/** The row of an order, found by its edit action's name, which carries the order's id. */
const orderRow = (page: Page, order: Pick<Order, 'id'>) =>
  dataRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^Edit order #${order.id} of `) }) })

/** The ids of the orders the table shows, top to bottom, read from their edit actions' names. */
const rowIds = (page: Page) =>
  dataRows(page).evaluateAll((trs) =>
    trs.map(
      (tr) =>
        /#(\d+) /.exec(
          tr.querySelector('a[aria-label^="Edit order #"]')?.getAttribute('aria-label') ?? '',
        )?.[1] ?? '',
    ),
  )

const ordersPage = (api: Api, page: number) => api.get<ListAnswer<Order>>(`/admin/orders?page=${page}`)
const lastPage = async (api: Api) => (await ordersPage(api, 1)).meta.totalPages
const linesOf = async (api: Api, id: string) =>
  (await api.get<{ data: OrderLine[] }>(`/admin/orders/${id}/detail/${id}`)).data

/** A name as the search compares it: no case, no Vietnamese diacritics ('Lê' finds 'Le'). */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()

/** True when the table shows orders and each one's customer matches the searched name. */
async function customersShown(page: Page, name: string) {
  // Read in one go in the page: row by row, a row read after the list re-rendered shorter would wait forever.
  const rows = await dataRows(page).evaluateAll((trs) =>
    trs.map((tr) => ({
      name: (tr.querySelectorAll('td')[1] as HTMLElement | undefined)?.innerText ?? '',
      editable: tr.querySelector('a[aria-label^="Edit order #"]') !== null,
    })),
  )
  return rows.length > 0 && rows.every((row) => row.editable && plain(row.name).includes(plain(name)))
}

/** Each source as the English interface names it. */
const sourceNames: Record<OrderSource, string> = {
  phone: 'Phone',
  zalo: 'Zalo',
  facebook: 'Facebook',
  shop: 'In the shop',
  web: 'Website',
  marketplace: 'Marketplace',
  other: 'Other',
}

/** The value of a term of the order summary (a description list: Subtotal, Total…). */
const summary = (page: Page, term: string) =>
  page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`)

/** The placed-on date as the store's staff read it: YYYY-MM-DD in Ho Chi Minh City. */
const storeDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short' }).format(new Date(iso))
/** The order's status select ('Payment status' is another field). */
const statusSelect = (page: Page) => page.getByRole('combobox', { name: /^Status/ })
/** The edit form's address written before the 2025 units: the picker's free text. */
const addressText = (page: Page) => page.getByRole('textbox', { name: /^Address/ })
/** An order whose address is text only, written before the 2025 units: the edit form opens it as free text. */
const byText = (order: Order) => order.addressParts === null
/** The oldest open orders (Pending or Processing): only these still change (CONTRACT 4.5). */
const oldestOpen = async (api: Api, status: '1' | '2' | '1,2') =>
  (await api.get<ListAnswer<Order>>(`/admin/orders?status=${status}&sortBy=createdAt:asc&limit=100`)).data

test('the order list shows numbered rows with VND amounts and status badges, and a New order button', async ({
  page,
  api,
}) => {
  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page).toHaveTitle(/^Orders · /)
  await expect(page.getByLabel('Breadcrumb').getByText('Orders')).toBeVisible()
  // The order's number carries the day it was placed, its status where the money stands (CONTRACT 5.8).
  for (const header of ['No.', 'Customer', 'Order', 'Address', 'Amount', 'Quantity', 'Status', 'Actions']) {
    await expect(ordersTable(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(dataRows(page)).toHaveCount(10)
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
  await expect(dataRows(page).nth(9).getByRole('cell').first()).toHaveText('10')
  await expect(
    dataRows(page)
      .first()
      .getByText(/^[\d,]+ VND$/),
  ).toBeVisible()
  await expect(
    ordersTable(page)
      .getByText(/^(Cancelled|Pending|Processing|Delivered)$/)
      .first(),
  ).toBeVisible()
  const first = dataRows(page).first()
  await expect(first.getByRole('link', { name: /^View order #/ })).toBeVisible()
  await expect(first.getByRole('link', { name: /^Edit order #/ })).toBeVisible()
  // Other tests take orders of their own (New order, order lines), which top the list while they last: the page
  // is compared with the API's first page once both show the same orders, loaded again when they do not.
  let shown: Order[] = []
  await expect(async () => {
    shown = (await ordersPage(api, 1)).data
    if ((await rowIds(page)).join() !== shown.map((o) => o.id).join()) {
      await page.reload()
      await expect(dataRows(page)).toHaveCount(10)
    }
    expect(await rowIds(page)).toEqual(shown.map((o) => o.id))
  }).toPass({ timeout: 30_000 })
  // Only an order never paid, still Pending or Cancelled, offers its delete (CONTRACT 5.2).
  await expect(ordersTable(page).getByRole('button', { name: /^Delete order #/ })).toHaveCount(
    shown.filter(isOrderDeletable).length,
  )
  for (const order of shown.filter((o) => !isOrderDeletable(o))) {
    await expect(orderRow(page, order).getByRole('button', { name: /^Delete order #/ })).toHaveCount(0)
  }
  // Under each customer's name: their phone, when they gave one, and where the order came from.
  for (const [index, order] of shown.entries()) {
    const customer = dataRows(page).nth(index).getByRole('cell').nth(1)
    if (order.user.phoneNumber) await expect(customer).toContainText(order.user.phoneNumber)
    await expect(customer).toContainText(`Source: ${sourceNames[order.source]}`)
  }
  // Orders taken by phone or at the counter start here (CONTRACT 5.1; the spec's list had no add button).
  await expect(page.getByRole('link', { name: 'New order', exact: true })).toHaveAttribute(
    'href',
    '/admin/order/new',
  )
  await expectAccessible(page)
  await screenshot(page, 'orders-list-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(dataRows(page).first()).toBeVisible()
  await screenshot(page, 'orders-list-narrow')
})

test("the order list searches the customer's name from the box and from an old link's name=", async ({
  page,
  api,
}) => {
  const name = (await ordersPage(api, 5)).data[0]!.user.name
  await page.goto('/admin/orders?page=3')
  await expect(dataRows(page)).toHaveCount(10)
  await searchBox(page).fill(name)
  await expect.poll(() => query(page)).toEqual({ page: '1', q: name })
  await expect.poll(() => customersShown(page, name)).toBe(true)

  // A link made when the box filled name= still finds the same orders.
  await page.goto(`/admin/orders?name=${encodeURIComponent(name)}&page=1`)
  await expect(searchBox(page)).toHaveValue(name)
  await expect.poll(() => customersShown(page, name)).toBe(true)
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect.poll(() => query(page)).toEqual({ page: '1' })
  await expect(dataRows(page)).toHaveCount(10)
})

test("the order list finds a customer's orders by their phone written with spaces", async ({ page, api }) => {
  // A customer with a phone, from an order deep in the list, and their newest order: the list's first row.
  const customer = (await ordersPage(api, 4)).data.find((o) => o.user.phoneNumber)!.user
  const phone = customer.phoneNumber!
  const newest = (await api.get<ListAnswer<Order>>(`/admin/orders?userId=${customer.id}&limit=1`)).data[0]!
  const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`
  expect(spaced).toMatch(/^\d{4} \d{3} \d+$/)

  await page.goto('/admin/orders')
  await expect(dataRows(page)).toHaveCount(10)
  await searchBox(page).fill(spaced)
  await expect.poll(() => query(page)).toEqual({ page: '1', q: spaced })
  await expect(orderRow(page, newest)).toHaveCount(1)
  await expect(orderRow(page, newest)).toContainText(phone)
  // Every order found is one of that customer's: their phone under each row's name.
  const found = await dataRows(page).count()
  for (let i = 0; i < found; i++) {
    await expect(dataRows(page).nth(i).getByRole('cell').nth(1)).toContainText(phone)
  }
  const all = (await api.get<ListAnswer<Order>>(`/admin/orders?userId=${customer.id}`)).meta.totalResults
  expect(found).toBe(Math.min(10, all))
})

test('the order list pages through the pager and the address, with back and forward', async ({ page }) => {
  await page.goto('/admin/orders')
  await expect(dataRows(page)).toHaveCount(10)
  await pager(page).getByRole('button', { name: 'Page 2' }).click()
  await expect.poll(() => query(page)).toEqual({ page: '2' })
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
  await expect(pager(page).getByRole('button', { name: 'Page 2' })).toBeDisabled()
  await pager(page).getByRole('button', { name: 'Next' }).click()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('21')
  await page.goBack()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
  await page.goBack()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled()
  await page.goForward()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
})

test('editing an order saves its status and address and the list shows the new badge', async ({
  page,
  api,
}) => {
  // The oldest Pending order with a text address: moving it to Processing leaves every sales total as it was.
  const order = (await oldestOpen(api, '1')).find(byText)
  const address = unique('E2E 12 Lê Lợi, Quận 1')

  await page.goto('/admin/orders?status=1&sortBy=createdAt:asc')
  await orderRow(page, order!)
    .getByRole('link', { name: /^Edit order #/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/order/edit/${order!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit order' })).toBeVisible()
  await expect(page).toHaveTitle(/^Edit order · /)
  await expect(addressText(page)).toHaveValue(order!.address)
  await expect(page.getByRole('switch', { name: 'Other address (free text)' })).toBeChecked()
  await expect(page.getByLabel('Amount')).toHaveValue(order!.amount.toLocaleString('en-US'))
  await expect(page.getByLabel('Quantity')).toHaveValue(String(order!.quantity))
  await expect(statusSelect(page)).toHaveValue('1')
  await expect(page.getByRole('combobox', { name: 'Payment status' })).toHaveValue(order!.paymentStatus)
  await expectAccessible(page)
  await screenshot(page, 'order-edit-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'order-edit-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })

  await statusSelect(page).selectOption({ label: 'Processing' })
  await addressText(page).fill(address)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/)

  await page.goto(`/admin/orders?q=${encodeURIComponent(order!.user.name)}`)
  const row = orderRow(page, order!)
  await expect(row.getByText('Processing', { exact: true })).toBeVisible()
  await expect(row.getByText(address)).toBeVisible()
  const saved = (await api.get<{ data: Order }>(`/admin/orders/${order!.id}`)).data
  expect(saved).toMatchObject({
    status: 2,
    address,
    addressParts: null,
    amount: order!.amount,
    quantity: order!.quantity,
  })
  // Sent unchanged, amount and quantity still follow the lines.
  expect(saved).toMatchObject({ amountByHand: false, quantityByHand: false })
})

test('the edit form refuses an empty address and amounts that are not whole numbers', async ({
  page,
  api,
}) => {
  // An open order: a delivered or cancelled one has its amount and quantity disabled.
  const order = (await oldestOpen(api, '2')).find(byText)!
  await page.goto(`/admin/order/edit/${order.id}`)
  await expect(addressText(page)).toHaveValue(order.address)

  await addressText(page).fill('')
  await page.getByLabel('Amount').fill('abc')
  await page.getByLabel('Quantity').fill('-1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  await expect(page.getByText('This field must be a number')).toBeVisible()
  await expect(page.getByText('Must be a whole number of 0 or more')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/order/edit/${order.id}$`))

  await page.getByLabel('Amount').fill('-1')
  await expect(page.getByText('This field must be a number')).toHaveCount(0)
  await expect(page.getByText('Must be a whole number of 0 or more')).toHaveCount(2)
  // Cancel leaves a form with changes, so it asks first; leaving drops them.
  await page.getByRole('link', { name: 'Cancel' }).click()
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
  const kept = (await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data
  expect(kept).toMatchObject({ address: order.address, amount: order.amount, quantity: order.quantity })
})

test('an order that does not exist sends the edit and detail screens back to the list', async ({ page }) => {
  await page.goto('/admin/order/edit/99999999')
  // The toast first: it shows when the call fails, the list's address once the list's code has loaded.
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/, SLOW)
  await page.goto('/admin/order/99999999/detail/99999999')
  await expect(page).toHaveURL(/\/admin\/orders$/)
})

test('the order detail shows the date, lines, summary and payment method', async ({ page, api }) => {
  const listPage = (await lastPage(api)) - 2
  const order = (await ordersPage(api, listPage)).data[0]!
  const lines = await linesOf(api, order.id)

  await page.goto(`/admin/orders?page=${listPage}`)
  await orderRow(page, order)
    .getByRole('link', { name: /^View order #/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}/detail/${order.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible()
  await expect(page).toHaveTitle(/^Order details · /)
  const crumbs = page.getByLabel('Breadcrumb')
  await expect(crumbs.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders')
  await expect(crumbs.getByText('Order details')).toBeVisible()

  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible()
  // Placed on is the day the order was made; an edit moves only 'Last changed' (CONTRACT section 3).
  const placed = page.getByText(/^Placed on: \d{4}-\d{2}-\d{2}$/)
  await expect(placed).toHaveText(`Placed on: ${storeDate(order.createdAt)}`)
  await expect(page.getByText(/^Last changed: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toContainText(
    storeDate(order.updatedAt),
  )
  await expect(statusSelect(page)).toBeDisabled()
  await expect(statusSelect(page)).toHaveValue(String(order.status))
  if (order.user.phoneNumber) {
    await expect(page.getByRole('link', { name: order.user.phoneNumber })).toHaveAttribute(
      'href',
      `tel:${order.user.phoneNumber}`,
    )
  }
  await expect(page.getByText(/^Source: /)).toHaveText(`Source: ${sourceNames[order.source]}`)

  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  await expect(items).toHaveCount(lines.length)
  for (const [index, line] of lines.entries()) {
    const item = items.nth(index)
    await expect(item.getByText(line.product.name)).toBeVisible()
    await expect(item.getByText(`${formatVnd(line.price)} x ${line.quantity}`)).toBeVisible()
    if (line.size) await expect(item.getByText(`Size: ${line.size}`)).toBeVisible()
  }
  await expect(page.getByText(/VND x \d+/).first()).toBeVisible()
  await expect(page.getByText('Product properties: Black, L')).toHaveCount(0)

  await expect(page.getByLabel('Shipping address')).toHaveValue(order.address)
  await expect(page.getByLabel('Shipping address')).toHaveAttribute('readonly')
  await expect(page.getByLabel('Customer note')).toHaveValue(order.customerNote)
  await expect(page.getByLabel('Customer note')).toHaveAttribute('readonly')

  await expect(summary(page, 'Subtotal')).toHaveText(formatVnd(order.subtotal))
  await expect(summary(page, 'Shipping fee')).toHaveText(formatVnd(order.shipingFee))
  await expect(summary(page, 'Discount')).toHaveText(`${order.discountPercent}%`)
  await expect(summary(page, 'Total')).toHaveText(formatVnd(order.totalPrice))
  // A paid or refunded order has nothing left to collect; any other shows its amount.
  await expect(summary(page, 'To collect')).toContainText(
    order.paymentStatus === 'paid'
      ? 'Nothing — paid'
      : order.paymentStatus === 'refunded'
        ? 'Nothing — refunded'
        : formatVnd(order.amount),
  )

  const methods = page.getByRole('list', { name: 'Payment method' }).getByRole('listitem')
  await expect(methods).toHaveCount(3)
  const kind = paymentKind(order.methodPayment)
  const names = { cash: 'Cash on delivery', wallet: 'VNPay wallet', paypal: 'PayPal' } as const
  const paymentNames = {
    unpaid: 'Unpaid',
    pending: 'Awaiting payment',
    paid: 'Paid',
    failed: 'Payment failed',
    refunded: 'Refunded',
  } as const
  await expect(page.getByText('Payment status:').locator('..')).toContainText(
    paymentNames[order.paymentStatus],
  )
  if (kind === 'unpaid') {
    await expect(methods.and(page.locator('[aria-current="true"]'))).toHaveCount(0)
    if (order.paymentStatus === 'unpaid')
      await expect(page.getByText('The customer has not paid for this order')).toBeVisible()
  } else {
    await expect(methods.and(page.locator('[aria-current="true"]'))).toHaveText(names[kind])
    // The line says the method with where the money stands: a cash order not yet paid is not 'Paid with'.
    if (order.paymentStatus === 'paid') await expect(page.getByText(`Paid with ${names[kind]}`)).toBeVisible()
    else await expect(page.getByText(/^Paid with/)).toHaveCount(0)
  }
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText(
    'Order placed',
  )

  await expectAccessible(page)
  await screenshot(page, 'order-detail-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible()
  await screenshot(page, 'order-detail-narrow')
})

test("moving an order's status from its detail screen: only the moves allowed, Cancelled asked first", async ({
  page,
  api,
}) => {
  // A Pending order the other tests leave alone (they take the oldest two and the middle of the list): moved to
  // Processing, it leaves every sales total as it was.
  const order = (await oldestOpen(api, '1'))[4]!
  await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
  const moves = page.getByRole('group', { name: 'Move the order on' })
  await expect(statusSelect(page)).toHaveValue('1')
  await expect(moves.getByRole('button')).toHaveText([
    'Move to Processing',
    'Move to Delivered',
    'Cancel order',
  ])

  // Cancelling asks first; No leaves the order as it was.
  await moves.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toContainText(`Order #${order.id} — Cancel this order?`)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
  expect((await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data.status).toBe(1)

  await moves.getByRole('button', { name: 'Move to Processing' }).click()
  await expect(page.getByText(`Order #${order.id} is now Processing`)).toBeVisible()
  await expect(statusSelect(page)).toHaveValue('2')
  await expect(moves.getByRole('button')).toHaveText(['Move to Delivered', 'Cancel order'])
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toContainText(
    'Status: Pending → Processing',
  )
  const saved = (await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data
  expect(saved).toMatchObject({
    status: 2,
    address: order.address,
    amount: order.amount,
    version: order.version + 1,
  })
  await screenshot(page, 'order-detail-moves-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(moves.getByRole('button', { name: 'Move to Delivered' })).toBeVisible()
  await screenshot(page, 'order-detail-moves-narrow')
})

test('deleting order lines asks first, updates the figures and refuses the last line', async ({
  page,
  api,
}) => {
  // An old Processing order with exactly two lines (a delivered or cancelled one keeps its lines), not the one
  // the edit tests above use.
  let order: Order | undefined
  let lines: OrderLine[] = []
  for (const candidate of (await oldestOpen(api, '2')).slice(1)) {
    lines = await linesOf(api, candidate.id)
    if (lines.length === 2) {
      order = candidate
      break
    }
  }
  expect(order, 'an open demo order with two lines').toBeDefined()
  const [kept, removed] = lines as [OrderLine, OrderLine]

  await page.goto(`/admin/order/${order!.id}/detail/${order!.id}`)
  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  const total = summary(page, 'Total')
  const quantity = summary(page, 'Quantity')
  await expect(items).toHaveCount(2)
  await expect(total).toHaveText(formatVnd(order!.totalPrice))
  await expect(quantity).toHaveText(String(order!.quantity))

  const deleteRemoved = page.getByRole('button', { name: `Delete line ${removed.product.name}` })
  await deleteRemoved.click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
  await expect(items).toHaveCount(2)

  await deleteRemoved.click()
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(page.getByText('Order line deleted')).toBeVisible()
  await expect(items).toHaveCount(1)
  await expect(items.first().getByText(kept.product.name)).toBeVisible()
  const after = (await api.get<{ data: Order }>(`/admin/orders/${order!.id}`)).data
  expect(after.quantity).toBe(order!.quantity - removed.quantity)
  expect(after.totalPrice).toBeLessThan(order!.totalPrice)
  await expect(quantity).toHaveText(String(after.quantity))
  await expect(total).toHaveText(formatVnd(after.totalPrice))

  await page.getByRole('button', { name: `Delete line ${kept.product.name}` }).click()
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'An order needs at least one line; cancel or delete the order instead' }),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(items).toHaveCount(1)
})

test('deleting an order from the list asks first and keeps it on No', async ({ page, api }) => {
  // Only a Pending or Cancelled order never paid may go (CONTRACT 5.2): the oldest such cancelled order, or,
  // when every cancelled one was paid, the oldest with its payment marked failed.
  const cancelled = '/admin/orders?status=0&sortBy=createdAt:asc'
  const candidates = (await api.get<ListAnswer<Order>>(`${cancelled}&limit=100`)).data
  let order = candidates.find(isOrderDeletable) ?? candidates[0]!
  if (!isOrderDeletable(order)) {
    const { id, version, address, amount, quantity, status, customerNote, methodPayment } = order
    const body = {
      address,
      amount,
      quantity,
      status,
      customerNote,
      methodPayment,
      paymentStatus: 'failed',
      version,
    }
    order = (await api.put<{ data: Order }>(`/admin/orders/${id}`, body)).data
  }
  expect(isOrderDeletable(order)).toBe(true)
  await page.goto(`${cancelled}&limit=100`)
  const row = orderRow(page, order)
  await expect(row).toHaveCount(1)

  await row.getByRole('button', { name: /^Delete order #/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toHaveCount(1)

  await row.getByRole('button', { name: /^Delete order #/ }).click()
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(page.getByText('Deleted successfully')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(api.get(`/admin/orders/${order.id}`)).rejects.toThrow(/answered 404/)
})
