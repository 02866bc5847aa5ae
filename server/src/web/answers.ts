import fastJson from 'fast-json-stringify'
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * The serializer of every JSON answer of the endpoint table. Each answer's zod schema is turned once into JSON
 * Schema and compiled by fast-json-stringify into a function that writes that shape and nothing else: what zod
 * did on every call (check each field, copy the object, then `JSON.stringify`) was a tenth of the CPU of a
 * products page (docs/performance.md). The contract is still what decides the text: a field it does not name is
 * left out, as zod left it out.
 *
 * With `check` (the API tests), each answer is also written the old way, checked by its zod schema, and the two
 * texts compared: an answer the contract does not describe, or one the compiled writer would write differently,
 * fails the test that made it with a 500 naming the route.
 */
export function answerSerializer(check: boolean): typeof checkedSerializerCompiler {
  return (route) => {
    const { schema, method, url } = route
    // Compiled on the first answer, not at start: most routes of a process never answer, and the start stays quick.
    let writer: ((data: unknown) => string) | undefined
    const fast = (data: unknown) => {
      writer ??= compiled(('properties' in schema ? schema.properties : schema) as z.ZodType)
      return writer(data)
    }
    if (!check) return fast
    const checked = checkedSerializerCompiler(route)
    return (data) => {
      const expected = checked(data)
      const written = fast(data)
      if (written !== expected) {
        throw new Error(
          `the compiled serializer of ${method} ${url} wrote ${written.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        )
      }
      return written
    }
  }
}

/**
 * A JSON Schema of what `schema` outputs, compiled. The `$schema` key is dropped: the Ajv under
 * fast-json-stringify (which checks a union's branches) reads draft 7.
 */
function compiled(schema: z.ZodType): (data: unknown) => string {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' })
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string
}
