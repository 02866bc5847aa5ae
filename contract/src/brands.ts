import { z } from 'zod'
import { entityIds, envelope, imagePath, isoDate, listEnvelope, requiredText } from './common.ts'

export const brand = z.object({
  ...entityIds,
  name: z.string(),
  /** A stored path, served at `/api/file` + path. */
  logo: z.string().nullable(),
  slug: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Brand = z.infer<typeof brand>

/** The add-brand form: name and logo required (spec section 5). */
export const brandCreateBody = z.object({ name: requiredText(120), logo: imagePath })
export type BrandCreateBody = z.infer<typeof brandCreateBody>

/** The edit-brand form: each field optional; `logo: null` is the remove button. */
export const brandUpdateBody = z.object({
  name: requiredText(120).optional(),
  logo: imagePath.nullable().optional(),
})
export type BrandUpdateBody = z.infer<typeof brandUpdateBody>

export const brandAnswer = envelope(brand)
export const brandList = listEnvelope(brand)
export const brandAll = envelope(z.array(brand))
