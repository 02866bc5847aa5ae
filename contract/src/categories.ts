import { z } from 'zod'
import { entityIds, envelope, isoDate, listEnvelope, requiredText } from './common.ts'

export const category = z.object({
  ...entityIds,
  name: z.string(),
  slug: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Category = z.infer<typeof category>

export const categoryBody = z.object({ name: requiredText(120) })
export type CategoryBody = z.infer<typeof categoryBody>

export const categoryAnswer = envelope(category)
export const categoryList = listEnvelope(category)
export const categoryAll = envelope(z.array(category))
