import { endpoints } from '@store/contract'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answerSerializer } from '../../src/web/answers.ts'

// The compiled serializer of the endpoint table's answers (web/answers.ts): the text it writes, and what the
// checking mode the API tests run in refuses.

const route = (schema: z.ZodType, url = '/api/test') => ({ schema, method: 'GET', url, httpStatus: '200' })
const writer = (schema: z.ZodType, check = false) =>
  answerSerializer(check)(route(schema) as Parameters<ReturnType<typeof answerSerializer>>[0])

const product = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  rating: z.number(),
  thumbnail: z.string().nullable(),
  note: z.string().optional(),
  size: z.array(z.enum(['S', 'M'])),
})
const sample = {
  id: '7',
  name: 'Áo "thun"\n',
  price: 250_000,
  rating: 4.25,
  thumbnail: null,
  size: ['S', 'M'],
}

describe('answerSerializer', () => {
  it('writes what JSON.stringify writes of the answer zod would give, fields in the contract order', () => {
    const text = writer(product)({ extra: 'left out', ...sample })
    expect(text).toBe(JSON.stringify(product.parse(sample)))
    expect(JSON.parse(text)).toEqual(sample)
    expect(writer(product)({ ...sample, note: 'kept' })).toContain('"note":"kept"')
  })

  it('compiles every JSON answer of the endpoint table', () => {
    const answers = Object.values(endpoints).flatMap((group) =>
      Object.values(group as Record<string, { answer: z.ZodType; responses?: unknown }>)
        .filter((e) => !e.responses)
        .map((e) => e.answer),
    )
    expect(answers.length).toBeGreaterThan(50)
    // Compiled on first use: writing an empty object forces it, and an answer's required fields then throw or
    // are written empty, never a compile error.
    for (const answer of answers) {
      try {
        writer(answer)({})
      } catch (error) {
        expect(String(error)).not.toMatch(/schema|compile|unsupported/i)
      }
    }
  })

  it('checking, refuses an answer the contract does not describe, naming the route', () => {
    const checked = writer(product, true)
    expect(checked(sample)).toBe(JSON.stringify(sample))
    expect(() => checked({ ...sample, price: '250000' })).toThrow()
    // The compiled writer alone would have written the string as a number: only the check catches it.
    expect(writer(product)({ ...sample, price: '250000' })).toContain('"price":250000')
  })
})
