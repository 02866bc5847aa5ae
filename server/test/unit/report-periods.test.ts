import {
  addDays,
  comparePeriod,
  daysBetween,
  dayYearBefore,
  MAX_REPORT_DAYS,
  periodStart,
  periodStarts,
} from '@store/contract'
import { describe, expect, it } from 'vitest'

// The calendar arithmetic of the report (CONTRACT 4.8), shared by the server and the web app.

describe('report periods', () => {
  it('counts days both ends included, across a leap day and a year end', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(2)
    expect(daysBetween('2026-11-25', '2026-11-25')).toBe(1)
    expect(daysBetween('2024-01-01', addDays('2024-01-01', MAX_REPORT_DAYS - 1))).toBe(MAX_REPORT_DAYS)
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
  })

  it('compares with the days just before, or the same days a year earlier, 29 February as the 28th', () => {
    expect(comparePeriod('2026-11-01', '2026-11-30', 'previous')).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    })
    expect(comparePeriod('2024-02-29', '2024-03-06', 'year')).toEqual({
      from: '2023-02-28',
      to: '2023-03-06',
    })
    expect(comparePeriod('2026-01-01', '2026-01-07', 'none')).toBeUndefined()
    expect(dayYearBefore('2025-02-28')).toBe('2024-02-28')
  })

  it('starts weeks on Monday and months on the 1st', () => {
    expect(periodStart('2026-11-25', 'week')).toBe('2026-11-23') // a Wednesday
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23') // a Sunday
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-25', 'month')).toBe('2026-11-01')
    expect(periodStart('2026-11-25', 'day')).toBe('2026-11-25')
  })

  it('lists every period from the one holding `from` to the one holding `to`', () => {
    expect(periodStarts('2026-11-28', '2026-12-02', 'day')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ])
    expect(periodStarts('2026-11-25', '2026-12-08', 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ])
    expect(periodStarts('2025-11-15', '2026-02-01', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ])
  })

  it('ends at the last day there is, 9999-12-31, and starts at the first, 1900-01-01', () => {
    expect(periodStarts('9999-12-25', '9999-12-31', 'day')).toHaveLength(7)
    expect(periodStarts('9999-12-25', '9999-12-31', 'week')).toEqual(['9999-12-20', '9999-12-27'])
    expect(periodStarts('9999-11-01', '9999-12-31', 'month')).toEqual(['9999-11-01', '9999-12-01'])
    expect(periodStarts('1900-01-01', '1900-01-10', 'week')).toEqual(['1900-01-01', '1900-01-08'])
  })
})
