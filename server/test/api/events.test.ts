import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { insertProduct } from '../data.ts'
import { type EventStream, openEventStream } from '../event-stream.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The live updates stream (CONTRACT 5.7), read over real HTTP as a browser reads it, on both databases: on the
// embedded one the bus is this process's, on PostgreSQL every event goes through NOTIFY and comes back through
// the process's one LISTEN connection. The heartbeat is long here, so a stream that closes promptly closed
// because its session ended, not because a heartbeat found it; the heartbeat has an app of its own below.

let t: TestApp
let base: string
const open: EventStream[] = []
const ORDERS = '/api/admin/orders'
const STAFF_MEMBER = { email: 'staff.live@test.example', password: 'Staff12345' }

const tokenOf = (auth: { authorization: string }) => auth.authorization.slice('Bearer '.length)

async function stream(token: string | undefined, options: { header?: boolean } = {}) {
  const s = await openEventStream(base, token, options)
  open.push(s)
  return s
}

async function signIn(member: { email: string; password: string }) {
  const body = expectEnvelope(await t.call('POST', '/api/admin/auth/login', member, {}), 200)
  return {
    auth: { authorization: `Bearer ${body.data.tokens.access.token}` },
    token: body.data.tokens.access.token as string,
    refresh: body.data.tokens.refresh.token as string,
  }
}

let customers = 0
async function createOrder(productId: number, quantity = 1, as = t.auth) {
  const answer = await t.call(
    'POST',
    ORDERS,
    {
      customer: {
        name: `E2E Live ${++customers}`,
        phoneNumber: `0913 ${String(customers).padStart(3, '0')} 456`,
      },
      address: '1 Lê Lợi, Quận 1, TP Hồ Chí Minh',
      lines: [{ productId: String(productId), quantity }],
      methodPayment: '1',
      source: 'phone',
    },
    as,
  )
  return { answer, at: performance.now() }
}

beforeAll(async () => {
  t = await startApp({ env: { EVENTS_HEARTBEAT_SECONDS: '60' } })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  await t.database.db.insert(users).values({
    name: 'Lê Nhân Viên',
    email: STAFF_MEMBER.email,
    passwordHash: await hashPassword(STAFF_MEMBER.password),
    role: 'staff',
  })
})
afterAll(async () => {
  for (const s of open) s.close()
  await t.close()
})

describe('GET /api/admin/events', () => {
  it('is 401 without a token, with a token that is not one, and with a token of an ended session', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const refused = await stream(token)
      expect(refused.status).toBe(401)
      expect(JSON.parse(refused.body)).toMatchObject({ status: false })
    }
    const member = await signIn(STAFF_MEMBER)
    const out = await t.call('POST', '/api/admin/auth/logout', { refreshToken: member.refresh }, member.auth)
    expect(out.statusCode).toBe(204)
    const ended = await stream(member.token)
    expect(ended.status).toBe(401)
    expect(JSON.parse(ended.body).code).toBe('sessionEnded')
  })

  it('sends order.created within a second of an order made through the API, to the query token and the header alike', async () => {
    const product = await insertProduct(t.database.db, { name: 'Áo thun', price: 150_000, quantity: 50 })
    const byQuery = await stream(tokenOf(t.auth))
    const byHeader = await stream(tokenOf(t.auth), { header: true })
    expect(byQuery.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(byQuery.headers['cache-control']).toBe('no-store, no-transform')
    const { answer, at } = await createOrder(product.id)
    const id = expectEnvelope(answer, 201).data.id
    for (const s of [byQuery, byHeader]) {
      const event = await s.next((e) => e.type === 'order.created' && e.data.id === id, 1_000)
      expect(event.data).toEqual({ id })
      expect(event.at - at).toBeLessThan(1_000)
    }
  })

  it('sends order.updated for a status move, a bulk move and a note, and nothing for a refused change', async () => {
    const product = await insertProduct(t.database.db, { name: 'Quần short', price: 200_000, quantity: 50 })
    const admin = await stream(tokenOf(t.auth))
    const id = expectEnvelope((await createOrder(product.id)).answer, 201).data.id
    const other = expectEnvelope((await createOrder(product.id)).answer, 201).data.id
    await admin.next((e) => e.type === 'order.created' && e.data.id === other)

    const move = (ids: string[], status: number) =>
      t.call('POST', `${ORDERS}/bulk-status`, { ids, status }).then((a) => expectEnvelope(a, 200))
    await move([id], 2)
    await admin.next((e) => e.type === 'order.updated' && e.data.id === id, 1_000)

    // A bulk move where one order is refused (it is at 2 already): only the order that moved is told of.
    const moved = admin.events.length
    const bulk = await move([id, other], 2)
    expect(bulk.data.map((o: { ok: boolean }) => o.ok)).toEqual([false, true])
    expectEnvelope(await t.call('POST', `${ORDERS}/${other}/notes`, { note: 'Khách hẹn giao chiều' }), 201)
    // The note's event comes after the bulk's: by then every event of the bulk call is in.
    await admin.next(
      (e, i = admin.events.indexOf(e)) => i > moved && e.type === 'order.updated' && e.data.id === other,
    )
    const afterBulk = admin.events.slice(moved + 1)
    expect(afterBulk.some((e) => e.data.id === id)).toBe(false)
  })

  it('sends stock.low once, as the stock falls to the threshold, to catalogue readers; a refused order sends nothing', async () => {
    // The default threshold is 5: 7 → 5 crosses it, 5 → 4 is already below.
    const product = await insertProduct(t.database.db, { name: 'Mũ lưỡi trai', price: 90_000, quantity: 7 })
    const member = await signIn(STAFF_MEMBER)
    const staff = await stream(member.token)
    expectEnvelope((await createOrder(product.id, 2)).answer, 201)
    const low = await staff.next((e) => e.type === 'stock.low', 1_000)
    expect(low.data).toEqual({ productId: String(product.id) })
    const refused = await createOrder(product.id, 99)
    expect(refused.answer.statusCode).toBe(409)
    const last = expectEnvelope((await createOrder(product.id, 1)).answer, 201).data.id
    await staff.next((e) => e.type === 'order.created' && e.data.id === last)
    expect(staff.events.filter((e) => e.type === 'stock.low')).toHaveLength(1)
    // The refused order made no order: every order.created names an order that exists.
    const created = staff.events.filter((e) => e.type === 'order.created').map((e) => e.data.id)
    for (const id of created) expectEnvelope(await t.call('GET', `${ORDERS}/${id}`), 200)
  })

  it('sends staff.updated to an administrator and never to staff, whose role may not read it', async () => {
    const member = await signIn(STAFF_MEMBER)
    const staff = await stream(member.token)
    const admin = await stream(tokenOf(t.auth))
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/staff', {
        name: 'Trần Mới',
        email: 'tran.moi@test.example',
        role: 'staff',
      }),
      201,
    ).data
    await admin.next((e) => e.type === 'staff.updated' && e.data.id === created.id, 1_000)
    // An order after it: the staff stream is alive and in order, and had its chance at the staff event first.
    const product = await insertProduct(t.database.db, { name: 'Túi vải', price: 50_000, quantity: 50 })
    const id = expectEnvelope((await createOrder(product.id)).answer, 201).data.id
    await staff.next((e) => e.type === 'order.created' && e.data.id === id)
    expect(staff.events.map((e) => e.type)).not.toContain('staff.updated')
  })

  it('closes the stream at sign-out, when the session is ended from another device, and when the account is disabled', async () => {
    const signedOut = await signIn(STAFF_MEMBER)
    const first = await stream(signedOut.token)
    const started = performance.now()
    expect(
      (await t.call('POST', '/api/admin/auth/logout', { refreshToken: signedOut.refresh }, signedOut.auth))
        .statusCode,
    ).toBe(204)
    await first.ended
    expect(performance.now() - started).toBeLessThan(1_000)

    const phone = await signIn(STAFF_MEMBER)
    const laptop = await signIn(STAFF_MEMBER)
    const onPhone = await stream(phone.token)
    const onLaptop = await stream(laptop.token)
    const sessions = expectEnvelope(
      await t.call('GET', '/api/admin/auth/sessions', undefined, laptop.auth),
      200,
    )
    const phoneSession = sessions.data.find((s: { current: boolean }) => !s.current)
    const sid = JSON.parse(Buffer.from(phone.token.split('.')[1]!, 'base64url').toString()).sid
    expect(phoneSession.id).toBe(sid)
    expectEnvelope(await t.call('DELETE', `/api/admin/auth/sessions/${sid}`, undefined, laptop.auth), 200)
    await onPhone.ended
    // The laptop's session lives on, and so does its stream.
    const product = await insertProduct(t.database.db, { name: 'Khăn', price: 40_000, quantity: 50 })
    const id = expectEnvelope((await createOrder(product.id)).answer, 201).data.id
    await onLaptop.next((e) => e.type === 'order.created' && e.data.id === id)

    const members = expectEnvelope(
      await t.call('GET', `/api/admin/staff?name=${STAFF_MEMBER.email}`),
      200,
    ).data
    const disabledAt = performance.now()
    expectEnvelope(await t.call('PUT', `/api/admin/staff/${members[0].id}`, { active: false }), 200)
    await onLaptop.ended
    expect(performance.now() - disabledAt).toBeLessThan(1_000)
    expectEnvelope(await t.call('PUT', `/api/admin/staff/${members[0].id}`, { active: true }), 200)
  })
})

describe('the heartbeat', () => {
  it('comes every EVENTS_HEARTBEAT_SECONDS as a comment line', async () => {
    const quick = await startApp({ env: { EVENTS_HEARTBEAT_SECONDS: '1' } })
    try {
      await quick.app.listen({ host: '127.0.0.1', port: 0 })
      const port = (quick.app.server.address() as AddressInfo).port
      const s = await openEventStream(`http://127.0.0.1:${port}`, tokenOf(quick.auth))
      const started = performance.now()
      await s.comment('heartbeat', 2, 3_500)
      // One beat of the server's clock for every stream: two come a second apart, the first at any time.
      expect(performance.now() - started).toBeGreaterThan(950)
      expect(s.events).toEqual([])
      s.close()
    } finally {
      await quick.close()
    }
  })
})
