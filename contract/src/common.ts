import { z } from 'zod'
import { messageRef, messages } from './messages.ts'

/** A required string: trimmed, not empty, bounded. */
export const requiredText = (max = 255) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max))

/** An optional free text that may be empty. */
export const optionalText = (max = 5000) =>
  z.string({ error: messages.required }).trim().max(max, messages.tooLong(max))

export const email = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.tooLong(254))
  .pipe(z.email({ error: messages.email }))

/**
 * A phone number in its one kept form (CONTRACT 5.2): spaces, dots, dashes and brackets dropped, and Vietnam's
 * country code written as the `0` of a number dialled inside the country. `0909 123 456`, `0909.123.456`,
 * `+84 909 123 456` and `84909123456` are all `0909123456`. A bare `84` is the country code only when a whole
 * Vietnamese number (9 or 10 digits after the 0) follows it: the spec's 9-digit `840000000` stays as written.
 */
export function normalPhone(text: string): string {
  const compact = text.replace(/[\s.\-()]/g, '')
  if (compact.startsWith('+84')) return `0${compact.slice(3)}`
  if (/^84\d{9,10}$/.test(compact)) return `0${compact.slice(2)}`
  return compact
}

/** Phone: 9 to 15 digits once in its kept form, spec section 5. */
export const phoneNumber = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .transform(normalPhone)
  .refine((v) => v.length >= 9 && v.length <= 15, messages.phoneLength)
  .refine((v) => /^\d+$/.test(v), messages.number)

/** Password rules of spec section 5 for a customer's account: 8 to 16 characters with a digit. */
export const password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordMin)
  .max(16, messages.passwordMax)
  .regex(/\d/, messages.passwordDigit)

/** The longest password a member of staff may choose. */
export const STAFF_PASSWORD_MAX = 128

/**
 * A member of staff's password (CONTRACT 5.8): 8 to 128 characters with a digit, so that what a password manager
 * makes is accepted; the spec's messages stay for the other rules.
 */
export const staffPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordMin)
  .max(STAFF_PASSWORD_MAX, messages.staffPasswordMax)
  .regex(/\d/, messages.passwordDigit)

/** Plain decimal digits, as a whole number of 0 or more is written. */
export const DIGITS = /^\d+$/

/** Text as a number for the rules below: NaN when empty or not numeric at all. */
const digitsOrNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v))

/**
 * A whole, non-negative number. HTML number inputs and multipart forms often send digits as text, so a string
 * of digits is accepted and turned into a number; anything else is 'This field must be a number'.
 */
export const wholeNumber = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number({ error: messages.number }), z.string({ error: messages.number })], {
      error: messages.number,
    })
    .transform((v, ctx) => {
      const n = typeof v === 'string' ? digitsOrNumber(v) : v
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: messages.number })
        return z.NEVER
      }
      // Text must be plain digits: '100.000' is how a Vietnamese spreadsheet writes 100,000, and Number() would
      // read it as 100; '1e5' and '0x10' are not how anyone writes a price either.
      if (!Number.isInteger(n) || n < 0 || n > max || (typeof v === 'string' && !DIGITS.test(v.trim()))) {
        ctx.addIssue({ code: 'custom', message: n > max ? messages.range(0, max) : messages.wholeNumber })
        return z.NEVER
      }
      return n
    })

export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date as YYYY-MM-DD that exists (no 31 February). */
export const isRealDate = (value: string): boolean => {
  const m = DATE_ONLY.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

/** An id as the API hands it out: an opaque string. */
export const id = z.string({ error: messages.required }).trim().min(1, messages.required).max(64)
export const idParams = z.object({ id: z.string().max(64) })

/** Every JSON answer: `{ status, data, message }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), data, message: z.string() })

export const listMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
})
export type ListMeta = z.infer<typeof listMeta>

/** A list answer: the envelope plus `meta`. */
export const listEnvelope = <T extends z.ZodType>(row: T) =>
  z.object({ status: z.boolean(), data: z.array(row), meta: listMeta, message: z.string() })

/** An answer with no data worth reading (deletes). */
export const emptyEnvelope = envelope(z.null())

const messageParams = z.record(z.string(), z.union([z.string(), z.number()]))

/** A message by code (`messageTexts`), what a client translates: `{ code: 'tooLong', params: { max: 120 } }`. */
export const messageSchema = z.object({
  code: z.string().meta({ description: 'A stable code of `messageTexts`; translate by it' }),
  params: messageParams.optional(),
})

/**
 * The error answer: 4xx with the English `message` and its `code` (with `params`), and for a 400 or a 409 about
 * a field one message per failing field, in English (`errors`) and by code (`codes`).
 */
export const errorEnvelope = z.object({
  status: z.literal(false),
  /** null, except a 409 'edited meanwhile', which carries the record as it is now (CONTRACT 4.6). */
  data: z.unknown().nullable(),
  message: z.string(),
  code: z.string(),
  params: messageParams.optional(),
  errors: z.record(z.string(), z.string()).optional(),
  codes: z.record(z.string(), messageSchema).optional(),
})
export type ErrorAnswer = z.infer<typeof errorEnvelope>

/** A whole number from 1 to `max` in a query string; absent or empty is `fallback`, anything else a 400. */
export const queryNumber = (fallback: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1 || n > max || (typeof v === 'string' && !DIGITS.test(v))) {
        ctx.addIssue({ code: 'custom', message: messages.range(1, max) })
        return z.NEVER
      }
      return n
    })

export const MAX_PAGE_SIZE = 100
/** Pages beyond this are refused: an offset that deep is a scan, not a page anyone reads. */
export const MAX_PAGE = 1_000_000

/** `page`, `limit` and a search term under the name `name` (or `content` for reviews). */
export const listQuery = z.object({
  page: queryNumber(1, MAX_PAGE),
  limit: queryNumber(10, MAX_PAGE_SIZE),
  name: z.string().max(200, messages.tooLong(200)).optional(),
})
export type ListQuery = z.infer<typeof listQuery>

/** `{ id, _id }`: every entity carries both, with the same value. */
export const entityIds = { id: z.string(), _id: z.string() }
export const isoDate = z.string()

/** A path `POST /api/file` handed out, such as `/2026/11/3f9c….webp`; served at `/api/file` + path. */
export const STORED_PATH = /^\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{1,80}\.(webp|png|jpe?g|gif|avif)$/
export const imagePath = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .regex(STORED_PATH, messageRef('storedPath'))

/** A record's version (CONTRACT 4.6): an integer that grows with every change of the record. */
export const recordVersion = z.number().int().min(0)

/**
 * The version an edit form was filled from (CONTRACT 4.6). When sent, the edit applies only if the record is
 * still at that version, else 409 `editedMeanwhile` with the current record; absent, nothing is checked (the
 * spec's client sends none). `If-Match: "<version>"` says the same in a header.
 */
export const sentVersion = wholeNumber().optional().meta({
  description:
    'The version the edit was made from; a record changed since answers 409 with the current record',
})
