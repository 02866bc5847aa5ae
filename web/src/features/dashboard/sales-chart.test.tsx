import type { SalesDay } from '@store/contract'
import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from '../../lib/store-config.tsx'
import { renderPlain } from '../../test/render.tsx'
import { SalesChart } from './sales-chart.tsx'

/** `count` store days ending 2026-06-30, with the given amounts (zeros for the rest). */
function daysEnding(count: number, amounts: Record<string, number> = {}): SalesDay[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 5, 30 - (count - 1 - i))).toISOString().slice(0, 10)
    const amount = amounts[date] ?? 0
    return { date, amount, orders: amount > 0 ? 2 : 0 }
  })
}

const TITLE = 'Sales per day over the last 30 days, in VND'
const bars = (container: HTMLElement) => container.querySelectorAll('rect[data-date]')

describe('SalesChart', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en')
  })

  it('draws one bar a day and names the chart for screen readers', () => {
    const days = daysEnding(30, { '2026-06-10': 1_200_000, '2026-06-30': 400_000 })
    const { container } = renderPlain(<SalesChart days={days} title={TITLE} />)
    const chart = screen.getByRole('img', { name: TITLE })
    expect(chart).toHaveAccessibleDescription(
      'From 2026-06-01 to 2026-06-30: 1,600,000 VND in 4 orders. Best day: 2026-06-10 with 1,200,000 VND.',
    )
    expect(bars(container)).toHaveLength(30)
    expect([...bars(container)].map((bar) => bar.getAttribute('data-date'))).toEqual(days.map((d) => d.date))
  })

  it('scales bars to the highest day and keeps empty days flat', () => {
    const { container } = renderPlain(
      <SalesChart days={daysEnding(3, { '2026-06-28': 1_000_000, '2026-06-29': 500_000 })} title={TITLE} />,
    )
    const [high, half, none] = [...bars(container)].map((bar) => Number(bar.getAttribute('height')))
    expect(half! * 2).toBeCloseTo(high!)
    expect(none).toBe(0)
  })

  it('labels every fifth day as MM-DD, ending today, and the y-axis in compact VND', () => {
    renderPlain(<SalesChart days={daysEnding(30, { '2026-06-15': 1_234_000 })} title={TITLE} />)
    const chart = screen.getByRole('img', { name: TITLE })
    const texts = [...chart.querySelectorAll('text')].map((node) => node.textContent)
    expect(texts).toEqual(['0', '500K', '1M', '1.5M', '06-05', '06-10', '06-15', '06-20', '06-25', '06-30'])
  })

  it('gives each day a tooltip with its date, amount and orders', () => {
    const { container } = renderPlain(
      <SalesChart days={daysEnding(2, { '2026-06-30': 1_250_000 })} title={TITLE} />,
    )
    const tooltips = [...container.querySelectorAll('g > title')].map((node) => node.textContent)
    expect(tooltips).toEqual(['2026-06-29: 0 VND, 0 orders', '2026-06-30: 1,250,000 VND, 2 orders'])
  })

  it('has the same figures in a table', () => {
    renderPlain(<SalesChart days={daysEnding(30, { '2026-06-30': 1_250_000 })} title={TITLE} />)
    const table = screen.getByRole('table', { name: TITLE })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(31)
    expect(
      within(rows[30]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-06-30', '1,250,000 VND', '2'])
  })

  it('draws a flat chart with a single 0 tick when nothing was sold', () => {
    const { container } = renderPlain(<SalesChart days={daysEnding(30)} title={TITLE} />)
    expect(bars(container)).toHaveLength(30)
    expect([...bars(container)].every((bar) => bar.getAttribute('height') === '0')).toBe(true)
    expect(screen.getByRole('img', { name: TITLE })).toHaveAccessibleDescription(
      'From 2026-06-01 to 2026-06-30: 0 VND in 0 orders. Best day: — with 0 VND.',
    )
  })

  it('writes dates, amounts and axis labels as Vietnamese do when chosen', async () => {
    await act(() => i18next.changeLanguage('vi'))
    const title = 'Doanh thu theo ngày trong 30 ngày qua, đơn vị đồng'
    const { container } = renderPlain(
      <SalesChart days={daysEnding(30, { '2026-06-15': 1_234_000, '2026-06-30': 16_000 })} title={title} />,
    )
    const chart = screen.getByRole('img', { name: title })
    expect(chart).toHaveAccessibleDescription(
      'Từ 01/06/2026 đến 30/06/2026: 1.250.000 ₫ từ 4 đơn hàng. Ngày cao nhất: 15/06/2026, đạt 1.234.000 ₫.',
    )
    const texts = [...chart.querySelectorAll('text')].map((node) => node.textContent)
    expect(texts).toEqual([
      '0',
      '500 N',
      '1 Tr',
      '1,5 Tr',
      '05/06',
      '10/06',
      '15/06',
      '20/06',
      '25/06',
      '30/06',
    ])
    const tooltips = [...container.querySelectorAll('g > title')].map((node) => node.textContent)
    expect(tooltips.at(-1)).toBe('30/06/2026: 16.000 ₫, 2 đơn hàng')
    const rows = within(screen.getByRole('table', { name: title })).getAllByRole('row')
    expect(
      within(rows[15]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['15/06/2026', '1.234.000 ₫', '2'])
  })

  it('keeps each store day on its own date in a zone west of UTC', () => {
    // As instants, these days would be the evening before in New York; as store days they are not moved.
    renderPlain(
      <StoreConfigContext.Provider value={{ ...DEFAULT_STORE_CONFIG, storeTimeZone: 'America/New_York' }}>
        <SalesChart days={daysEnding(30)} title={TITLE} />
      </StoreConfigContext.Provider>,
    )
    expect(screen.getByRole('img', { name: TITLE })).toHaveAccessibleDescription(
      /^From 2026-06-01 to 2026-06-30: /,
    )
    const rows = within(screen.getByRole('table', { name: TITLE })).getAllByRole('row')
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('2026-06-01')
  })

  it('says so instead of drawing when there are no days at all', () => {
    renderPlain(<SalesChart days={[]} title={TITLE} />)
    expect(screen.getByText('No sales figures to show yet.')).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
