import { describe, expect, it } from 'vitest'
import { HttpError } from '../../src/lib/errors.ts'
import { headerKey, moneyCell, readStatement, statementColumns } from '../../src/modules/shipments/cod.ts'

// A carrier's COD statement (CONTRACT 5.5): its columns found by name in either language, its amounts as
// Vietnamese spreadsheets write them, its total lines skipped.

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`)

describe('statementColumns', () => {
  it('finds each column whatever its case, diacritics, spaces and punctuation', () => {
    expect(headerKey(' Mã Vận Đơn ')).toBe('mavandon')
    expect(headerKey('tracking_number')).toBe('trackingnumber')
    expect(statementColumns(['STT', 'Mã vận đơn', 'Tiền thu hộ (đ)', 'Phí dịch vụ'])).toEqual({
      trackingNumber: 'Mã vận đơn',
      amount: 'Tiền thu hộ (đ)',
      fee: 'Phí dịch vụ',
    })
    expect(statementColumns(['trackingNumber', 'codAmount'])).toEqual({
      trackingNumber: 'trackingNumber',
      amount: 'codAmount',
      fee: undefined,
    })
    expect(statementColumns(['MA DON', 'SO TIEN', 'carrier_fee']).fee).toBe('carrier_fee')
  })

  it('refuses a statement without a tracking number or an amount column, naming it', () => {
    for (const [header, column] of [
      [['Mã vận đơn', 'Người nhận'], 'amount'],
      [['Số tiền', 'Phí'], 'trackingNumber'],
    ] as const) {
      try {
        statementColumns(header)
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError)
        expect((error as HttpError).refusal).toEqual({ code: 'codColumns', params: { column } })
        expect(Object.keys((error as HttpError).fields!)).toEqual(['file'])
      }
    }
  })
})

describe('moneyCell', () => {
  it('reads whole VND as spreadsheets write them, and nothing else', () => {
    expect(moneyCell('1250000')).toBe(1_250_000)
    expect(moneyCell('1.250.000')).toBe(1_250_000)
    expect(moneyCell('1,250,000')).toBe(1_250_000)
    expect(moneyCell('1 250 000 ₫')).toBe(1_250_000)
    expect(moneyCell('1250000.00')).toBe(1_250_000)
    expect(moneyCell('0')).toBe(0)
    for (const bad of ['', 'abc', '-5', '12.5', '1.25', '1.2500.000']) expect(moneyCell(bad), bad).toBeNull()
  })
})

describe('readStatement', () => {
  it('reads each parcel’s number, amount and fee, and skips the total line', () => {
    const lines = readStatement(
      csv(
        'Mã vận đơn,Người nhận,Tiền thu hộ,Phí',
        's1,Lan,"1.000.000",22000',
        'S2,Minh,500000,',
        ',Tổng cộng,,',
      ),
    )
    expect(lines).toEqual([
      { trackingNumber: 'S1', paid: 1_000_000, fee: 22_000 },
      { trackingNumber: 'S2', paid: 500_000, fee: null },
    ])
  })

  it('refuses a line whose amount is no sum of money, naming the file and the line', () => {
    try {
      readStatement(csv('trackingNumber,amount', 'S1,100', 'S2,nhiều'))
      expect.unreachable()
    } catch (error) {
      expect((error as HttpError).refusal).toEqual({ code: 'wholeNumber', params: { line: 3 } })
    }
  })
})
