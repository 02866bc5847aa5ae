import { MAX_REPORT_DAYS } from '@store/contract'
import { describe, expect, it } from 'vitest'
import {
  customRange,
  isDay,
  monthEnd,
  presetRange,
  type ReportView,
  readReportView,
  reportQueryOf,
  stillAsked,
  withDay,
  withPeriod,
  writeReportView,
} from './period.ts'

const view = (address: string, today: string) => readReportView(new URLSearchParams(address), today)

describe('presetRange', () => {
  it('today is the one day', () => {
    expect(presetRange('today', '2026-06-04')).toEqual({ from: '2026-06-04', to: '2026-06-04' })
  })

  it('7 and 30 days end today and count it, across a month end and a leap day', () => {
    expect(presetRange('7d', '2026-06-04')).toEqual({ from: '2026-05-29', to: '2026-06-04' })
    expect(presetRange('7d', '2024-03-03')).toEqual({ from: '2024-02-26', to: '2024-03-03' })
    expect(presetRange('30d', '2026-06-04')).toEqual({ from: '2026-05-06', to: '2026-06-04' })
    // The 30 days ending on 1 March start on 1 February in a leap year, on 31 January in a common one.
    expect(presetRange('30d', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' })
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' })
    expect(presetRange('30d', '2027-01-10')).toEqual({ from: '2026-12-12', to: '2027-01-10' })
  })

  it('this month runs from the 1st to today, on the 1st and on the last day too', () => {
    expect(presetRange('this-month', '2026-06-04')).toEqual({ from: '2026-06-01', to: '2026-06-04' })
    expect(presetRange('this-month', '2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-06-01' })
    expect(presetRange('this-month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })

  it('last month is the whole month before, with its own length', () => {
    expect(presetRange('last-month', '2026-06-04')).toEqual({ from: '2026-05-01', to: '2026-05-31' })
    expect(presetRange('last-month', '2026-07-31')).toEqual({ from: '2026-06-01', to: '2026-06-30' })
    // February of a leap year and of a common one.
    expect(presetRange('last-month', '2024-03-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(presetRange('last-month', '2023-03-31')).toEqual({ from: '2023-02-01', to: '2023-02-28' })
    expect(presetRange('last-month', '2100-03-01')).toEqual({ from: '2100-02-01', to: '2100-02-28' })
    expect(presetRange('last-month', '2000-03-01')).toEqual({ from: '2000-02-01', to: '2000-02-29' })
  })

  it('last month in January is December of the year before', () => {
    expect(presetRange('last-month', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(presetRange('last-month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
  })

  it('this year runs from 1 January to today', () => {
    expect(presetRange('this-year', '2026-06-04')).toEqual({ from: '2026-01-01', to: '2026-06-04' })
    expect(presetRange('this-year', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' })
    expect(presetRange('this-year', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' })
  })
})

describe('calendar helpers', () => {
  it('knows real days and the last day of each month', () => {
    expect(isDay('2024-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-13-01')).toBe(false)
    expect(isDay('2026-6-1')).toBe(false)
    expect(isDay('')).toBe(false)
    expect(isDay(null)).toBe(false)
    expect(monthEnd('2024-02-10')).toBe('2024-02-29')
    expect(monthEnd('2026-02-10')).toBe('2026-02-28')
    expect(monthEnd('2026-04-30')).toBe('2026-04-30')
    expect(monthEnd('2026-12-01')).toBe('2026-12-31')
  })
})

describe('readReportView (the address)', () => {
  const today = '2026-06-04'

  it('is the 30 days ending today, no comparison, by day, revenue, when the address names nothing', () => {
    expect(view('', today)).toEqual({
      period: '30d',
      from: '2026-05-06',
      to: '2026-06-04',
      compare: 'none',
      interval: 'day',
      measure: 'revenue',
    })
  })

  it('reads a preset, the comparison, the interval and the measure', () => {
    expect(view('period=last-month&compare=previous&interval=week&measure=units', today)).toEqual({
      period: 'last-month',
      from: '2026-05-01',
      to: '2026-05-31',
      compare: 'previous',
      interval: 'week',
      measure: 'units',
    })
  })

  it('reads a custom range from from and to', () => {
    expect(view('from=2025-11-01&to=2025-11-30&compare=year', today)).toMatchObject({
      period: 'custom',
      from: '2025-11-01',
      to: '2025-11-30',
      compare: 'year',
    })
  })

  it('lets a named preset win over dates', () => {
    expect(view('period=today&from=2025-11-01&to=2025-11-30', today)).toMatchObject({
      period: 'today',
      from: today,
      to: today,
    })
  })

  it('falls back to the defaults for values it does not know', () => {
    expect(
      view('period=forever&compare=sometimes&interval=hour&measure=smiles&from=2026-02-30', today),
    ).toEqual(view('', today))
  })

  it('keeps other parameters out of the view and in the address', () => {
    const params = new URLSearchParams('tab=2&compare=previous')
    const next = writeReportView(params, { ...readReportView(params, today), interval: 'month' })
    expect(next.get('tab')).toBe('2')
    expect(next.toString()).toBe('tab=2&compare=previous&interval=month')
  })
})

describe('customRange (dates typed into the address)', () => {
  const today = '2026-06-04'

  it('reads one end as the API does: from alone runs to today, to alone covers the 30 days ending then', () => {
    expect(customRange('2026-05-20', null, today)).toEqual({ from: '2026-05-20', to: today })
    expect(customRange(null, '2026-03-31', today)).toEqual({ from: '2026-03-02', to: '2026-03-31' })
    expect(customRange('not a day', null, today)).toBeUndefined()
  })

  it("puts days in the wrong order right and keeps at most the API's three years", () => {
    expect(customRange('2026-05-31', '2026-05-01', today)).toEqual({ from: '2026-05-01', to: '2026-05-31' })
    const long = customRange('2000-01-01', '2026-06-04', today)!
    expect(long.to).toBe('2026-06-04')
    expect(long.from).toBe('2023-06-05')
    expect(MAX_REPORT_DAYS).toBe(1096)
  })
})

describe('writeReportView', () => {
  const base: ReportView = {
    period: '30d',
    from: '2026-05-06',
    to: '2026-06-04',
    compare: 'none',
    interval: 'day',
    measure: 'revenue',
  }
  const written = (changes: Partial<ReportView>) =>
    writeReportView(new URLSearchParams(), { ...base, ...changes }).toString()

  it('writes nothing for the defaults', () => {
    expect(written({})).toBe('')
  })

  it('writes a preset by its name alone, so it stays relative to the day it is opened', () => {
    expect(written({ period: 'last-month', from: '2026-05-01', to: '2026-05-31' })).toBe('period=last-month')
  })

  it('writes a custom range as from and to, and every choice that is not the default', () => {
    expect(
      written({
        period: 'custom',
        from: '2025-11-01',
        to: '2025-11-30',
        compare: 'year',
        interval: 'week',
        measure: 'orders',
      }),
    ).toBe('from=2025-11-01&to=2025-11-30&compare=year&interval=week&measure=orders')
  })

  it('reads back what it wrote, on the same day', () => {
    const today = '2024-03-15'
    for (const address of [
      'period=last-month&compare=previous',
      'from=2024-02-10&to=2024-02-29&interval=month',
      'period=this-year&compare=year&measure=units',
    ]) {
      const read = view(address, today)
      expect(writeReportView(new URLSearchParams(), read).toString()).toBe(address)
    }
  })
})

describe('withPeriod and withDay (the picker)', () => {
  const today = '2026-06-04'
  const start = view('', today)

  it('a preset takes its days from today; custom starts from the days shown', () => {
    expect(withPeriod(start, 'last-month', today)).toMatchObject({
      period: 'last-month',
      from: '2026-05-01',
      to: '2026-05-31',
    })
    expect(withPeriod(start, 'custom', today)).toMatchObject({
      period: 'custom',
      from: start.from,
      to: start.to,
    })
  })

  it('moves the other end when a start passes the end or an end the start', () => {
    expect(withDay(start, 'from', '2026-06-10')).toMatchObject({ from: '2026-06-10', to: '2026-06-10' })
    expect(withDay(start, 'to', '2026-05-01')).toMatchObject({ from: '2026-05-01', to: '2026-05-01' })
    expect(withDay(start, 'from', '2026-05-20')).toMatchObject({
      period: 'custom',
      from: '2026-05-20',
      to: '2026-06-04',
    })
  })

  it('keeps a range within three years, giving up days at the other end', () => {
    expect(withDay(start, 'from', '2020-01-01')).toMatchObject({ from: '2020-01-01', to: '2022-12-31' })
    expect(withDay(start, 'to', '2030-01-01').from).toBe('2027-01-02')
  })

  it('ignores a day that is not one', () => {
    expect(withDay(start, 'from', '')).toBe(start)
  })
})

describe('reportQueryOf', () => {
  it('sends the days shown, the interval and the comparison', () => {
    expect(reportQueryOf(view('period=last-month&compare=previous&interval=week', '2026-01-15'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
      interval: 'week',
      compare: 'previous',
    })
  })
})

describe('stillAsked', () => {
  const address = (text: string) => new URLSearchParams(text)
  const texts = (list: URLSearchParams[]) => list.map(String)

  it('drops the choices up to the one shown, keeping those made after it', () => {
    const asked = [
      address('from=2026-09-20&to=2026-11-18'),
      address('from=2026-09-20&to=2026-11-18&interval=week'),
    ]
    expect(texts(stillAsked(asked, asked[0]!))).toEqual(['from=2026-09-20&to=2026-11-18&interval=week'])
    expect(stillAsked(asked, address('from=2026-09-20&to=2026-11-18&interval=week'))).toEqual([])
  })

  it('drops them all for an address never asked for here: back, forward or a link', () => {
    expect(stillAsked([address('period=today')], address('period=last-month'))).toEqual([])
    expect(stillAsked([], address(''))).toEqual([])
  })
})
