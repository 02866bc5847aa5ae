import { z } from 'zod'
import { envelope, requiredText } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { messageRef, messages } from './messages.ts'

/**
 * Vietnam's administrative units since 1 July 2025 (Decision 19/2025/QĐ-TTg, CONTRACT 5.6): 34 provinces and
 * centrally-run cities, and their 3,321 wards and communes, with no district level between them. Codes are the
 * official ones: two digits for a province, five for a ward.
 */
export const province = z.object({
  code: z.string(),
  /** `Hà Nội` */
  name: z.string(),
  /** `Thành phố Hà Nội`: what an address prints. */
  fullName: z.string(),
  /** `Hanoi` */
  nameEn: z.string(),
})
export type Province = z.infer<typeof province>

export const ward = z.object({
  code: z.string(),
  provinceCode: z.string(),
  /** `Cầu Giấy` */
  name: z.string(),
  /** `Phường Cầu Giấy` */
  fullName: z.string(),
  /** `Cau Giay` */
  nameEn: z.string(),
})
export type Ward = z.infer<typeof ward>

export const provinceCode = z.string({ error: messageRef('invalid') }).regex(/^\d{2}$/, messageRef('invalid'))

/**
 * An address by the 2025 units (CONTRACT 5.6): the street part as written, and the official codes of its ward and
 * province. The server checks the codes (an unknown one is a 400 naming it) and writes the address's text
 * `street, <ward full name>, <province full name>` beside them.
 */
export const addressParts = z.object({
  street: requiredText(300),
  wardCode: z.string({ error: messages.required }).regex(/^\d{5}$/, messageRef('invalid')),
  provinceCode: z.string({ error: messages.required }).regex(/^\d{2}$/, messageRef('invalid')),
})
export type AddressParts = z.infer<typeof addressParts>

export const placeEndpoints = defineEndpoints('places', {
  provinces: {
    method: 'GET',
    path: '/admin/places/provinces',
    // Reference data every address field of the back-office offers; no record of the shop is in it.
    permission: 'signedIn',
    summary: 'The 34 provinces and cities of the 2025 administrative units, in the order of their codes',
    answer: envelope(z.array(province)),
  },
  wards: {
    method: 'GET',
    path: '/admin/places/provinces/:code/wards',
    permission: 'signedIn',
    summary: 'The wards and communes of one province (2025 units), in the order of their codes',
    params: z.object({ code: provinceCode }),
    answer: envelope(z.array(ward)),
  },
})
