import { act, renderHook } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFormat, toFormatLanguage, useFormat } from './format.ts'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from './store-config.tsx'

const HO_CHI_MINH = 'Asia/Ho_Chi_Minh'
const en = createFormat({ language: 'en', timeZone: HO_CHI_MINH })
const vi = createFormat({ language: 'vi', timeZone: HO_CHI_MINH })

describe('money', () => {
  it("is the spec's '3,385,000 VND' in English", () => {
    expect(en.money(3_385_000)).toBe('3,385,000 VND')
    expect(en.money(1_250_000)).toBe('1,250,000 VND')
    expect(en.money(999)).toBe('999 VND')
    expect(en.money(0)).toBe('0 VND')
  })

  it("is '3.385.000 ₫' in Vietnamese, with a plain space whatever the ICU version", () => {
    expect(vi.money(3_385_000)).toBe('3.385.000 ₫')
    expect(vi.money(1_250_000)).toBe('1.250.000 ₫')
    expect(vi.money(999)).toBe('999 ₫')
    expect(vi.money(0)).toBe('0 ₫')
    expect(vi.money(3_385_000)).not.toMatch(/\u00a0/)
  })

  it('shows whole VND, a refund with its sign, and a dash for what is not a number', () => {
    expect(en.money(1_000_000_000_000)).toBe('1,000,000,000,000 VND')
    expect(en.money(1499.5)).toBe('1,500 VND')
    expect(en.money(-250_000)).toBe('-250,000 VND')
    expect(vi.money(-250_000)).toBe('-250.000 ₫')
    expect(en.money(Number.NaN)).toBe('—')
  })
})

describe('count', () => {
  it('writes thousands separators of the language', () => {
    expect(en.count(1_234_567)).toBe('1,234,567')
    expect(en.count(0)).toBe('0')
    expect(vi.count(1_234_567)).toBe('1.234.567')
    expect(vi.count(999)).toBe('999')
  })
})

describe('compactMoney (chart axis)', () => {
  it('writes thousands, millions and billions in a few characters, in English', () => {
    expect(en.compactMoney(0)).toBe('0')
    expect(en.compactMoney(950)).toBe('950')
    expect(en.compactMoney(850_000)).toBe('850K')
    expect(en.compactMoney(1_000_000)).toBe('1M')
    expect(en.compactMoney(1_200_000)).toBe('1.2M')
    expect(en.compactMoney(1_250_000)).toBe('1.3M')
    expect(en.compactMoney(1_150_000)).toBe('1.2M')
    expect(en.compactMoney(2_500_000_000)).toBe('2.5B')
  })

  it('writes nghìn, triệu and tỷ with a decimal comma, in Vietnamese', () => {
    expect(vi.compactMoney(0)).toBe('0')
    expect(vi.compactMoney(950)).toBe('950')
    expect(vi.compactMoney(850_000)).toBe('850 N')
    expect(vi.compactMoney(1_000_000)).toBe('1 Tr')
    expect(vi.compactMoney(1_250_000)).toBe('1,3 Tr')
    expect(vi.compactMoney(2_500_000_000)).toBe('2,5 Tỷ')
  })

  it('carries a rounding over to the next unit', () => {
    expect(en.compactMoney(999_950)).toBe('1M')
    expect(en.compactMoney(999_949)).toBe('999.9K')
    expect(vi.compactMoney(999_950)).toBe('1 Tr')
    expect(en.compactMoney(999.96)).toBe('1K')
  })

  it('keeps billions as the largest unit, grouped', () => {
    expect(en.compactMoney(1_500_000_000_000)).toBe('1,500B')
    expect(vi.compactMoney(1_500_000_000_000)).toBe('1.500 Tỷ')
  })
})

describe('percent', () => {
  it('shows one decimal and a spaced percent sign in English', () => {
    expect(en.percent(12.5)).toBe('12.5 %')
    expect(en.percent(0)).toBe('0.0 %')
    expect(en.percent(100)).toBe('100.0 %')
    expect(en.percent(33.3)).toBe('33.3 %')
  })

  it('shows a decimal comma and the sign against the number in Vietnamese', () => {
    expect(vi.percent(12.5)).toBe('12,5%')
    expect(vi.percent(0)).toBe('0,0%')
    expect(vi.percent(100)).toBe('100,0%')
  })
})

describe('dates of instants, in the store time zone', () => {
  it('shows the day in Ho Chi Minh City (UTC+7), not in UTC or the machine zone', () => {
    expect(DEFAULT_STORE_CONFIG.storeTimeZone).toBe(HO_CHI_MINH)
    // 18:30 UTC is 01:30 the next day in Ho Chi Minh City.
    expect(en.date('2026-11-20T18:30:00Z')).toBe('2026-11-21')
    expect(en.date('2026-11-20T16:59:59Z')).toBe('2026-11-20')
    expect(en.date('2026-11-20T17:00:00Z')).toBe('2026-11-21')
    expect(vi.date('2026-11-20T17:00:00Z')).toBe('21/11/2026')
  })

  it('pads month and day, and turns the year at the store midnight', () => {
    expect(en.date('2026-01-04T03:00:00.000Z')).toBe('2026-01-04')
    expect(en.date('2026-12-31T17:00:00Z')).toBe('2027-01-01')
    expect(vi.date('2026-12-31T16:59:00Z')).toBe('31/12/2026')
  })

  it('adds the 24-hour time, midnight as 00:00', () => {
    expect(en.dateTime('2026-11-20T18:30:00Z')).toBe('2026-11-21 01:30')
    expect(vi.dateTime('2026-11-20T18:30:00Z')).toBe('21/11/2026 01:30')
    expect(en.dateTime('2026-11-20T17:00:00Z')).toBe('2026-11-21 00:00')
    expect(en.dateTime('2026-11-20T10:05:00+07:00')).toBe('2026-11-20 10:05')
    expect(vi.dateTime('2026-11-20T15:45:00Z')).toBe('20/11/2026 22:45')
  })

  it('follows a half-hour zone: Asia/Kolkata (UTC+5:30) at its day edge', () => {
    const kolkata = createFormat({ language: 'en', timeZone: 'Asia/Kolkata' })
    expect(kolkata.dateTime('2026-11-20T18:29:59Z')).toBe('2026-11-20 23:59')
    expect(kolkata.dateTime('2026-11-20T18:30:00Z')).toBe('2026-11-21 00:00')
    expect(kolkata.date('2026-11-20T18:30:00Z')).toBe('2026-11-21')
    expect(createFormat({ language: 'vi', timeZone: 'Asia/Kolkata' }).date('2026-11-20T18:29:59Z')).toBe(
      '20/11/2026',
    )
  })

  it('follows a zone with daylight saving: America/New_York in winter and in summer', () => {
    const newYork = createFormat({ language: 'en', timeZone: 'America/New_York' })
    // EST, UTC-5.
    expect(newYork.dateTime('2026-11-21T04:59:59Z')).toBe('2026-11-20 23:59')
    expect(newYork.dateTime('2026-11-21T05:00:00Z')).toBe('2026-11-21 00:00')
    // EDT, UTC-4; and New Year comes five hours after it does in UTC.
    expect(newYork.dateTime('2026-07-01T03:59:00Z')).toBe('2026-06-30 23:59')
    expect(newYork.dateTime('2026-07-01T04:00:00Z')).toBe('2026-07-01 00:00')
    expect(newYork.date('2027-01-01T03:00:00Z')).toBe('2026-12-31')
    expect(
      createFormat({ language: 'vi', timeZone: 'America/New_York' }).dateTime('2027-01-01T03:00:00Z'),
    ).toBe('31/12/2026 22:00')
  })

  it('names the store calendar day of an instant the way the API takes it', () => {
    expect(en.calendarDay('2026-11-20T17:00:00Z')).toBe('2026-11-21')
    expect(vi.calendarDay(new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-20')
    expect(
      createFormat({ language: 'en', timeZone: 'America/New_York' }).calendarDay('2026-11-21T04:00:00Z'),
    ).toBe('2026-11-20')
    expect(en.calendarDay('soon')).toBe('')
  })

  it('shows nothing for a time it cannot read', () => {
    expect(en.date('not a date')).toBe('')
    expect(vi.dateTime('not a date')).toBe('')
    expect(en.dayMonth('')).toBe('')
  })

  it('refuses a zone that does not exist', () => {
    expect(() => createFormat({ language: 'en', timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError)
  })
})

describe('store calendar days (YYYY-MM-DD text)', () => {
  it('reads the day from its text, so no zone shifts it', () => {
    // As an instant '2026-06-04' is midnight UTC, the evening before in New York; as a store day it is the 4th.
    const newYork = createFormat({ language: 'en', timeZone: 'America/New_York' })
    expect(newYork.date('2026-06-04')).toBe('2026-06-04')
    expect(newYork.dayMonth('2026-06-01')).toBe('06-01')
    const kolkata = createFormat({ language: 'vi', timeZone: 'Asia/Kolkata' })
    expect(kolkata.date('2026-06-04')).toBe('04/06/2026')
  })

  it('writes the date as YYYY-MM-DD in English and DD/MM/YYYY in Vietnamese', () => {
    expect(en.date('2026-06-04')).toBe('2026-06-04')
    expect(vi.date('2026-06-04')).toBe('04/06/2026')
  })

  it('names the month of a day as YYYY-MM in English and MM/YYYY in Vietnamese', () => {
    expect(en.yearMonth('2026-06-01')).toBe('2026-06')
    expect(vi.yearMonth('2026-06-01')).toBe('06/2026')
    // An instant is read in the store's zone: 17:00 UTC on 31 May is 1 June in Ho Chi Minh City.
    expect(en.yearMonth('2026-05-31T17:00:00Z')).toBe('2026-06')
    expect(en.yearMonth('')).toBe('')
  })

  it('labels an axis day as MM-DD in English and DD/MM in Vietnamese', () => {
    expect(en.dayMonth('2026-06-04')).toBe('06-04')
    expect(vi.dayMonth('2026-06-04')).toBe('04/06')
    expect(vi.dayMonth('2026-11-20T17:00:00Z')).toBe('21/11')
  })
})

describe('parseDate (a typed date)', () => {
  it("reads the language's own pattern as YYYY-MM-DD", () => {
    expect(en.datePattern).toBe('YYYY-MM-DD')
    expect(vi.datePattern).toBe('DD/MM/YYYY')
    expect(en.parseDate('2000-12-25')).toBe('2000-12-25')
    expect(en.parseDate(' 2000-01-05 ')).toBe('2000-01-05')
    expect(vi.parseDate('25/12/2000')).toBe('2000-12-25')
    expect(vi.parseDate('5/1/2000')).toBe('2000-01-05')
    expect(vi.parseDate('25-12-2000')).toBe('2000-12-25')
    expect(vi.parseDate('25.12.2000')).toBe('2000-12-25')
  })

  it("refuses the other language's pattern, days that do not exist and partial text", () => {
    expect(en.parseDate('25/12/2000')).toBeNull()
    expect(vi.parseDate('2000-12-25')).toBeNull()
    expect(en.parseDate('2001-02-29')).toBeNull()
    expect(en.parseDate('2000-02-29')).toBe('2000-02-29')
    expect(vi.parseDate('31/04/2000')).toBeNull()
    expect(vi.parseDate('12/13/2000')).toBeNull()
    expect(vi.parseDate('25/12/20')).toBeNull()
    expect(en.parseDate('')).toBeNull()
    // Half typed, year first: not yet a date, rather than February 2nd on the way to the 29th.
    expect(en.parseDate('2001-02-2')).toBeNull()
    expect(vi.parseDate('29/02/200')).toBeNull()
  })
})

describe('toFormatLanguage', () => {
  it('is Vietnamese for vi and its regions, English otherwise', () => {
    expect(toFormatLanguage('vi')).toBe('vi')
    expect(toFormatLanguage('vi-VN')).toBe('vi')
    expect(toFormatLanguage('en')).toBe('en')
    expect(toFormatLanguage('fr')).toBe('en')
    expect(toFormatLanguage(undefined)).toBe('en')
  })
})

describe('the browser time zone', () => {
  const machineZone = process.env.TZ
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ
    else process.env.TZ = machineZone
  })

  it('changes nothing on screen', () => {
    const before = [en.dateTime('2026-11-20T18:30:00Z'), vi.date('2026-11-20T17:00:00Z')]
    // Node reads TZ afresh once it is set: this machine is now in Los Angeles.
    process.env.TZ = 'America/Los_Angeles'
    expect(new Date('2026-11-20T18:30:00Z').getHours()).toBe(10)
    expect([en.dateTime('2026-11-20T18:30:00Z'), vi.date('2026-11-20T17:00:00Z')]).toEqual(before)
    expect(before).toEqual(['2026-11-21 01:30', '21/11/2026'])
  })
})

describe('useFormat', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en')
  })

  const inZone =
    (timeZone: string) =>
    ({ children }: { children: ReactNode }) => (
      <StoreConfigContext.Provider value={{ ...DEFAULT_STORE_CONFIG, storeTimeZone: timeZone }}>
        {children}
      </StoreConfigContext.Provider>
    )

  it("formats in the store's default zone and the interface language", () => {
    const { result } = renderHook(() => useFormat())
    expect(result.current.timeZone).toBe(HO_CHI_MINH)
    expect(result.current.money(3_385_000)).toBe('3,385,000 VND')
    expect(result.current.dateTime('2026-11-20T18:30:00Z')).toBe('2026-11-21 01:30')
  })

  it("uses the server's STORE_TZ given through the store config", () => {
    const { result } = renderHook(() => useFormat(), { wrapper: inZone('America/New_York') })
    expect(result.current.dateTime('2026-11-21T04:59:59Z')).toBe('2026-11-20 23:59')
  })

  it('follows a language switch', async () => {
    const { result } = renderHook(() => useFormat(), { wrapper: inZone('Asia/Kolkata') })
    await act(() => i18next.changeLanguage('vi'))
    expect(result.current.language).toBe('vi')
    expect(result.current.money(3_385_000)).toBe('3.385.000 ₫')
    expect(result.current.dateTime('2026-11-20T18:30:00Z')).toBe('21/11/2026 00:00')
  })
})
