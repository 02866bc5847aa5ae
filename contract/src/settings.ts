import { z } from 'zod'
import {
  email,
  envelope,
  isoDate,
  optionalText,
  phoneNumber,
  recordVersion,
  requiredText,
  sentVersion,
  wholeNumber,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { messageRef } from './messages.ts'

/**
 * Vietnamese banks by their NAPAS id (BIN), as the VietQR standard names them: the Settings screen's bank select
 * and the invoice's bank line. A BIN not listed here is still accepted (banks are added faster than lists).
 */
export const VIETNAMESE_BANKS = [
  { bin: '970436', code: 'VCB', name: 'Vietcombank' },
  { bin: '970415', code: 'ICB', name: 'VietinBank' },
  { bin: '970418', code: 'BIDV', name: 'BIDV' },
  { bin: '970405', code: 'VBA', name: 'Agribank' },
  { bin: '970407', code: 'TCB', name: 'Techcombank' },
  { bin: '970422', code: 'MB', name: 'MB Bank' },
  { bin: '970416', code: 'ACB', name: 'ACB' },
  { bin: '970432', code: 'VPB', name: 'VPBank' },
  { bin: '970423', code: 'TPB', name: 'TPBank' },
  { bin: '970403', code: 'STB', name: 'Sacombank' },
  { bin: '970437', code: 'HDB', name: 'HDBank' },
  { bin: '970441', code: 'VIB', name: 'VIB' },
  { bin: '970443', code: 'SHB', name: 'SHB' },
  { bin: '970431', code: 'EIB', name: 'Eximbank' },
  { bin: '970426', code: 'MSB', name: 'MSB' },
  { bin: '970448', code: 'OCB', name: 'OCB' },
  { bin: '970440', code: 'SEAB', name: 'SeABank' },
  { bin: '970449', code: 'LPB', name: 'LPBank' },
  { bin: '970428', code: 'NAB', name: 'Nam A Bank' },
  { bin: '970409', code: 'BAB', name: 'Bac A Bank' },
  { bin: '970429', code: 'SCB', name: 'SCB' },
  { bin: '970425', code: 'ABB', name: 'ABBANK' },
  { bin: '970412', code: 'PVCB', name: 'PVcomBank' },
  { bin: '970452', code: 'KLB', name: 'KienlongBank' },
  { bin: '970427', code: 'VAB', name: 'VietABank' },
  { bin: '970419', code: 'NCB', name: 'NCB' },
  { bin: '970400', code: 'SGICB', name: 'Saigonbank' },
  { bin: '970438', code: 'BVB', name: 'BaoViet Bank' },
  { bin: '970433', code: 'VIETBANK', name: 'VietBank' },
  { bin: '970430', code: 'PGB', name: 'PGBank' },
  { bin: '970408', code: 'GPB', name: 'GPBank' },
  { bin: '970454', code: 'VCCB', name: 'BVBank' },
  { bin: '970406', code: 'DOB', name: 'DongA Bank' },
  { bin: '970414', code: 'OCEANBANK', name: 'OceanBank' },
  { bin: '970444', code: 'CBB', name: 'CBBank' },
  { bin: '546034', code: 'CAKE', name: 'CAKE by VPBank' },
  { bin: '546035', code: 'UBANK', name: 'Ubank by VPBank' },
] as const

export const bankName = (bin: string) => VIETNAMESE_BANKS.find((b) => b.bin === bin)?.name

/** Text that may be left empty, or else must pass `rule`. */
const emptyOr = <T extends z.ZodType<string>>(rule: T) =>
  z
    .union([z.literal(''), rule])
    .optional()
    .transform((v) => v ?? '')

const digitsRule = (pattern: RegExp, code: 'bankBin' | 'bankAccount' | 'taxCode') =>
  z
    .string({ error: messageRef(code) })
    .trim()
    .regex(pattern, messageRef(code))

/** The shop's own details (CONTRACT 4.7): printed on invoices; the bank makes the VietQR code. */
export const shopSettings = z.object({
  shopName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  taxCode: z.string(),
  bankBin: z.string(),
  bankAccount: z.string(),
  bankAccountName: z.string(),
  lowStockThreshold: z.number().int(),
  version: recordVersion,
  updatedAt: isoDate.nullable(),
})
export type ShopSettings = z.infer<typeof shopSettings>

export const MAX_LOW_STOCK_THRESHOLD = 1_000_000

/**
 * The Settings form. Empty text clears a detail; the bank's three fields go together (a QR code needs all of
 * them). An account name is printed as the bank keeps it, usually in capitals without diacritics.
 */
export const shopSettingsBody = z
  .object({
    shopName: requiredText(200),
    address: optionalText(500)
      .optional()
      .transform((v) => v ?? ''),
    phone: z
      .union([z.literal(''), phoneNumber])
      .optional()
      .transform((v) => v ?? ''),
    email: z
      .union([z.literal(''), email])
      .optional()
      .transform((v) => v ?? ''),
    taxCode: emptyOr(digitsRule(/^\d{10}(-\d{3})?$/, 'taxCode')),
    bankBin: emptyOr(digitsRule(/^\d{6}$/, 'bankBin')),
    bankAccount: emptyOr(digitsRule(/^\d{4,19}$/, 'bankAccount')),
    bankAccountName: optionalText(100)
      .optional()
      .transform((v) => v ?? ''),
    lowStockThreshold: wholeNumber(MAX_LOW_STOCK_THRESHOLD),
    version: sentVersion,
  })
  .superRefine((body, ctx) => {
    const bank = [body.bankBin, body.bankAccount, body.bankAccountName]
    if (bank.some((v) => v !== '') && bank.some((v) => v === '')) {
      const missing = (['bankBin', 'bankAccount', 'bankAccountName'] as const).find((k) => body[k] === '')!
      ctx.addIssue({ code: 'custom', path: [missing], message: messageRef('bankIncomplete') })
    }
  })
export type ShopSettingsBody = z.infer<typeof shopSettingsBody>

export const shopSettingsAnswer = envelope(shopSettings)

export const settingsEndpoints = defineEndpoints('settings', {
  get: {
    method: 'GET',
    path: '/admin/settings',
    permission: 'settings:manage',
    summary: "The shop's details, bank account and low-stock threshold",
    answer: shopSettingsAnswer,
  },
  update: {
    method: 'PUT',
    path: '/admin/settings',
    permission: 'settings:manage',
    summary: "Save the shop's details, bank account and low-stock threshold",
    body: shopSettingsBody,
    answer: shopSettingsAnswer,
    audit: { entity: 'settings', action: 'update' },
  },
})
