import { readFileSync } from 'node:fs'
import { normalPhone } from '@store/contract'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Finding an order the way a customer names it on the phone (CONTRACT 5.2): its number, with or without `#`, the
// customer's phone in any common writing, or the customer's name; and the orders' source (CONTRACT 5.1).

let t: TestApp
const LIST = '/api/admin/orders'

type Customer = Awaited<ReturnType<typeof insertCustomer>>
let tam: Customer
let lan: Customer
/** The orders of Tâm (phone 0909123456), of Lan (0336729912), and one of a customer whose number is shorter. */
const tams: string[] = []
const lans: string[] = []
let shortPhoned: string

beforeAll(async () => {
  t = await startApp()
  const db = t.database.db
  tam = await insertCustomer(db, { name: 'Nguyễn Văn Tâm', phoneNumber: '0909123456' })
  lan = await insertCustomer(db, { name: 'Trần Thị Lan', phoneNumber: '0336729912' })
  const other = await insertCustomer(db, { name: 'Lê Số Ngắn', phoneNumber: '912345678' })
  const shirt = await insertProduct(db, { name: 'Áo thun', price: 100_000 })
  for (const source of ['phone', 'zalo'] as const)
    tams.push(
      String(
        (await insertOrder(db, { user: tam, source, lines: [{ product: shirt, quantity: 1 }] })).order.id,
      ),
    )
  for (const source of ['facebook', 'web', 'shop'] as const)
    lans.push(
      String(
        (await insertOrder(db, { user: lan, source, lines: [{ product: shirt, quantity: 2 }] })).order.id,
      ),
    )
  shortPhoned = String(
    (await insertOrder(db, { user: other, lines: [{ product: shirt, quantity: 1 }] })).order.id,
  )
})
afterAll(async () => t.close())

/** The ids the list answers for `query`, checked against the total it gives. */
async function found(query: string) {
  const body = expectEnvelope(await t.call('GET', `${LIST}?limit=100&${query}`), 200)
  const ids = body.data.map((o: { id: string }) => o.id)
  expect(body.meta.totalResults, query).toBe(ids.length)
  return [...ids].sort()
}

const sorted = (ids: string[]) => [...ids].sort()

describe('GET /api/admin/orders?q=', () => {
  it('finds an order by its number, with or without #', async () => {
    const id = lans[1]!
    expect(await found(`q=${encodeURIComponent(`#${id}`)}`)).toEqual([id])
    expect(await found(`q=${id}`)).toEqual([id])
    expect(await found(`q=${encodeURIComponent(` #${id} `)}`)).toEqual([id])
  })

  it("finds a customer's orders by the phone in every common writing", async () => {
    for (const writing of [
      '0909123456',
      '0909 123 456',
      '0909.123.456',
      '0909-123-456',
      '+84 909 123 456',
      '+84909123456',
      '84909123456',
      '(0909) 123 456',
    ])
      expect(await found(`q=${encodeURIComponent(writing)}`), writing).toEqual(sorted(tams))
    expect(await found('q=0336729912')).toEqual(sorted(lans))
    // A 9-digit number is a phone as well as a possible order number.
    expect(await found('q=912345678')).toEqual([shortPhoned])
  })

  it("finds orders by the customer's name, without diacritics, as `name` does", async () => {
    expect(await found('q=tam')).toEqual(sorted(tams))
    expect(await found(`q=${encodeURIComponent('Trần Thị')}`)).toEqual(sorted(lans))
    expect(await found(`q=${encodeURIComponent('tran thi')}`)).toEqual(
      await found(`name=${encodeURIComponent('tran thi')}`),
    )
  })

  it('narrows together with the other filters, and finds nothing for what no order has', async () => {
    expect(await found(`q=0909123456&source=zalo`)).toEqual([tams[1]])
    expect(await found(`q=lan&name=tam`)).toEqual([])
    expect(await found(`q=${encodeURIComponent('#99999999')}`)).toEqual([])
    expect(await found('q=0999999999')).toEqual([])
    expect(await found(`q=${encodeURIComponent('#0')}`)).toEqual([])
    expect(await found(`q=${'9'.repeat(30)}`)).toEqual([])
    // Empty is not given.
    expect((await found('q=')).length).toBeGreaterThanOrEqual(tams.length + lans.length + 1)
  })

  it('refuses a search longer than 200 characters, naming q', async () => {
    const body = expectEnvelope(await t.call('GET', `${LIST}?q=${'a'.repeat(201)}`), 400)
    expect(body.errors).toHaveProperty('q')
  })
})

describe('GET /api/admin/orders?source=', () => {
  it('answers each order with its source and narrows the list by it', async () => {
    const body = expectEnvelope(await t.call('GET', `${LIST}/${tams[0]}`), 200)
    expect(body.data.source).toBe('phone')
    expect(await found('source=facebook')).toEqual([lans[0]])
    expect(await found('source=shop')).toEqual([lans[2]])
    // Orders from before sources were kept, and the storefront's, are `web`.
    expect(await found('source=web')).toEqual(sorted([lans[1]!, shortPhoned]))
  })

  it('refuses an unknown source, naming it', async () => {
    const body = expectEnvelope(await t.call('GET', `${LIST}?source=telegram`), 400)
    expect(body.errors).toHaveProperty('source')
  })
})

describe('migration 0014', () => {
  it('writes the phone numbers of earlier customers in the one form normalPhone keeps', async () => {
    const written = [
      '0909 123 456',
      '+84 909.123.457',
      '84909123458',
      '840000000',
      '(028) 3822-1234',
      '0912345679',
    ]
    const made = await Promise.all(
      written.map((phoneNumber) => insertCustomer(t.database.db, { name: 'Khách Cũ', phoneNumber })),
    )
    const file = new URL('../../drizzle/0014_orders_taken_by_staff.sql', import.meta.url)
    const update = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "users" SET "phone_number"'))!
    await t.database.db.execute(sql.raw(update))
    const kept = await t.database.db
      .select({ id: users.id, phone: users.phoneNumber })
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((u) => u.id),
        ),
      )
    const byId = new Map(kept.map((u) => [u.id, u.phone]))
    expect(made.map((u) => byId.get(u.id))).toEqual(written.map(normalPhone))
  })
})
