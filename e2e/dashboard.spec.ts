import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { Order, Product, SalesDay, SalesFigures } from '@store/contract'
import { adminToken, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

/** Written here, not imported from the app, so the test checks the screen's arithmetic rather than reusing it. */
const vnd = (amount: number) => `${amount.toLocaleString('en-US')} VND`
const count = (value: number) => value.toLocaleString('en-US')
/** An instant as the store's staff read it: 'YYYY-MM-DD HH:mm' in Ho Chi Minh City (Swedish writes ISO dates). */
const storeDateTime = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Ho_Chi_Minh',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso))
const percent = (month: number, total: number) =>
  `${(total > 0 ? Math.round((month / total) * 1000) / 10 : 0).toFixed(1)} %`

const STATUS: Record<Order['status'], string> = {
  0: 'Cancelled',
  1: 'Pending',
  2: 'Processing',
  3: 'Delivered',
}
const CHART = 'Sales per day over the last 30 days, in VND'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('the sales figures show this month against all time, as VND and as a percentage', async ({
  page,
  api,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
    'href',
    '/',
  )
  await expect(page).toHaveTitle(/^Dashboard/)

  // Order screens tested alongside may change a figure between two reads: compare one read with a fresh page.
  await expect(async () => {
    const { data: f } = await api.get<{ data: SalesFigures }>('/admin/analytics')
    await page.reload()
    const cards: [string, number, number, (n: number) => string][] = [
      ['Orders', f.orderMonth, f.orderTotal, count],
      ['Units sold', f.soldMonth, f.soldTotal, count],
      ['Revenue', f.amountMonth, f.amountTotal, vnd],
      ['Shipping fees', f.shippingMonth, f.shippingTotal, vnd],
    ]
    for (const [name, month, total, show] of cards) {
      const region = card(page, name)
      await expect(region.getByText(percent(month, total), { exact: true })).toBeVisible({ timeout: 3000 })
      await expect(region.getByText(show(month), { exact: true }).first()).toBeVisible({ timeout: 1000 })
      await expect(region).toContainText(`All time: ${show(total)}`, { timeout: 1000 })
    }
    const chartCard = page.getByRole('region', { name: 'Sales per day', exact: true })
    await expect(chartCard.getByRole('term')).toHaveText('Revenue today', { timeout: 1000 })
    await expect(chartCard.getByRole('definition')).toHaveText(vnd(f.amountCurrentDate), { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  // Money is shown the spec's way: separators, then ' VND'.
  await expect(
    card(page, 'Revenue')
      .getByText(/^[\d,]+ VND$/)
      .first(),
  ).toBeVisible()

  await expectAccessible(page)
})

test('Recent Purchases lists the five newest orders with links to their details', async ({ page, api }) => {
  await page.goto('/')
  const table = page.getByRole('table', { name: 'Recent Purchases' })
  let newest: Order[] = []
  await expect(async () => {
    newest = (await api.get<{ data: Order[] }>('/admin/orders?page=1&limit=5')).data
    await page.reload()
    const rows = table.getByRole('row')
    await expect(rows).toHaveCount(newest.length + 1, { timeout: 3000 })
    for (const [index, order] of newest.entries()) {
      const cells = rows.nth(index + 1).getByRole('cell')
      // The customer's name, then the order's date beneath it.
      await expect(cells.nth(0).getByText(order.user.name, { exact: true })).toBeVisible({ timeout: 1000 })
      await expect(cells.nth(1).getByText(vnd(order.amount), { exact: true })).toBeVisible({ timeout: 1000 })
      await expect(cells.nth(2)).toHaveText(STATUS[order.status], { timeout: 1000 })
    }
  }).toPass({ timeout: 30_000 })

  await table
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: new RegExp(`^Order detail of ${newest[0]!.user.name}`) })
    .click()
  await expect(page).toHaveURL(`/admin/order/${newest[0]!.id}/detail/${newest[0]!.id}`)

  await page.goBack()
  await page.getByRole('link', { name: 'View all orders' }).click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
})

test.describe('in a browser in another time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' })

  test("Recent Purchases shows when each order was placed in the store's time zone", async ({
    page,
    api,
  }) => {
    await page.goto('/')
    const table = page.getByRole('table', { name: 'Recent Purchases' })
    await expect(async () => {
      const newest = (await api.get<{ data: Order[] }>('/admin/orders?page=1&limit=5')).data
      await page.reload()
      const times = table.getByRole('row').locator('time')
      await expect(times).toHaveText(
        newest.map((order) => storeDateTime(order.createdAt)),
        { timeout: 3000 },
      )
    }).toPass({ timeout: 30_000 })
  })
})

test('a product whose quantity is set to 0 appears under Stock Out Products', async ({
  page,
  api,
  request,
}) => {
  // An image of our own, uploaded the way the product form does it.
  const upload = await request.post('/api/file', {
    headers: { authorization: `Bearer ${adminToken()}` },
    multipart: {
      file: {
        name: 'red.png',
        mimeType: 'image/png',
        buffer: readFileSync(path.resolve('e2e/files/red.png')),
      },
    },
  })
  expect(upload.ok()).toBe(true)
  const [image] = ((await upload.json()) as { data: string[] }).data
  // Demo ones: a category or brand another test made is deleted at its end, and a product (even a deleted one,
  // kept for order history) would stop that.
  const demo = <T extends { name: string }>(rows: T[]) => rows.filter((row) => !row.name.startsWith('E2E'))
  const categories = demo(
    (await api.get<{ data: { id: string; name: string }[] }>('/admin/categories/all')).data,
  )
  const brands = demo((await api.get<{ data: { id: string; name: string }[] }>('/admin/brands/all')).data)
  const name = unique('E2E Stock Out')
  const { data: created } = await api.post<{ data: Product }>('/admin/products', {
    name,
    price: 199000,
    description: 'Made by the dashboard test',
    quantity: 3,
    category: categories[0]!.id,
    brand: brands[0]!.id,
    images: [image],
    size: ['M'],
  })

  try {
    const table = page.getByRole('table', { name: 'Stock Out Products' })
    await page.goto('/')
    await expect(page.getByRole('table', { name: 'Recent Purchases' })).toBeVisible()
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)

    // Out of stock: send the product back whole, with quantity 0.
    const { data: stored } = await api.get<{ data: Product }>(`/admin/products/${created.id}`)
    await api.put(`/admin/products/${created.id}`, {
      name: stored.name,
      price: stored.price,
      description: stored.description,
      quantity: 0,
      category: stored.category.id,
      brand: stored.brand.id,
      images: stored.images,
      size: stored.size,
    })

    await page.reload()
    const row = table.getByRole('row').filter({ hasText: name })
    await expect(row).toBeVisible()
    await expect(row).toContainText(`${stored.brand.name} · ${stored.category.name}`)
    await expect(row.getByRole('img', { name: `Picture of ${name}` })).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Stock Out Products' }).getByText(/^\d+ products?$/),
    ).toBeVisible()
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await expect(page).toHaveURL(`/admin/product/edit/${created.id}`)
  } finally {
    await api.delete(`/admin/products/${created.id}`)
  }
})

test('the chart shows the last 30 days, with the same figures in a table; wide and narrow screens', async ({
  page,
  api,
}) => {
  await page.goto('/')
  const chart = page.getByRole('img', { name: CHART })
  await expect(chart).toBeVisible()
  const { data: days } = await api.get<{ data: SalesDay[] }>('/admin/analytics/sales-per-day?days=30')
  expect(days).toHaveLength(30)

  const table = page.getByRole('table', { name: CHART })
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(31)
  // A store day in English is written as the API writes it: YYYY-MM-DD.
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(days[0]!.date)
  await expect(rows.nth(30).getByRole('cell').first()).toHaveText(days[29]!.date)
  // The last day is today in the store's time zone (the browser here runs in it too).
  expect(days[29]!.date).toBe(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()),
  )
  await expect(chart).toHaveAccessibleDescription(new RegExp(`^From ${days[0]!.date} to ${days[29]!.date}: `))

  await expect(page.getByRole('table', { name: 'Recent Purchases' }).getByRole('row')).not.toHaveCount(1)
  await expectAccessible(page)
  await screenshot(page, 'dashboard-wide')

  await page.setViewportSize({ width: 375, height: 812 })
  await expect(chart).toBeVisible()
  // Nothing pushes the page sideways on a phone (the tables scroll inside their cards).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectAccessible(page)
  await screenshot(page, 'dashboard-narrow')
})
