import type { Locator, Page } from '@playwright/test'
import type { Report, ReportTotals } from '@store/contract'
import { expect, expectAccessible, openDashboard, screenshot, test } from './fixtures.ts'

/*
 * The dashboard's report over a period (CONTRACT 4.8) in a browser: the period picker and the comparison kept
 * in the address, the figures and their change as the API gives them, and the chart's table. The arithmetic
 * below is written here, not imported from the app, so the test checks the screen rather than reusing it.
 */

const vnd = (amount: number) => `${amount.toLocaleString('en-US')} VND`
const count = (value: number) => value.toLocaleString('en-US')
const iso = (at: Date) => at.toISOString().slice(0, 10)
/** Today in the store's zone (the browser here runs in it too). */
const storeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date())

/** The whole calendar month before the one `today` falls in. */
function lastMonth(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number]
  return {
    from: iso(new Date(Date.UTC(year, month - 2, 1))),
    to: iso(new Date(Date.UTC(year, month - 1, 0))),
  }
}

/** The days from `from` to `to`, both counted. */
const daysOf = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

const FIGURES: { key: keyof ReportTotals; name: string; money: boolean }[] = [
  { key: 'revenue', name: 'Revenue', money: true },
  { key: 'orders', name: 'Orders', money: false },
  { key: 'units', name: 'Units sold', money: false },
  { key: 'averageOrder', name: 'Average order', money: true },
  { key: 'newCustomers', name: 'New customers', money: false },
  { key: 'cancelled', name: 'Cancelled orders', money: false },
  { key: 'shipping', name: 'Shipping fees', money: true },
]

/** What a screen reader hears of a change: 'up 12.5 %', 'down 3.0 %', 'No change' or 'New' (from 0). */
function changeWords(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'No change' : 'New'
  const percent = Math.round(((now - before) / before) * 1000) / 10
  if (percent === 0) return 'No change'
  return `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent).toFixed(1)} %`
}

const reportRegion = (page: Page) => page.getByRole('region', { name: 'Sales report', exact: true })
const period = (page: Page) => page.getByRole('combobox', { name: 'Period' })
const compare = (page: Page) => page.getByRole('combobox', { name: 'Compare with' })
const figure = (report: Locator, name: string) => report.getByRole('group', { name, exact: true })

test('last month against the previous period: kept in the address, the figures as the API gives them', async ({
  page,
  api,
}) => {
  await openDashboard(page)
  const report = reportRegion(page)
  await expect(period(page)).toHaveValue('30d')

  await period(page).selectOption({ label: 'Last month' })
  await expect(page).toHaveURL(/\/\?period=last-month$/)
  await compare(page).selectOption({ label: 'Previous period' })
  await expect(page).toHaveURL(/\/\?period=last-month&compare=previous$/)

  const { from, to } = lastMonth(storeToday())
  await expect(report).toContainText(`${from} to ${to}`)

  // Orders changed by tests running alongside may move a figure between two reads: compare one read of the API
  // with a fresh page, until both agree.
  let answer: Report | undefined
  await expect(async () => {
    answer = (
      await api.get<{ data: Report }>(`/admin/analytics/report?from=${from}&to=${to}&compare=previous`)
    ).data
    await page.reload()
    // The page loads again first: on a busy machine that alone can take seconds.
    await expect(period(page)).toHaveValue('last-month', { timeout: 10_000 })
    await expect(compare(page)).toHaveValue('previous', { timeout: 1000 })
    const totals = answer.totals
    const before = answer.compareTotals!
    for (const { key, name, money } of FIGURES) {
      const card = figure(report, name)
      const show = money ? vnd : count
      await expect(card).toContainText(show(totals[key]), { timeout: 5000 })
      await expect(card).toContainText(changeWords(totals[key], before[key]), { timeout: 1000 })
      await expect(card).toContainText(`Before: ${show(before[key])}`, { timeout: 1000 })
    }
  }).toPass({ timeout: 70_000 })

  const data = answer!
  // The previous period: as many days, just before.
  expect(data.compareFrom).toBe(iso(new Date(Date.parse(from) - daysOf(from, to) * 86_400_000)))
  expect(data.compareTo).toBe(iso(new Date(Date.parse(from) - 86_400_000)))
  await expect(report).toContainText(
    `${from} to ${to} compared with ${data.compareFrom} to ${data.compareTo}`,
  )

  // The chart's table: every day of last month, the compared day beside it.
  const table = report.getByRole('table', { name: `Revenue by day, ${from} to ${to}`, exact: true })
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(daysOf(from, to) + 1)
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText(from)
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText(data.compareFrom!)
  await expect(rows.last().getByRole('cell').nth(0)).toHaveText(to)
  const days = await rows.evaluateAll((all) =>
    all.slice(1).map((row) => row.querySelector('td')?.textContent),
  )
  expect(days).toEqual(data.series.map((point) => point.period))

  // The breakdowns list what the API lists, in its order.
  const top = report.getByRole('table', { name: 'Top 10 products', exact: true })
  await expect(top.getByRole('row')).toHaveCount(Math.max(1, data.topProducts.length) + 1)
  for (const [index, product] of data.topProducts.entries())
    await expect(top.getByRole('row').nth(index + 1)).toContainText(product.name)
  const categories = report.getByRole('table', { name: `Revenue by category, ${from} to ${to}`, exact: true })
  await expect(categories.getByRole('row')).toHaveCount(data.byCategory.length + 1)
  const payments = report.getByRole('table', {
    name: `Orders by payment method, ${from} to ${to}`,
    exact: true,
  })
  await expect(payments.getByRole('row')).toHaveCount(data.byPayment.length + 1)

  await expectAccessible(page)
  await screenshot(page, 'report-last-month')

  // Back takes the comparison away, forward brings it back.
  await page.goBack()
  await expect(page).toHaveURL(/\/\?period=last-month$/)
  await expect(compare(page)).toHaveValue('none')
  await expect(figure(report, 'Revenue')).not.toContainText('Before:')
  await page.goForward()
  await expect(page).toHaveURL(/\/\?period=last-month&compare=previous$/)
  await expect(compare(page)).toHaveValue('previous')
  await expect(figure(report, 'Revenue')).toContainText('Before:')
})

test('a custom range by week: the table lists the weeks the API gives; the export downloads them', async ({
  page,
  api,
}) => {
  const today = storeToday()
  const to = iso(new Date(Date.parse(today) - 10 * 86_400_000))
  const from = iso(new Date(Date.parse(to) - 59 * 86_400_000))
  await openDashboard(page)
  const report = reportRegion(page)

  await period(page).selectOption({ label: 'Custom range' })
  // Custom starts from the 30 days shown.
  await expect(page).toHaveURL(/\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/)
  const fromField = report.getByRole('textbox', { name: 'From' })
  const toField = report.getByRole('textbox', { name: 'To' })
  await expect(toField).toHaveValue(today)
  // The end first: a start after the old end would move it.
  await toField.fill(to)
  await toField.press('Tab')
  await fromField.fill(from)
  await fromField.press('Tab')
  await expect(page).toHaveURL(`/?from=${from}&to=${to}`)

  await report.getByRole('radiogroup', { name: 'Group by' }).getByText('Week', { exact: true }).click()
  await expect(page).toHaveURL(`/?from=${from}&to=${to}&interval=week`)
  await report.getByRole('radiogroup', { name: 'Measure' }).getByText('Orders', { exact: true }).click()
  await expect(page).toHaveURL(`/?from=${from}&to=${to}&interval=week&measure=orders`)

  const { data } = await api.get<{ data: Report }>(
    `/admin/analytics/report?from=${from}&to=${to}&interval=week`,
  )
  const table = report.getByRole('table', { name: `Orders by week, ${from} to ${to}`, exact: true })
  await expect(table.getByRole('row')).toHaveCount(data.series.length + 1)
  const weeks = await table
    .getByRole('row')
    .evaluateAll((all) => all.slice(1).map((row) => row.querySelector('td')?.textContent))
  expect(weeks).toEqual(data.series.map((point) => `Week of ${point.period}`))
  // Each week starts on a Monday.
  for (const point of data.series) expect(new Date(`${point.period}T00:00:00Z`).getUTCDay()).toBe(1)

  // The same view after a reload.
  await page.reload()
  await expect(period(page)).toHaveValue('custom')
  await expect(fromField).toHaveValue(from)
  await expect(toField).toHaveValue(to)
  await expect(report.getByRole('radio', { name: 'Week' })).toBeChecked()
  await expect(table.getByRole('row')).toHaveCount(data.series.length + 1)

  // 'Show as table' puts the table in the chart's place.
  const chartCard = report.getByRole('region', { name: 'Sales over time', exact: true })
  await chartCard.getByRole('button', { name: 'Show as table' }).click()
  await expect(chartCard.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Shown in full now, no longer the 1-pixel box of a visually hidden table.
  await expect.poll(async () => (await table.boundingBox())?.width ?? 0).toBeGreaterThan(300)
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await report.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^report-.*\.csv$/)
})

test('the report on a phone: nothing pushes the page sideways, and axe passes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await openDashboard(page, '/?period=this-year&compare=year&interval=month')
  const report = reportRegion(page)
  const today = storeToday()
  await expect(
    report.getByRole('table', {
      name: `Revenue by month, ${today.slice(0, 4)}-01-01 to ${today}`,
      exact: true,
    }),
  ).toBeAttached()
  await expect(figure(report, 'Revenue')).toContainText(/up|down|No change|New/)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectAccessible(page)
  await screenshot(page, 'report-narrow')
})
