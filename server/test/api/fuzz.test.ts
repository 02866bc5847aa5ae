import { and, eq, isNotNull } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import {
  brands,
  categories,
  orderLines,
  orders,
  products,
  reviews,
  sessions,
  users,
} from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { expectCodes, startApp } from '../helpers.ts'

// Every operation the OpenAPI document lists gets generated bad input, sent as the administrator. Whatever
// arrives, the API answers below 500, in the envelope, and a 400 names the field at fault. The operations are
// read from the app, so a route added tomorrow is fuzzed without touching this file.

const t = await startApp()
afterAll(() => t.close())

// Seeded rows get ids far from the identity sequence, so a generated DELETE or PUT on a "real" id never hits
// the signed-in administrator (id 1) and a generated create never collides with them.
const SEEDED = 1000
const REAL_IDS = ['1000', '1001']

const passwordHash = await hashPassword('Customer123')
async function seed() {
  const { db } = t.database
  await db
    .insert(users)
    .values([
      { id: 1000, name: 'Nguyễn Văn An', email: 'an@test.example', role: 'user', passwordHash, gender: 2 },
      {
        id: 1001,
        name: 'Trần Thị Bình',
        email: 'binh@test.example',
        role: 'user',
        phoneNumber: '0901234567',
      },
    ])
    .onConflictDoNothing()
  await db
    .insert(categories)
    .values([
      { id: SEEDED, name: 'Áo thun', slug: 'ao-thun' },
      { id: SEEDED + 1, name: 'Quần', slug: 'quan' },
    ])
    .onConflictDoNothing()
  await db
    .insert(brands)
    .values([
      { id: SEEDED, name: 'Việt Tiến', slug: 'viet-tien', logo: '/2026/01/logo-viet-tien.webp' },
      { id: SEEDED + 1, name: 'An Phước', slug: 'an-phuoc' },
    ])
    .onConflictDoNothing()
  await db
    .insert(products)
    .values(
      [SEEDED, SEEDED + 1].map((id, i) => ({
        id,
        name: `Áo sơ mi ${i + 1}`,
        slug: `ao-so-mi-${i + 1}`,
        price: 350_000,
        images: ['/2026/01/ao-so-mi.webp'],
        description: 'Cotton',
        size: ['M', 'L'],
        quantity: 5 - i * 5,
        categoryId: SEEDED,
        brandId: SEEDED,
      })),
    )
    .onConflictDoNothing()
  await db
    .insert(reviews)
    .values([
      { id: SEEDED, productId: SEEDED, userId: 1000, content: 'Vải đẹp', rating: 5 },
      { id: SEEDED + 1, productId: SEEDED + 1, userId: 1001, content: 'Tạm được', rating: 3 },
    ])
    .onConflictDoNothing()
  await db
    .insert(orders)
    .values(
      [SEEDED, SEEDED + 1].map((id) => ({
        id,
        userId: 1000,
        address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
        amount: 730_000,
        quantity: 2,
        subtotal: 700_000,
        shipingFee: 30_000,
        totalPrice: 730_000,
        methodPayment: '1',
      })),
    )
    .onConflictDoNothing()
  await db
    .insert(orderLines)
    .values([
      { id: SEEDED, orderId: SEEDED, productId: SEEDED, price: 350_000, quantity: 1, size: 'M' },
      { id: SEEDED + 1, orderId: SEEDED, productId: SEEDED + 1, price: 350_000, quantity: 1, size: 'L' },
      { id: SEEDED + 2, orderId: SEEDED + 1, productId: SEEDED, price: 350_000, quantity: 2 },
    ])
    .onConflictDoNothing()
}
await seed()
// A generated DELETE may have removed a seeded row; put it back so every operation meets real ids.
beforeEach(async () => {
  await t.database.db.update(products).set({ deletedAt: null })
  await seed()
})

// ---- the operations, as the OpenAPI document describes them -------------------------------------------------

interface Operation {
  method: Uppercase<string>
  path: string
  query: string[]
  bodyFields: string[]
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema
  takesBody: boolean
}

interface Schema {
  type?: string
  enum?: unknown[]
  anyOf?: Schema[]
  nullable?: boolean
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
}
interface OpenApiDocument {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[]
        requestBody?: { content?: Record<string, { schema?: Schema }> }
        responses?: Record<string, { content?: Record<string, unknown> }>
      }
    >
  >
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/**
 * The paths of streams (the live updates), whose good answer never ends; events.test.ts checks them, their
 * refusals and their query over real HTTP. A generated address is resolved as the request's URL is (`..` and `.`
 * segments taken away), so `/api/admin/orders/../events` is one of them too.
 */
const streams = new Set<string>()
const isStream = (url: string) => streams.has(new URL(url, 'http://localhost').pathname)

function operationsOf(document: OpenApiDocument): Operation[] {
  const found: Operation[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue
      if (operation.responses?.['200']?.content?.['text/event-stream']) {
        streams.add(path)
        continue
      }
      const content = operation.requestBody?.content ?? {}
      const bodyFields = Object.values(content).flatMap((c) => Object.keys(c.schema?.properties ?? {}))
      found.push({
        method: method.toUpperCase() as Uppercase<string>,
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: [...new Set(bodyFields)],
        ...(content['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        takesBody: method !== 'get',
      })
    }
  }
  return found
}

const operations = operationsOf(t.app.swagger() as OpenApiDocument)

// ---- generators of bad input --------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000)
const nastyText = fc.constantFrom(
  '',
  '   ',
  HUGE,
  '0',
  '-1',
  '1.5',
  '1e9',
  '-0',
  'NaN',
  'Infinity',
  '99999999999999999999',
  'true',
  'null',
  '[]',
  '{}',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '😀👨‍👩‍👧',
  'Đồng hồ Hà Nội',
  '%',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'a@b',
  'admin@test.example',
  '/2026/01/ao-so-mi.webp',
)
const anyText = fc.oneof(
  nastyText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)
const nastyNumber = fc.oneof(
  fc.constantFrom(-1, -0.5, 0.5, 1.5, 0, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 63, 1000),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const scalar = fc.oneof(anyText, nastyNumber, fc.boolean(), fc.constant(null))
const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(anyText, fc.constantFrom('__proto__', 'constructor')), tie('junk'), {
      maxKeys: 4,
    }),
  ),
}))

/** A JSON body: anything at all, or the operation's own fields (some of them) filled with junk. */
const jsonBody = (op: Operation) =>
  fc.oneof(
    junk,
    op.bodyFields.length === 0
      ? junk
      : fc.record(Object.fromEntries(op.bodyFields.map((f) => [f, junk])), { requiredKeys: [] }),
    op.bodyFields.length === 0
      ? junk
      : fc
          .tuple(fc.subarray(op.bodyFields), junk, fc.constantFrom(null, [], {}, '', -1, 0.5, HUGE))
          .map(([fields, extra, bad]) => ({
            ...Object.fromEntries(fields.map((f) => [f, bad])),
            unexpected: extra,
          })),
  )

/**
 * A value the schema would accept, or one just past its edge: the way past validation to the SQL behind it.
 * Numbers meet the column limits (2^31, 2^53), texts their maximum length in multi-byte letters.
 */
function plausible(schema: Schema | undefined, name: string): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    if (!schema) return junk
    if (schema.enum) return fc.constantFrom(...schema.enum)
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, name)))
    if (schema.type === 'object' || schema.properties) return plausibleObject(schema)
    if (schema.type === 'array')
      return fc.array(plausible(schema.items, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    if (schema.type === 'boolean') return fc.boolean()
    if (schema.type === 'string') {
      if (schema.pattern) return fc.constantFrom('/2026/01/ao-so-mi.webp', '/2026/13/x.png', '/9999/99/a.gif')
      if (/email/i.test(name))
        return fc.constantFrom('an@test.example', 'admin@test.example', 'new@test.example')
      if (/phone/i.test(name))
        return fc.constantFrom('0901234567', '123456789', '123456789012345', '1234567890123456')
      if (/password/i.test(name)) return fc.constantFrom('Admin1234', 'Customer123', 'abcdefg1', 'a1')
      if (/^dob$|date/i.test(name))
        return fc.constantFrom('2000-02-29', '1999-02-29', '0001-01-01', '9999-12-31')
      const max = schema.maxLength ?? 255
      return fc.oneof(
        fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(max, 20) }),
        fc.constantFrom(
          'Đ'.repeat(max),
          '😀'.repeat(Math.ceil(max / 2)),
          'Đ'.repeat(max + 1),
          ' Áo thun ',
          '1000',
        ),
      )
    }
    // Numbers, and the untyped fields (transforms accept digits as text too): ids, money, quantities.
    return fc.oneof(
      fc.constantFrom(
        ...REAL_IDS,
        0,
        1,
        3,
        5,
        100,
        2 ** 31 - 1,
        2 ** 31,
        2 ** 53 - 1,
        '2147483648',
        '9007199254740991',
      ),
      fc.nat(),
    )
  })()
  return schema?.nullable ? fc.oneof(value, fc.constant(null)) : value
}

function plausibleObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, plausible(s, key)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  )
}

/** A body the schema would nearly take: every field plausible, then sometimes one field spoiled or dropped. */
const nearlyValidBody = (op: Operation) =>
  fc
    .tuple(
      plausibleObject(op.body ?? {}),
      fc.option(fc.constantFrom(...op.bodyFields, 'unexpected'), { freq: 2 }),
      junk,
      fc.boolean(),
    )
    .map(([body, field, bad, drop]) => {
      if (field === null) return body
      const spoiled: Record<string, unknown> = { ...body }
      if (drop) delete spoiled[field]
      else spoiled[field] = bad
      return spoiled
    })

/** Text sent with `content-type: application/json` that is not JSON, or is JSON of the wrong kind. */
const rawJsonText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '{"email": "a@b.c",}',
    "{'email': 'a@b.c'}",
    'undefined',
    'NaN',
    'null',
    'true',
    '42',
    '"text"',
    '[]',
    '[{}]',
    '<xml/>',
    '\u0000\u0001',
    '{"__proto__": {"role": "admin"}}',
    '{"constructor": {"prototype": {"role": "admin"}}}',
    `{"name": "${'a'.repeat(1_100_000)}"}`,
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
)

/** A path segment where an id belongs: real ids, junk, and things that are not URLs at all. */
const pathSegment = fc.oneof(
  fc.constantFrom(...REAL_IDS),
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '1e9',
    '0x10',
    '99999999999999999999',
    '9007199254740993',
    '%00',
    '%20',
    '%',
    '%zz',
    '%E0%A4%A',
    '%2e%2e',
    'null',
    'undefined',
    '1000%20',
    '1'.repeat(64),
    '1'.repeat(65),
    'a'.repeat(300),
    encodeURIComponent('Đồng hồ'),
    encodeURIComponent('😀'),
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer().map(String),
)
/** The rest of a path where a route takes a wildcard (stored file paths). */
const wildcardPath = fc.oneof(
  fc.constantFrom(
    '2026/01/ao-so-mi.webp',
    '2026/01/none.webp',
    '%2e%2e/%2e%2e/etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '2026/01/%00.webp',
    'a'.repeat(300),
    '%',
  ),
  fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
)

const QUERY_KEYS = ['page', 'limit', 'name', 'content', 'role', 'productId', 'sortBy']
const queryValue = fc.oneof(
  anyText,
  nastyNumber.map(String),
  fc.constantFrom('user', 'admin', 'ADMIN', '1', '10', '100', '101'),
)
const queryString = (op: Operation) =>
  fc.oneof(
    fc
      .array(
        fc.tuple(fc.constantFrom(...new Set([...QUERY_KEYS, ...op.query])), queryValue),
        // Repeated keys arrive as arrays, which a schema expecting one string must refuse politely.
        { maxLength: 6 },
      )
      .map((pairs) => new URLSearchParams(pairs).toString()),
    fc.constantFrom(
      'page',
      'page=&limit=',
      'page[]=1',
      'page[x]=1',
      '__proto__[role]=admin',
      'constructor[prototype][x]=1',
      'name=%',
      'name=%zz',
      'content=%E0%A4%A',
      'limit=1&limit=2',
      '&&&==',
      `name=${'x'.repeat(5000)}`,
    ),
  )

const urlOf = (op: Operation, segments: { id: string; rest: string }) =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === '*' ? segments.rest : segments.id))

const target = (op: Operation, id = pathSegment) =>
  fc.record({ id, rest: wildcardPath }).map((segments) => urlOf(op, segments))
/** Mostly the seeded rows, so a body that passes validation reaches the database. */
const realTarget = (op: Operation) =>
  target(
    op,
    fc.oneof({ arbitrary: fc.constantFrom(...REAL_IDS), weight: 3 }, { arbitrary: pathSegment, weight: 1 }),
  )

/** A multipart body with junk parts, sometimes cut short. */
const multipart = fc
  .record({
    boundary: fc.constantFrom('xyz', '----fuzz', '"quoted"', ''),
    parts: fc.array(
      fc.record({
        name: fc.constantFrom('file', 'name', 'files', '', '"'),
        filename: fc.option(fc.constantFrom('a.png', '../../x.webp', 'ảnh.jpg', '', 'a"b.gif')),
        type: fc.constantFrom('image/png', 'image/webp', 'text/plain', 'application/json', ''),
        bytes: fc.uint8Array({ maxLength: 200 }),
      }),
      { maxLength: 3 },
    ),
    cut: fc.boolean(),
  })
  .map(({ boundary, parts, cut }) => {
    const b = boundary.replace(/"/g, '') || 'b'
    const chunks: Buffer[] = []
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`
      chunks.push(
        Buffer.from(`--${b}\r\ncontent-disposition: ${disposition}\r\ncontent-type: ${p.type}\r\n\r\n`),
        Buffer.from(p.bytes),
        Buffer.from('\r\n'),
      )
    }
    if (!cut) chunks.push(Buffer.from(`--${b}--\r\n`))
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) }
  })

// ---- one bad value at a time in every path id, query parameter and body field ---------------------------------

/** Path segments, as sent: NUL bytes, numbers past every column, other scripts, a lone surrogate, brackets. */
const BAD_SEGMENTS = [
  '%00',
  '1%00',
  '%20',
  '-1',
  '1e308',
  '99999999999999999999999',
  encodeURIComponent('中文'),
  encodeURIComponent('😀'),
  '%ED%A0%80',
  'x'.repeat(300),
  '%5B%5D',
]
/** Query values, as sent: NUL bytes, numbers, other scripts, empty, a key twice (an array) or with brackets. */
const badQueries = (name: string) => [
  ...[
    '%00',
    'a%00b',
    '',
    '-1',
    '1e308',
    '99999999999999999999999',
    encodeURIComponent('Привет'),
    '%ED%A0%80',
  ].map((value) => `${name}=${value}`),
  `${name}=1&${name}=2`,
  `${name}=%00&${name}=%00`,
  `${name}[]=1`,
  `${name}[a]=%00`,
]
/** JSON values for a body field: NUL bytes, huge and odd numbers, other scripts, empty, the wrong kind. */
const BAD_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '',
  '1e308',
  '99999999999999999999999',
  'مرحبا',
  '😀',
  '\uD800',
  'x'.repeat(10_000),
  -1,
  1.5,
  1e308,
  2 ** 64,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { id: '\u0000' },
]

/** Every request of the sweep of `op`: each path parameter, query parameter and body field spoiled alone. */
function sweepOf(op: Operation): (InjectOptions & { url: string })[] {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  const urlWith = (name?: string, value?: string) =>
    op.path.replace(/\{([^}]+)\}/g, (_, n: string) =>
      n === name ? value! : n === '*' ? '2026/01/ao-so-mi.webp' : REAL_IDS[0]!,
    )
  const requests: (InjectOptions & { url: string })[] = []
  for (const name of names)
    for (const value of BAD_SEGMENTS) requests.push({ method: op.method, url: urlWith(name, value) })
  for (const name of op.query)
    for (const query of badQueries(name)) requests.push({ method: op.method, url: `${urlWith()}?${query}` })
  if (op.body) {
    // A body valid but for the one field, so the value meets the checks behind the schema too.
    const [base] = fc.sample(plausibleObject(op.body), { numRuns: 1, seed: 7 })
    for (const field of op.bodyFields)
      for (const value of BAD_VALUES)
        requests.push({
          method: op.method,
          url: urlWith(),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...base, [field]: value }),
        })
  }
  return requests
}

// ---- the property -------------------------------------------------------------------------------------------

/** Opens the administrator's session again if a request ended it; whether it had ended. */
async function reopenSession(): Promise<boolean> {
  const reopened = await t.database.db
    .update(sessions)
    .set({ endedAt: null })
    .where(and(eq(sessions.id, t.sessionId), isNotNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return reopened.length > 0
}

/** Every request sent, and those answered 500 or above: the file ends by printing both. */
const counts = { requests: 0, serverErrors: 0 }

async function send(request: InjectOptions & { url: string }) {
  if (isStream(request.url)) return
  const answer = await t.app.inject({ ...request, headers: { ...t.auth, ...request.headers } })
  counts.requests++
  if (answer.statusCode >= 500) counts.serverErrors++
  // A generated sign-out (or anything else that ends the administrator's session) would leave every later
  // request a 401 that reaches nothing: the session is opened again and the request sent once more.
  if (answer.statusCode === 401 && (await reopenSession())) return send(request)
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
    return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text
  }
  const where = `${request.method} ${shown(request.url)} with ${shown(request.payload ?? 'no body')} → ${answer.statusCode} ${shown(answer.body)}`

  if (answer.statusCode >= 500) throw new Error(`server error: ${where}`)
  if (!answer.headers['x-request-id']) throw new Error(`no x-request-id: ${where}`)
  const type = String(answer.headers['content-type'] ?? '')
  if (answer.statusCode === 204) return
  if (answer.statusCode < 400 && !type.includes('json')) return // a served file
  if (!type.includes('application/json')) throw new Error(`not a JSON answer: ${where}`)
  let body: unknown
  try {
    body = JSON.parse(answer.body)
  } catch {
    throw new Error(`unparsable JSON: ${where}`)
  }
  const envelope = body as { status?: unknown; data?: unknown; message?: unknown; errors?: unknown }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    throw new Error(`not an envelope: ${where}`)
  if (typeof envelope.status !== 'boolean' || !('data' in envelope) || typeof envelope.message !== 'string')
    throw new Error(`not an envelope: ${where}`)
  if (envelope.status !== answer.statusCode < 400) throw new Error(`status disagrees with the code: ${where}`)
  if (envelope.status === false) {
    try {
      expectCodes(envelope)
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${where}`)
    }
  }
  if (answer.statusCode === 400) {
    const errors = envelope.errors as Record<string, unknown> | undefined
    const fields = errors && typeof errors === 'object' ? Object.keys(errors) : []
    if (fields.length === 0) throw new Error(`a 400 without errors: ${where}`)
    if (!Object.values(errors!).every((m) => typeof m === 'string' && m.length > 0))
      throw new Error(`a 400 whose errors are not messages: ${where}`)
    if (!fields.some((f) => (envelope.message as string).includes(f)))
      throw new Error(`a 400 whose message names no field: ${where}`)
  }
}

// Bounded: about 60 generated requests an operation and the sweep of its parameters and fields, some 6,000
// requests in all, keep the file within a minute on PGlite.
// FUZZ_SCALE=20 digs twenty times deeper, for a run by hand.
const scale = Math.max(1, Number(process.env.FUZZ_SCALE) || 1)
const runs = { numRuns: 16 * scale, endOnFailure: true } as const
const fewer = { numRuns: 8 * scale, endOnFailure: true } as const

describe('generated bad input', () => {
  it('finds the operations to fuzz in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(0)
    for (const op of operations) expect(op.path.startsWith('/api/')).toBe(true)
  })

  for (const op of operations) {
    describe(`${op.method} ${op.path}`, () => {
      it('answers junk path ids and query strings in the envelope', async () => {
        await fc.assert(
          fc.asyncProperty(target(op), queryString(op), async (url, query) => {
            await send({ method: op.method, url: query ? `${url}?${query}` : url })
          }),
          runs,
        )
      })

      it('answers a bad value in each path id, query parameter and body field, one at a time', async () => {
        for (const request of sweepOf(op)) await send(request)
      })

      if (!op.takesBody) return

      it('answers junk JSON bodies in the envelope', async () => {
        await fc.assert(
          fc.asyncProperty(target(op), jsonBody(op), async (url, body) => {
            await send({
              method: op.method,
              url,
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body) ?? 'null',
            })
          }),
          runs,
        )
      })

      if (op.body)
        it('answers nearly valid JSON bodies in the envelope', async () => {
          await fc.assert(
            fc.asyncProperty(realTarget(op), nearlyValidBody(op), async (url, body) => {
              await send({
                method: op.method,
                url,
                headers: { 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              })
            }),
            runs,
          )
        })

      it('answers bodies that are not JSON under a JSON content type', async () => {
        await fc.assert(
          fc.asyncProperty(target(op), rawJsonText, async (url, text) => {
            await send({
              method: op.method,
              url,
              headers: { 'content-type': 'application/json' },
              payload: text,
            })
          }),
          fewer,
        )
      })

      it('answers junk multipart and other content types', async () => {
        const other = fc.constantFrom(
          { contentType: 'text/plain', payload: Buffer.from('name=x') },
          { contentType: 'application/x-www-form-urlencoded', payload: Buffer.from('name=x&price=-1') },
          { contentType: 'application/xml', payload: Buffer.from('<a/>') },
          { contentType: 'application/json; charset=utf-16', payload: Buffer.from('{}') },
          { contentType: 'no/such-type', payload: Buffer.from([0, 1, 2]) },
        )
        await fc.assert(
          fc.asyncProperty(target(op), fc.oneof(multipart, other), async (url, body) => {
            await send({
              method: op.method,
              url,
              headers: { 'content-type': body.contentType },
              payload: body.payload,
            })
          }),
          fewer,
        )
      })
    })
  }
})

describe('all of it', () => {
  it('answered every request below 500', () => {
    console.info(`fuzz: ${counts.requests} requests, ${counts.serverErrors} answers ≥ 500`)
    expect(counts.requests).toBeGreaterThan(3000)
    expect(counts.serverErrors).toBe(0)
  })
})
