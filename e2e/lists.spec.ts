import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Order, Product } from '@store/contract'
import { type Api, expect, expectAccessible, screenshot, test } from './fixtures.ts'

/*
 * The lists' sorting, filters, export and bulk actions (CONTRACT 4.1), as staff use them. Orders cannot be
 * created through the API, so the bulk test cancels two Pending demo orders from the middle of the Pending
 * list: the order tests work on the oldest orders and the dashboard on the newest.
 */

interface ListAnswer<T> {
  data: T[]
  meta: { page: number; limit: number; totalPages: number; totalResults: number }
}

const table = (page: Page, name: string) => page.getByRole('table', { name })
const dataRows = (page: Page, name: string) =>
  table(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
/** The text of one cell of every body row, read in one go (a list that re-renders meanwhile is read again). */
const columnText = (page: Page, name: string, index: number) =>
  dataRows(page, name).evaluateAll(
    (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent ?? ''),
    index,
  )
/** The order numbers the order list shows, in its order (the number's cell also says the day it was placed). */
const orderNumbers = (page: Page) =>
  columnText(page, 'Orders', 2).then((cells) => cells.map((cell) => /^#(\d+)/.exec(cell)?.[1] ?? cell))

/** A store calendar day, YYYY-MM-DD in Ho Chi Minh City. */
const storeDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short' }).format(new Date(iso))

const ordersPage = (api: Api, search: string) => api.get<ListAnswer<Order>>(`/admin/orders?${search}`)

test('sorting the products by a header: the order, the arrow and the address, kept over a reload', async ({
  page,
  api,
}) => {
  await page.goto('/admin/products')
  await expect(dataRows(page, 'Products')).toHaveCount(10)
  const price = table(page, 'Products').getByRole('columnheader', { name: 'Price', exact: true })
  await expect(price).toHaveAttribute('aria-sort', 'none')

  await price.getByRole('button', { name: 'Price' }).click()
  await expect.poll(() => query(page)).toEqual({ sortBy: 'price:asc' })
  await expect(price).toHaveAttribute('aria-sort', 'ascending')
  const cheapest = (await api.get<ListAnswer<Product>>('/admin/products?sortBy=price:asc')).data
  await expect
    .poll(() => columnText(page, 'Products', 1))
    .toEqual(cheapest.map((p) => expect.stringContaining(p.name)))

  await price.getByRole('button', { name: 'Price' }).click()
  await expect.poll(() => query(page)).toEqual({ sortBy: 'price:desc' })
  await expect(price).toHaveAttribute('aria-sort', 'descending')
  const dearest = (await api.get<ListAnswer<Product>>('/admin/products?sortBy=price:desc')).data
  await expect
    .poll(() => columnText(page, 'Products', 1))
    .toEqual(dearest.map((p) => expect.stringContaining(p.name)))
  expect(dearest[0]!.price).toBeGreaterThan(cheapest[0]!.price)

  await page.reload()
  await expect(price).toHaveAttribute('aria-sort', 'descending')
  await expect
    .poll(() => columnText(page, 'Products', 1))
    .toEqual(dearest.map((p) => expect.stringContaining(p.name)))
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price:desc')
  await expectAccessible(page)
})

test('filtering the orders by status and days: the address, and after a reload the same rows', async ({
  page,
  api,
}) => {
  // Days that hold some orders: from the 40th newest order's day to the newest one's.
  const newest = await ordersPage(api, 'limit=50')
  const to = storeDay(newest.data[0]!.createdAt)
  const from = storeDay(newest.data[39]!.createdAt)
  const expected = await ordersPage(api, `status=1,2&from=${from}&to=${to}`)
  expect(expected.meta.totalResults).toBeGreaterThan(0)

  await page.goto('/admin/orders?page=2')
  await expect(dataRows(page, 'Orders')).toHaveCount(10)
  // A chip is a checkbox drawn as its label: a person clicks the word.
  const statuses = page.getByRole('group', { name: 'Status' })
  await statuses.getByText('Processing', { exact: true }).click()
  await statuses.getByText('Pending', { exact: true }).click()
  await expect.poll(() => query(page)).toEqual({ status: '1,2' })
  await page.getByRole('textbox', { name: 'Placed from' }).fill(from)
  await page.getByRole('textbox', { name: 'Placed from' }).blur()
  await page.getByRole('textbox', { name: 'Placed to' }).fill(to)
  await page.getByRole('textbox', { name: 'Placed to' }).blur()
  await expect.poll(() => query(page)).toEqual({ status: '1,2', from, to })
  await expect.poll(() => orderNumbers(page)).toEqual(expected.data.map((o) => o.id))
  // The status's cell: the order's status, then where its money stands.
  for (const status of await columnText(page, 'Orders', 6))
    expect(status).toMatch(/^(Pending|Processing)Payment: /)

  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Pending', exact: true })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Processing', exact: true })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Delivered', exact: true })).not.toBeChecked()
  await expect(page.getByRole('textbox', { name: 'Placed from' })).toHaveValue(from)
  await expect(page.getByRole('textbox', { name: 'Placed to' })).toHaveValue(to)
  await expect.poll(() => orderNumbers(page)).toEqual(expected.data.map((o) => o.id))
  await expectAccessible(page)
  await screenshot(page, 'orders-list-filtered')

  // Back goes to the view before the last filter; clearing the filters shows every order again.
  await page.goBack()
  await expect.poll(() => query(page)).toEqual({ status: '1,2', from })
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await expect.poll(() => query(page)).toEqual({})
  await expect(page.getByRole('checkbox', { name: 'Pending', exact: true })).not.toBeChecked()
})

test('a filter that matches nothing says so and offers to clear it', async ({ page }) => {
  await page.goto('/admin/orders?minTotal=999999999999')
  await expect(page.getByText('No orders match your search or filters.')).toBeVisible()
  await table(page, 'Orders').getByRole('button', { name: 'Clear filters' }).click()
  await expect(dataRows(page, 'Orders')).toHaveCount(10)
  expect(query(page)).toEqual({})
})

test('exporting a filtered order list downloads every matching order, all pages of it', async ({
  page,
  api,
}) => {
  const newest = await ordersPage(api, 'limit=100')
  const from = storeDay(newest.data[99]!.createdAt)
  const filter = `status=3&from=${from}&sortBy=totalPrice:asc`
  const expected = await ordersPage(api, `${filter}&limit=100`)
  expect(expected.meta.totalResults).toBeGreaterThan(10)

  await page.goto(`/admin/orders?${filter}`)
  await expect(dataRows(page, 'Orders')).toHaveCount(10)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^orders-\d{8}\.csv$/)
  const text = readFileSync((await download.path())!, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const lines = text.slice(1).trimEnd().split(/\r?\n/)
  expect(lines[0]).toBe(
    'id,createdAt,updatedAt,status,statusName,customerName,customerEmail,phoneNumber,address,quantity,subtotal,shipingFee,discountPercent,totalPrice,amount,methodPayment,paymentStatus,customerNote,source',
  )
  // Every matching order, in the list's order (cheapest first), each line starting with its id.
  const ids = lines.slice(1).map((line) => line.split(',')[0])
  expect(ids).toHaveLength(expected.meta.totalResults)
  expect(ids.slice(0, expected.data.length)).toEqual(expected.data.map((o) => o.id))
  await expect(page.getByText(/^The file orders-\d{8}\.csv is downloaded$/)).toBeVisible()
})

test('cancelling two Pending orders at once: the question says how many, then a toast the results', async ({
  page,
  api,
}) => {
  const pending = await ordersPage(api, 'status=1&limit=100')
  expect(pending.meta.totalResults).toBeGreaterThan(4)
  // Two from the middle of the Pending list, shown on one page of 100.
  const middle = Math.floor(pending.data.length / 2)
  const [first, second] = pending.data.slice(middle, middle + 2)
  const rowName = (order: Order) => `Select order #${order.id} of ${order.user.name}`

  await page.goto('/admin/orders?status=1&limit=100')
  await page.getByRole('checkbox', { name: rowName(first!) }).check()
  await page.getByRole('checkbox', { name: rowName(second!) }).check()
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'Cancelled' })
  await page.getByRole('button', { name: 'Change status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toContainText('Move 2 orders to Cancelled?')
  await dialog.getByRole('button', { name: 'Yes, go ahead' }).click()

  // What was done shows in a toast: nothing to acknowledge before going on.
  await expect(page.getByRole('alert').filter({ hasText: 'Change status: 2 of 2 done.' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expectAccessible(page)
  for (const order of [first!, second!]) {
    expect((await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data.status).toBe(0)
  }
  // The list was loaded again: the cancelled orders left the Pending list.
  await expect(page.getByRole('checkbox', { name: rowName(first!) })).toHaveCount(0)

  // A cancelled order cannot move on: the refusal says why, in words.
  await page.goto(`/admin/orders?status=0&name=${encodeURIComponent(first!.user.name)}`)
  await page.getByRole('checkbox', { name: rowName(first!) }).check()
  await page.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'Processing' })
  await page.getByRole('button', { name: 'Change status' }).click()
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, go ahead' })
    .click()
  // Refused: a toast that stays says how many and why.
  const refused = page.getByRole('alert').filter({ hasText: 'Change status: 0 of 1 done.' })
  await expect(refused).toContainText('Not done (1):')
  await expect(refused).toContainText(`order #${first!.id} of ${first!.user.name}: An order cannot go from`)
})

test('on a phone the order list needs no sideways scrolling and long addresses stay short', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/admin/orders')
  await expect(dataRows(page, 'Orders')).toHaveCount(10)
  const first = dataRows(page, 'Orders').first()
  await expect(first.getByText(/^[\d,]+ VND$/)).toBeVisible()
  await expect(first.getByText(/^(Cancelled|Pending|Processing|Delivered)$/)).toBeVisible()
  await expect(first.getByRole('link', { name: /^View order #/ })).toBeVisible()
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375)
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible()
  await screenshot(page, 'orders-list-phone')
  // The filters open on demand, not above every row.
  await expect(page.getByRole('group', { name: 'Status' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Filters' }).click()
  await expect(page.getByRole('group', { name: 'Status' })).toBeVisible()
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375)

  // On a wide screen an address takes at most two lines, the whole of it in its title.
  await page.setViewportSize({ width: 1280, height: 800 })
  const address = dataRows(page, 'Orders').first().locator('td').nth(3).locator('[title]')
  const lines = await address.evaluate(
    (el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
  )
  expect(lines).toBeLessThanOrEqual(2.1)
})
