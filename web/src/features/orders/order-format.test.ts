import { describe, expect, it } from 'vitest'
import { formatStoreDate, STORE_TIME_ZONE } from './order-format.ts'

describe('formatStoreDate', () => {
  it('shows the day in the store time zone, not in UTC or the machine zone', () => {
    expect(STORE_TIME_ZONE).toBe('Asia/Ho_Chi_Minh')
    // 18:30 UTC is 01:30 the next day in Ho Chi Minh City (UTC+7).
    expect(formatStoreDate('2026-11-20T18:30:00Z')).toBe('2026-11-21')
    expect(formatStoreDate('2026-11-20T16:59:59Z')).toBe('2026-11-20')
    expect(formatStoreDate('2026-11-20T17:00:00Z')).toBe('2026-11-21')
  })

  it('pads month and day to YYYY-MM-DD', () => {
    expect(formatStoreDate('2026-01-04T03:00:00.000Z')).toBe('2026-01-04')
    expect(formatStoreDate('2026-12-31T17:00:00Z')).toBe('2027-01-01')
  })

  it('shows nothing for a time it cannot read', () => {
    expect(formatStoreDate('not a date')).toBe('')
  })
})
