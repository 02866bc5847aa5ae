import {
  comparePeriod,
  periodStarts,
  type Report,
  type ReportComparison,
  type ReportInterval,
  type ReportTotals,
  type SalesFigures,
} from '@store/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FetchCall, fakeFetch, ok } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { DashboardPage } from './dashboard-page.tsx'

/** 10:00 on 4 June 2026 in Ho Chi Minh City: 'today' is the store day 2026-06-04. */
const NOW = new Date('2026-06-04T03:00:00Z')

const FIGURES: SalesFigures = {
  amountCurrentDate: 1_250_000,
  orderMonth: 12,
  orderTotal: 300,
  soldMonth: 20,
  soldTotal: 500,
  amountMonth: 350_000_000,
  amountTotal: 1_234_567_890,
  shippingMonth: 360_000,
  shippingTotal: 9_000_000,
}

const TOTALS: ReportTotals = {
  revenue: 1_125_000,
  orders: 0,
  units: 20,
  averageOrder: 0,
  newCustomers: 4,
  cancelled: 3,
  shipping: 60_000,
}
const COMPARED: ReportTotals = {
  revenue: 1_000_000,
  orders: 0,
  units: 25,
  averageOrder: 0,
  newCustomers: 0,
  cancelled: 2,
  shipping: 60_000,
}

/** The report the server would give for the call's query, with a point of 100,000 VND a period. */
function reportFor(call: FetchCall, totals = TOTALS, compared = COMPARED): Report {
  const from = call.query.get('from')!
  const to = call.query.get('to')!
  const interval = (call.query.get('interval') || 'day') as ReportInterval
  const compare = (call.query.get('compare') || 'none') as ReportComparison
  const points = (start: string, end: string) =>
    periodStarts(start, end, interval).map((period, index) => ({
      period,
      revenue: 100_000 * (index + 1),
      orders: index + 1,
      units: 2 * (index + 1),
    }))
  const other = comparePeriod(from, to, compare)
  return {
    from,
    to,
    interval,
    compare,
    totals,
    series: points(from, to),
    topProducts: [{ id: '7', name: 'Áo thun basic', units: 5, revenue: 750_000 }],
    byCategory: [{ id: '2', name: 'Áo', units: 5, revenue: 750_000 }],
    byPayment: [
      { methodPayment: '1', orders: 3, revenue: 900_000 },
      { methodPayment: '2', orders: 1, revenue: 225_000 },
    ],
    bySource: [
      { source: 'phone', orders: 3, revenue: 900_000 },
      { source: 'zalo', orders: 1, revenue: 225_000 },
    ],
    cod: { outstanding: 0, byCarrier: [], collected: 0, fees: 0, net: 0 },
    ...(other && {
      compareFrom: other.from,
      compareTo: other.to,
      compareTotals: compared,
      compareSeries: points(other.from, other.to),
    }),
  }
}

const emptyList = () => ok([], { meta: { page: 1, limit: 5, totalPages: 0, totalResults: 0 } })

function serve(totals = TOTALS, compared = COMPARED) {
  return fakeFetch({
    'GET /api/admin/analytics': () => ok(FIGURES),
    'GET /api/admin/analytics/report': (call) => ok(reportFor(call, totals, compared)),
    'GET /api/admin/orders': emptyList,
    'GET /api/admin/products': emptyList,
  })
}

const lastQuery = (fake: ReturnType<typeof fakeFetch>) => {
  const calls = fake.callsTo('GET /api/admin/analytics/report')
  return Object.fromEntries(calls.at(-1)?.query ?? [])
}

const figure = (name: string) => screen.getByRole('group', { name })

describe('DashboardPage: the report over a period', () => {
  beforeEach(() => {
    // Only the clock: timers stay real, for the queries and for findBy.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(async () => {
    vi.useRealTimers()
    await i18next.changeLanguage('en')
  })

  it('asks for the 30 days ending today (the store day), by day, without comparison, when the address names none', async () => {
    const fake = serve()
    renderAt(<DashboardPage />, '/')
    await waitFor(() =>
      expect(lastQuery(fake)).toEqual({
        from: '2026-05-06',
        to: '2026-06-04',
        interval: 'day',
        compare: 'none',
      }),
    )
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('30d')
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveValue('none')
    expect(await screen.findByRole('radio', { name: 'Day' })).toBeChecked()
    expect(screen.getByRole('region', { name: 'Sales report' })).toHaveTextContent('2026-05-06 to 2026-06-04')
  })

  it('asks for what the address names: last month, compared with the previous period, by week', async () => {
    const fake = serve()
    renderAt(<DashboardPage />, '/?period=last-month&compare=previous&interval=week')
    await waitFor(() =>
      expect(lastQuery(fake)).toEqual({
        from: '2026-05-01',
        to: '2026-05-31',
        interval: 'week',
        compare: 'previous',
      }),
    )
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('last-month')
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveValue('previous')
    expect(await screen.findByRole('radio', { name: 'Week' })).toBeChecked()
    expect(
      await screen.findByText('2026-05-01 to 2026-05-31 compared with 2026-03-31 to 2026-04-30'),
    ).toBeInTheDocument()
  })

  it('asks for a custom range the address gives as from and to, and shows it in the date fields', async () => {
    const fake = serve()
    renderAt(<DashboardPage />, '/?from=2025-11-01&to=2025-11-30&compare=year')
    await waitFor(() =>
      expect(lastQuery(fake)).toEqual({
        from: '2025-11-01',
        to: '2025-11-30',
        interval: 'day',
        compare: 'year',
      }),
    )
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom')
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2025-11-01')
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2025-11-30')
  })

  it('writes each choice into the address, and asks again', async () => {
    const user = userEvent.setup()
    const fake = serve()
    const { router } = renderAt(<DashboardPage />, '/')
    await waitFor(() => expect(lastQuery(fake).from).toBe('2026-05-06'))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last month')
    expect(router.state.location.search).toBe('?period=last-month')
    await waitFor(() => expect(lastQuery(fake)).toMatchObject({ from: '2026-05-01', to: '2026-05-31' }))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Compare with' }), 'Previous period')
    expect(router.state.location.search).toBe('?period=last-month&compare=previous')
    await waitFor(() => expect(lastQuery(fake).compare).toBe('previous'))

    await user.click(await screen.findByRole('radio', { name: 'Month' }))
    expect(router.state.location.search).toBe('?period=last-month&compare=previous&interval=month')
    await waitFor(() => expect(lastQuery(fake).interval).toBe('month'))

    await user.click(screen.getByRole('radio', { name: 'Units sold' }))
    expect(router.state.location.search).toBe(
      '?period=last-month&compare=previous&interval=month&measure=units',
    )

    // A custom range starts from the days shown.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom range')
    expect(router.state.location.search).toBe(
      '?from=2026-05-01&to=2026-05-31&compare=previous&interval=month&measure=units',
    )

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days')
    expect(router.state.location.search).toBe('?compare=previous&interval=month&measure=units')
    await waitFor(() => expect(lastQuery(fake)).toMatchObject({ from: '2026-05-06', to: '2026-06-04' }))
  })

  it('shows each figure with its change in per cent and the word a screen reader says', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month&compare=previous')
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('up 12.5 %'))
    // The compared figure under it.
    expect(figure('Revenue')).toHaveTextContent('Before: 1,000,000 VND')
    expect(figure('Units sold')).toHaveTextContent('down 20.0 %')
    // The word is read, not shown: the eye gets the arrow and the colour.
    expect(within(figure('Revenue')).getByText('12.5 %')).toBeVisible()
    // From 0 there is no per cent: 'New'; 0 both times, or the same figure, is 'No change'.
    expect(figure('New customers')).toHaveTextContent('New')
    expect(figure('New customers')).not.toHaveTextContent(/Infinity|NaN/)
    expect(figure('Orders')).toHaveTextContent('No change')
    expect(figure('Average order')).toHaveTextContent('No change')
    expect(figure('Shipping fees')).toHaveTextContent('No change')
    // More cancelled orders is bad news: the same 'up', in red.
    expect(figure('Cancelled orders')).toHaveTextContent('up 50.0 %')
    const cancelled = within(figure('Cancelled orders')).getByText('50.0 %')
    const revenue = within(figure('Revenue')).getByText('12.5 %')
    expect(getComputedStyle(cancelled).color).not.toBe(getComputedStyle(revenue).color)
  })

  it('shows no change at all without a comparison', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month')
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('1,125,000 VND'))
    expect(figure('Revenue')).not.toHaveTextContent(/up|down|Before/)
  })

  it('says the change and writes every amount in full as Vietnamese do', async () => {
    await act(() => i18next.changeLanguage('vi'))
    serve({ ...TOTALS, revenue: 1_234_567_890 }, { ...COMPARED, revenue: 1_097_393_680 })
    renderAt(<DashboardPage />, '/?period=last-month&compare=previous')
    await waitFor(() => expect(figure('Doanh thu')).toHaveTextContent('tăng 12,5%'))
    expect(within(figure('Doanh thu')).getByText('1.234.567.890 ₫')).toBeVisible()
    expect(figure('Doanh thu')).toHaveTextContent('Kỳ so sánh: 1.097.393.680 ₫')
    expect(figure('Sản phẩm đã bán')).toHaveTextContent('giảm 20,0%')
    expect(figure('Khách hàng mới')).toHaveTextContent('Mới')
    expect(figure('Đơn hàng')).toHaveTextContent('Không đổi')
    expect(within(screen.getByRole('region', { name: 'Doanh thu' })).getByText('350.000.000 ₫')).toBeVisible()
  })

  it('writes every amount of the dashboard in full, the average order too, never rounded to millions', async () => {
    serve({ ...TOTALS, revenue: 1_234_567_890, orders: 639, averageOrder: 1_932_000 })
    renderAt(<DashboardPage />, '/')
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('1,234,567,890 VND'))
    expect(figure('Average order')).toHaveTextContent(/^Average order1,932,000 VND$/)
    // This month's revenue, all time and today, as the rest of the app writes amounts.
    const month = screen.getByRole('region', { name: 'Revenue' })
    expect(within(month).getByText('350,000,000 VND')).toBeVisible()
    expect(month).toHaveTextContent('All time: 1,234,567,890 VND')
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^1,250,000 VND$/)
    for (const card of [month, ...screen.getAllByRole('group')])
      expect(card).not.toHaveTextContent(/\d[MB]\b/)
  })

  it('lists every period of the chart, with the compared period, in its table', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month&compare=previous&interval=week')
    const table = await screen.findByRole('table', {
      name: 'Revenue by week, 2026-05-01 to 2026-05-31',
    })
    const rows = within(table).getAllByRole('row')
    // May 2026 starts on a Friday: the weeks of Monday 27 April to Monday 25 May.
    expect(rows.map((row) => within(row).queryAllByRole('cell')[0]?.textContent).slice(1)).toEqual([
      'Week of 2026-04-27',
      'Week of 2026-05-04',
      'Week of 2026-05-11',
      'Week of 2026-05-18',
      'Week of 2026-05-25',
    ])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of 2026-04-27', '100,000 VND', '1', '2', 'Week of 2026-03-30', '100,000 VND', '1', '2'])
  })

  it("lists the top products, the categories, the payment methods and the sources by the order screens' names", async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month')
    const top = await screen.findByRole('table', { name: 'Top 10 products' })
    expect(within(top).getByRole('row', { name: /Áo thun basic/ })).toHaveTextContent('750,000 VND')
    const payments = screen.getByRole('table', { name: 'Orders by payment method, 2026-05-01 to 2026-05-31' })
    expect(
      within(payments)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Payment methodOrdersRevenue', 'Cash on delivery3900,000 VND', 'VNPay wallet1225,000 VND'])
    expect(
      screen.getByRole('table', { name: 'Revenue by category, 2026-05-01 to 2026-05-31' }),
    ).toHaveTextContent('Áo5750,000 VND')
    // Where the orders came from, by the names the order screens use.
    expect(
      within(screen.getByRole('table', { name: 'Orders by source' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SourceOrdersRevenue', 'Phone3900,000 VND', 'Zalo1225,000 VND'])
  })

  it('shows a chart as a table on request', async () => {
    const user = userEvent.setup()
    serve()
    renderAt(<DashboardPage />, '/?period=last-month')
    const card = await screen.findByRole('region', { name: 'Revenue by category' })
    const toggle = within(card).getByRole('button', { name: 'Show as table' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByRole('table')).toBeVisible()
  })

  it('asks for the products out of stock and the low-stock ones, fewest left first', async () => {
    const fake = serve()
    renderAt(<DashboardPage />, '/')
    await waitFor(() => expect(fake.callsTo('GET /api/admin/products')).toHaveLength(2))
    const queries = fake.callsTo('GET /api/admin/products').map((call) => Object.fromEntries(call.query))
    expect(queries).toContainEqual({ stock: 'out', page: '1', limit: '5' })
    expect(queries).toContainEqual({ stock: 'low', page: '1', limit: '5', sortBy: 'quantity:asc' })
    expect(await screen.findByRole('region', { name: 'Low stock' })).toHaveTextContent(
      '5 units left or fewer',
    )
  })

  it('names the sizes running low of a product sold by size, fewest left first', async () => {
    const variant = (id: string, size: string, quantity: number) => ({
      id,
      _id: id,
      sku: `AT-${size}`,
      size,
      color: 'Đen',
      price: null,
      quantity,
      barcode: null,
    })
    const shirt = {
      id: '7',
      _id: '7',
      name: 'Áo thun Đen',
      slug: 'ao-thun-den',
      price: 199_000,
      images: [],
      thumbnail: null,
      description: '',
      size: [],
      quantity: 43,
      category: { id: '1', _id: '1', name: 'Áo' },
      brand: { id: '1', _id: '1', name: 'Local' },
      sold: 0,
      rating: 0,
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
      variants: [variant('1', 'S', 3), variant('2', 'M', 40), variant('3', 'L', 0)],
    }
    fakeFetch({
      'GET /api/admin/analytics': () => ok(FIGURES),
      'GET /api/admin/analytics/report': (call) => ok(reportFor(call, TOTALS, COMPARED)),
      'GET /api/admin/orders': emptyList,
      'GET /api/admin/products': (call) =>
        call.query.get('stock') === 'low'
          ? ok([shirt], { meta: { page: 1, limit: 5, totalPages: 1, totalResults: 1 } })
          : emptyList(),
    })
    renderAt(<DashboardPage />, '/')
    const low = await screen.findByRole('region', { name: 'Low stock' })
    expect(await within(low).findByText('Sizes running low: L 0, S 3')).toBeVisible()
  })
})

describe('DashboardPage: the charts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Serves the report with its breakdowns changed. */
  const serveWith = (breakdowns: Partial<Report>) =>
    fakeFetch({
      'GET /api/admin/analytics': () => ok(FIGURES),
      'GET /api/admin/analytics/report': (call) => ok({ ...reportFor(call), ...breakdowns }),
      'GET /api/admin/orders': emptyList,
      'GET /api/admin/products': emptyList,
    })

  it('draws a point a day, on an axis of round compact steps, named by its highest and lowest day', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month')
    // 100,000 VND on 1 May, 200,000 on the 2nd… 3,100,000 on the 31st.
    const chart = await screen.findByRole('img', {
      name: 'Revenue by day, 2026-05-01 to 2026-05-31: highest 3,100,000 VND (2026-05-31), lowest 100,000 VND (2026-05-01)',
    })
    expect(chart.querySelectorAll('circle')).toHaveLength(31)
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent)
    expect(texts.slice(0, 8)).toEqual(['0', '500K', '1M', '1.5M', '2M', '2.5M', '3M', '3.5M'])
    // Days along the bottom, as many as fit 600 px (a label at least 60 px from the next): every fourth.
    expect(texts.slice(8)).toEqual(['05-01', '05-05', '05-09', '05-13', '05-17', '05-21', '05-25', '05-29'])
    // Nothing compared, no legend.
    expect(screen.queryByText('Compared period')).not.toBeInTheDocument()
  })

  it('counts orders on an axis of whole steps', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=7d&measure=orders')
    // 1 to 7 orders a day.
    const chart = await screen.findByRole('img', {
      name: /^Orders by day, 2026-05-29 to 2026-06-04: highest 7 /,
    })
    expect(chart.querySelectorAll('circle')).toHaveLength(7)
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent)
    expect(texts.slice(0, 8)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7'])
  })

  it('draws a long period as a line without dots, through every day', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=this-year')
    const chart = await screen.findByRole('img', { name: /^Revenue by day, 2026-01-01 to 2026-06-04: / })
    expect(chart.querySelectorAll('circle')).toHaveLength(0)
    // 155 days: a move to the first, a line to each of the 154 others.
    const line = chart.querySelector('path')!.getAttribute('d')!
    expect(line.match(/M/g)).toHaveLength(1)
    expect(line.match(/L/g)).toHaveLength(154)
  })

  it('draws the compared period dashed, and shows both periods of the day pointed at', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month&compare=previous')
    const chart = await screen.findByRole('img', { name: /^Revenue by day, 2026-05-01 to 2026-05-31: / })
    const drawing = chart.parentElement!
    expect(within(drawing).getByText('This period')).toBeVisible()
    expect(within(drawing).getByText('Compared period')).toBeVisible()
    const [compared, current] = [...chart.querySelectorAll('path')]
    expect(compared).toHaveAttribute('stroke-dasharray', '5 5')
    expect(current).not.toHaveAttribute('stroke-dasharray')

    // Unmeasured (jsdom), the chart is 600 px wide: the plot from 76 to 580 px, a day every 16.8 px.
    fireEvent.pointerMove(chart, { clientX: 76 + 3 * 16.8 })
    expect(within(drawing).getByText('2026-05-04')).toBeVisible()
    expect(within(drawing).getByText('400,000 VND')).toBeVisible()
    // The previous period of May is 31 March to 30 April: its fourth day.
    expect(within(drawing).getByText('2026-04-03: 400,000 VND')).toBeVisible()
    fireEvent.pointerLeave(chart)
    expect(within(drawing).queryByText('2026-05-04')).not.toBeInTheDocument()
  })

  it('draws a bar a category, as long as its revenue against the most, with the amount written in full', async () => {
    serveWith({
      byCategory: [
        { id: '2', name: 'Áo', units: 5, revenue: 1_000_000 },
        { id: '3', name: 'Quần', units: 2, revenue: 500_000 },
        { id: '4', name: 'Phụ kiện', units: 1, revenue: 1_000 },
      ],
    })
    renderAt(<DashboardPage />, '/?period=last-month')
    const chart = await screen.findByRole('img', {
      name: 'Revenue by category, 2026-05-01 to 2026-05-31: 3 categories, the most revenue from Áo (1,000,000 VND)',
    })
    const bars = [...chart.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('width')))
    // The chart's 600 px for the most; a sliver for a small seller rather than nothing.
    expect(bars).toEqual([600, 300, 2])
    expect([...chart.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      'Áo',
      '1,000,000 VND',
      'Quần',
      '500,000 VND',
      'Phụ kiện',
      '1,000 VND',
    ])
  })

  it('draws a slice a payment method, its orders and share written beside the ring', async () => {
    serve()
    renderAt(<DashboardPage />, '/?period=last-month')
    const chart = await screen.findByRole('img', {
      name: 'Orders by payment method, 2026-05-01 to 2026-05-31: Cash on delivery 3 (75.0 %), VNPay wallet 1 (25.0 %)',
    })
    expect(chart.querySelectorAll('path')).toHaveLength(2)
    const legend = within(chart.parentElement!)
    expect(legend.getByText('Cash on delivery')).toBeVisible()
    expect(legend.getByText('3 (75.0 %)')).toBeVisible()
    expect(legend.getByText('1 (25.0 %)')).toBeVisible()
  })

  it('says there is nothing to draw in a period without sales, in the space the chart takes', async () => {
    serveWith({ byCategory: [], byPayment: [] })
    renderAt(<DashboardPage />, '/?period=last-month')
    expect(await screen.findByText('No sales in any category in this period.')).toBeVisible()
    expect(screen.getByText('No orders in this period.', { selector: 'p' })).toBeVisible()
    expect(screen.queryByRole('img', { name: /^Revenue by category/ })).not.toBeInTheDocument()
  })
})

describe('DashboardPage: COD outstanding', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(async () => {
    vi.useRealTimers()
    await i18next.changeLanguage('en')
  })

  /** The report's `cod` (CONTRACT 5.5). */
  const cod: Report['cod'] = {
    outstanding: 1_590_000,
    byCarrier: [
      { carrier: 'ghn', orders: 2, amount: 1_060_000 },
      { carrier: 'jt', orders: 1, amount: 530_000 },
    ],
    collected: 2_000_000,
    fees: 66_000,
    net: 1_934_000,
  }
  const serveCod = (withCod: boolean) =>
    fakeFetch({
      'GET /api/admin/analytics': () => ok(FIGURES),
      'GET /api/admin/analytics/report': (call) => ok({ ...reportFor(call), ...(withCod && { cod }) }),
      'GET /api/admin/orders': emptyList,
      'GET /api/admin/products': emptyList,
    })

  it("shows what the carriers owe, by carrier, and the period's collected, fees and net", async () => {
    serveCod(true)
    renderAt(<DashboardPage />, '/')
    const card = await screen.findByRole('region', { name: 'COD outstanding' })
    const term = (name: string) => within(card).getByText(name, { selector: 'dt' }).nextElementSibling
    expect(term('Delivered, not yet paid over by the carriers')).toHaveTextContent('1,590,000 VND')
    const rows = within(within(card).getByRole('table', { name: 'By carrier' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['Giao Hàng Nhanh (GHN)21,060,000 VND', 'J&T Express1530,000 VND'])
    expect(term('Collected in the period')).toHaveTextContent('2,000,000 VND')
    expect(term('Carrier fees')).toHaveTextContent('66,000 VND')
    expect(term('Net to the shop')).toHaveTextContent('1,934,000 VND')
    expect(within(card).getByRole('link', { name: 'Reconcile COD' })).toHaveAttribute('href', '/admin/cod')
  })

  it('shows no card when the shop has no COD, outstanding or collected', async () => {
    const fake = serveCod(false)
    renderAt(<DashboardPage />, '/')
    await waitFor(() => expect(fake.callsTo('GET /api/admin/analytics/report')).toHaveLength(1))
    await screen.findAllByRole('group', { name: 'Revenue' })
    expect(screen.queryByRole('region', { name: 'COD outstanding' })).not.toBeInTheDocument()
  })

  it('speaks Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    serveCod(true)
    renderAt(<DashboardPage />, '/')
    const card = await screen.findByRole('region', { name: 'COD chờ đối soát' })
    expect(card).toHaveTextContent('Thực nhận')
    expect(card).toHaveTextContent('1.934.000 ₫')
  })
})
