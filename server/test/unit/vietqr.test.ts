import fc from 'fast-check'
import { QRPay } from 'vietnam-qr-pay'
import { describe, expect, it } from 'vitest'
import { qrRuns, transferPurpose, vietQrPayload } from '../../src/modules/orders/documents/vietqr.ts'
import { crc16, readQr, readVietQr } from '../vietqr.ts'

// The invoice's VietQR code (CONTRACT 4.7): NAPAS 247 on EMVCo, with the amount and the order in the purpose.

describe('crc16', () => {
  it('is CRC-16/CCITT-FALSE: its check value, and the checksums of published VietQR codes', () => {
    expect(crc16('123456789')).toBe('29B1')
    // Codes printed in vietnam-qr-pay's documentation, as banks' apps make them.
    for (const code of [
      '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F',
      '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB8',
    ])
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4))
  })
})

describe('vietQrPayload', () => {
  const shop = { bankBin: '970436', bankAccount: '0071000123456' }

  it('asks for the amount to the shop account, names the order, and carries a right checksum', () => {
    const payload = vietQrPayload({ ...shop, amount: 1_155_000, orderId: '1024' })!
    expect(readVietQr(payload)).toEqual({
      version: '01',
      method: '12',
      guid: 'A000000727',
      service: 'QRIBFTTA',
      bankBin: '970436',
      bankAccount: '0071000123456',
      currency: '704',
      amount: '1155000',
      country: 'VN',
      purpose: 'Don hang 1024',
      crc: payload.slice(-4),
      crcRight: true,
    })
    const decoded = new QRPay(payload)
    expect(decoded.isValid).toBe(true)
    expect(decoded.amount).toBe('1155000')
  })

  it('makes no code when there is nothing a code can ask for', () => {
    expect(vietQrPayload({ ...shop, amount: 0, orderId: '1' })).toBeUndefined()
    expect(vietQrPayload({ ...shop, amount: 10_000_000_000_000, orderId: '1' })).toBeUndefined()
  })

  it('holds for any amount and order id: fields, purpose within 25 characters, checksum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999_999 }),
        fc.bigInt({ min: 1n, max: 9_999_999_999_999_999n }).map(String),
        fc.stringMatching(/^\d{4,19}$/),
        (amount, orderId, bankAccount) => {
          const read = readVietQr(vietQrPayload({ bankBin: '970418', bankAccount, amount, orderId })!)
          expect(read.crcRight).toBe(true)
          expect(read.amount).toBe(String(amount))
          expect(read.bankAccount).toBe(bankAccount)
          expect(read.purpose).toBe(transferPurpose(orderId))
          expect(read.purpose!.length).toBeLessThanOrEqual(25)
        },
      ),
    )
  })

  it('notices a changed payload: one digit of the amount changed breaks the checksum', () => {
    const payload = vietQrPayload({ ...shop, amount: 250_000, orderId: '7' })!
    expect(readVietQr(payload.replace('54062500', '54062600')).crcRight).toBe(false)
  })
})

describe('qrRuns', () => {
  it('draws a code a reader decodes back to the payload', () => {
    const payload = vietQrPayload({
      bankBin: '970436',
      bankAccount: '0071000123456',
      amount: 1_250_000,
      orderId: '99',
    })!
    const { size, runs } = qrRuns(payload)
    const scale = 4
    const quiet = 4 * scale
    const side = size * scale + 2 * quiet
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
    for (const [row, column, length] of runs)
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < length * scale; x++) {
          const at = ((quiet + row * scale + y) * side + quiet + column * scale + x) * 4
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0
        }
    expect(readQr(pixels, side, side)).toBe(payload)
  })
})
