import { doReadNumber, ReadingConfig } from 'read-vietnamese-number'

/** Whole VND grouped by thousands as Vietnamese writes them: 1250000 → '1.250.000'. */
export function groupDigits(value: number): string {
  const digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return value < 0 ? `−${digits}` : digits
}

/** An amount of money as the invoice prints it: '1.250.000 ₫' (a no-break space keeps the sign with it). */
export const vnd = (value: number): string => `${groupDigits(value)}\u00a0₫`

const reading = new ReadingConfig()
reading.unit = ['đồng']
// 'tỷ' and 'linh' as invoices and banks write them (the package's defaults are 'tỉ' and 'lẻ', also correct).
reading.units = [[], ['nghìn'], ['triệu'], ['tỷ']]
reading.oddText = 'linh'

/**
 * An amount of VND in Vietnamese words, as an invoice states its total: 1250000 → 'Một triệu hai trăm năm mươi
 * nghìn đồng', 1000005 → 'Một triệu không trăm linh năm đồng', 0 → 'Không đồng'.
 */
export function vndInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole amount of VND: ${value}`)
  const words = doReadNumber(String(value), reading)
  return words.charAt(0).toLocaleUpperCase('vi') + words.slice(1)
}
