import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderEvents, orders, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { downloadCsv } from '../csv.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { ADMIN, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The order workflow (CONTRACT 4.5 and 4.6): status moves forward only, amount and quantity follow the lines
// until set by hand and only while the order is open, the payment status, the timeline with who did what, staff
// notes, and the version check on every edit.

let t: TestApp
// The access tokens are signed at 08:00 and live 15 minutes: the clock moves a second at a time.
let clock = new Date('2026-03-10T08:00:00.000Z')
const tick = () => {
  clock = new Date(clock.getTime() + 1000)
  return clock.toISOString()
}

const NAMES: Record<number, string> = { 0: 'Cancelled', 1: 'Pending', 2: 'Processing', 3: 'Delivered' }
/** The moves CONTRACT 4.5 allows, written out here rather than read from the code under test. */
const ALLOWED = new Set(['1>2', '1>3', '1>0', '2>3', '2>0'])
const PAIRS = [0, 1, 2, 3].flatMap((from) => [0, 1, 2, 3].map((to) => [from, to] as const))

type Customer = Awaited<ReturnType<typeof insertCustomer>>
type Product = Awaited<ReturnType<typeof insertProduct>>
let customer: Customer
let shirt: Product
let jeans: Product
const STAFF = { email: 'thu.ngan@test.example', password: 'Staff1234', name: 'Phạm Thu Ngân' }
let staff: { authorization: string }
let staffId: number

beforeAll(async () => {
  t = await startApp({ now: () => clock })
  const db = t.database.db
  customer = await insertCustomer(db, { name: 'Võ Thị Hoa' })
  shirt = await insertProduct(db, { name: 'Áo thun', price: 250_000 })
  jeans = await insertProduct(db, { name: 'Quần jean', price: 499_000 })
  const [member] = await db
    .insert(users)
    .values({
      name: STAFF.name,
      email: STAFF.email,
      passwordHash: await hashPassword(STAFF.password),
      role: 'staff',
    })
    .returning({ id: users.id })
  staffId = member!.id
  const login = expectEnvelope(
    await t.call('POST', '/api/admin/auth/login', { email: STAFF.email, password: STAFF.password }, {}),
    200,
  )
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t?.close())

const adminActor = () => ({
  id: String(t.adminId),
  _id: String(t.adminId),
  name: 'Test Admin',
  email: ADMIN.email,
})
const staffActor = () => ({ id: String(staffId), _id: String(staffId), name: STAFF.name, email: STAFF.email })

/** An order of two shirts and a pair of jeans: 2 × 250,000 + 499,000 + 30,000 shipping = 1,029,000. */
const place = async (status: number, methodPayment = '1') =>
  insertOrder(t.database.db, {
    user: customer,
    status,
    methodPayment,
    lines: [
      { product: shirt, quantity: 2 },
      { product: jeans, quantity: 1 },
    ],
  })
const url = (id: number | string) => `/api/admin/orders/${id}`
const orderOf = async (id: number | string) => expectEnvelope(await t.call('GET', url(id)), 200).data
const eventsOf = async (id: number | string) =>
  expectEnvelope(await t.call('GET', `${url(id)}/events`), 200).data
/** The edit form as it is filled from the order: everything as it is. */
const formOf = (o: { address: string; amount: number; quantity: number; status: number }) => ({
  address: o.address,
  amount: o.amount,
  quantity: o.quantity,
  status: o.status,
})
/** How many timeline events and audit entries there are: a refused call adds neither. */
const written = async () => {
  const db = t.database.db
  const [events] = await db.select({ n: count() }).from(orderEvents)
  const [entries] = await db.select({ n: count() }).from(auditLog)
  return { events: events!.n, entries: entries!.n }
}

describe('status moves (CONTRACT 4.5)', () => {
  it('PUT moves every allowed pair, refuses every other with 409 naming both statuses, and keeps the same', async () => {
    for (const [from, to] of PAIRS) {
      const { order } = await place(from)
      const before = await orderOf(order.id)
      const was = await written()
      const at = tick()
      const answer = await t.call('PUT', url(order.id), { ...formOf(before), status: to })
      const pair = `${from}>${to}`
      if (from === to) {
        // No change of status: nothing on the timeline about it, and nothing else changed either.
        expect(expectEnvelope(answer, 200, true).data.status, pair).toBe(from)
        expect(await eventsOf(order.id), pair).toHaveLength(1)
      } else if (ALLOWED.has(pair)) {
        const body = expectEnvelope(answer, 200)
        expect(body.data, pair).toMatchObject({ status: to, version: before.version + 1, updatedAt: at })
        const [event, created] = await eventsOf(order.id)
        expect(event, pair).toEqual({
          id: expect.any(String),
          at,
          actor: adminActor(),
          type: 'status',
          from,
          to,
        })
        expect(created.type).toBe('created')
      } else {
        const body = expectEnvelope(answer, 409)
        expect(body.code, pair).toBe('statusMove')
        expect(body.params, pair).toEqual({ from, to })
        expect(body.message, pair).toBe(`An order cannot go from ${NAMES[from]} to ${NAMES[to]}`)
        expect(body.codes.status.code).toBe('statusMove')
        expect(await orderOf(order.id), pair).toEqual(before)
        expect(await written(), pair).toEqual(was)
      }
    }
  })

  it('bulk-status moves the same pairs the same way, each moved order on its timeline', async () => {
    for (const to of [0, 1, 2, 3]) {
      const placed = await Promise.all([0, 1, 2, 3].map(async (from) => (await place(from)).order))
      const at = tick()
      const body = expectEnvelope(
        await t.call('POST', '/api/admin/orders/bulk-status', {
          ids: placed.map((o) => String(o.id)),
          status: to,
        }),
        200,
      )
      for (const [from, order] of placed.entries()) {
        const pair = `${from}>${to}`
        const outcome = body.data[from]
        const now = await orderOf(order.id)
        const events = await eventsOf(order.id)
        if (from === to) {
          expect(outcome, pair).toEqual({
            id: String(order.id),
            ok: false,
            message: `The order is already ${NAMES[to]}`,
            code: 'statusSame',
            params: { status: to },
          })
        } else if (ALLOWED.has(pair)) {
          expect(outcome, pair).toEqual({ id: String(order.id), ok: true, message: `Moved to ${NAMES[to]}` })
          expect(now, pair).toMatchObject({ status: to, version: 1, updatedAt: at })
          expect(events[0], pair).toEqual({
            id: expect.any(String),
            at,
            actor: adminActor(),
            type: 'status',
            from,
            to,
          })
          continue
        } else {
          expect(outcome, pair).toEqual({
            id: String(order.id),
            ok: false,
            message: `An order cannot go from ${NAMES[from]} to ${NAMES[to]}`,
            code: 'statusMove',
            params: { from, to },
          })
        }
        // Refused: the order is as it was.
        expect(now, pair).toMatchObject({ status: from, version: 0 })
        expect(
          events.map((e: { type: string }) => e.type),
          pair,
        ).toEqual(['created'])
      }
    }
  })
})

describe('amount and quantity (CONTRACT 4.5)', () => {
  it('sent as they are, they keep following the lines', async () => {
    const { order, lines } = await place(1)
    const before = await orderOf(order.id)
    const edited = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(before), address: '7 Pasteur, Quận 3' }),
      200,
    ).data
    expect(edited).toMatchObject({
      amount: 1_029_000,
      quantity: 3,
      amountByHand: false,
      quantityByHand: false,
    })
    expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[1]!.id}`), 200)
    expect(await orderOf(order.id)).toMatchObject({
      subtotal: 500_000,
      totalPrice: 530_000,
      amount: 530_000,
      quantity: 2,
      amountByHand: false,
      quantityByHand: false,
      version: 2,
    })
  })

  it('a new amount is set by hand and stays when a line goes; the quantity still follows', async () => {
    const { order, lines } = await place(2)
    const before = await orderOf(order.id)
    const at = tick()
    const edited = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(before), amount: 1_000_000 }),
      200,
    ).data
    expect(edited).toMatchObject({ amount: 1_000_000, totalPrice: 1_029_000, amountByHand: true })
    expect(edited.quantityByHand).toBe(false)
    const [event] = await eventsOf(order.id)
    expect(event).toMatchObject({ at, type: 'edited', changes: { amount: [1_029_000, 1_000_000] } })
    expect(Object.keys(event.changes)).toEqual(['amount'])
    expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[0]!.id}`), 200)
    expect(await orderOf(order.id)).toMatchObject({
      subtotal: 499_000,
      totalPrice: 529_000,
      amount: 1_000_000,
      quantity: 1,
      amountByHand: true,
    })
    // The amount as set, sent again, is no change: it stays set by hand.
    const again = await orderOf(order.id)
    expect(expectEnvelope(await t.call('PUT', url(order.id), formOf(again)), 200).data).toMatchObject({
      amount: 1_000_000,
      amountByHand: true,
    })
  })

  it('a new quantity is set by hand and stays when a line goes; the amount still follows', async () => {
    const { order, lines } = await place(1)
    const before = await orderOf(order.id)
    expect(
      expectEnvelope(await t.call('PUT', url(order.id), { ...formOf(before), quantity: 5 }), 200).data,
    ).toMatchObject({ quantity: 5, quantityByHand: true, amountByHand: false })
    expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[1]!.id}`), 200)
    expect(await orderOf(order.id)).toMatchObject({ quantity: 5, amount: 530_000, totalPrice: 530_000 })
  })

  it('changes only while the order is Pending or Processing: afterwards 409 naming the field and status', async () => {
    for (const status of [3, 0]) {
      const { order } = await place(status)
      const before = await orderOf(order.id)
      const was = await written()
      for (const [field, value] of [
        ['amount', 1],
        ['quantity', 9],
      ] as const) {
        const body = expectEnvelope(
          await t.call('PUT', url(order.id), { ...formOf(before), [field]: value }),
          409,
        )
        expect(body.code).toBe('orderLocked')
        expect(body.params).toEqual({ field, status })
        expect(body.message).toBe(`The ${field} of a ${NAMES[status]} order cannot change`)
        expect(Object.keys(body.codes)).toEqual([field])
      }
      expect(await orderOf(order.id)).toEqual(before)
      expect(await written()).toEqual(was)
      // Sent as they are, with another address, the edit goes through.
      const edited = expectEnvelope(
        await t.call('PUT', url(order.id), { ...formOf(before), address: '1 Đồng Khởi' }),
        200,
      ).data
      expect(edited).toMatchObject({ address: '1 Đồng Khởi', amount: before.amount, amountByHand: false })
    }
  })

  it('may change in the edit that closes the order, as the order is open when it is made', async () => {
    const { order } = await place(2)
    const before = await orderOf(order.id)
    const edited = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(before), status: 3, amount: 1_000_000 }),
      200,
    ).data
    expect(edited).toMatchObject({ status: 3, amount: 1_000_000, amountByHand: true })
    expect(
      expectEnvelope(await t.call('PUT', url(order.id), { ...formOf(edited), amount: 999_000 }), 409).code,
    ).toBe('orderLocked')
  })

  it('refuses to delete a line of a delivered or cancelled order with 409, changing nothing', async () => {
    for (const status of [3, 0]) {
      const { order, lines } = await place(status)
      const before = await orderOf(order.id)
      const was = await written()
      const body = expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[0]!.id}`), 409)
      expect(body.code).toBe('linesLocked')
      expect(body.params).toEqual({ status })
      expect(body.message).toBe(`The lines of a ${NAMES[status]} order cannot change`)
      expect(await orderOf(order.id)).toEqual(before)
      expect(
        expectEnvelope(await t.call('GET', `${url(order.id)}/detail/${order.id}`), 200).data,
      ).toHaveLength(2)
      expect(await written()).toEqual(was)
    }
  })
})

describe('payment status (CONTRACT 4.5)', () => {
  let paid: number
  let payer: Customer

  it('is set through PUT, kept when not sent, and refused when unknown', async () => {
    payer = await insertCustomer(t.database.db, { name: 'Đặng Văn Trả' })
    const { order } = await insertOrder(t.database.db, {
      user: payer,
      methodPayment: '2',
      lines: [{ product: shirt, quantity: 1 }],
    })
    paid = order.id
    const before = await orderOf(paid)
    expect(before.paymentStatus).toBe('unpaid')
    const at = tick()
    const set = expectEnvelope(
      await t.call('PUT', url(paid), { ...formOf(before), paymentStatus: 'paid' }),
      200,
    ).data
    expect(set).toMatchObject({ paymentStatus: 'paid', version: 1 })
    expect((await eventsOf(paid))[0]).toEqual({
      id: expect.any(String),
      at,
      actor: adminActor(),
      type: 'payment',
      from: 'unpaid',
      to: 'paid',
    })
    expect(expectEnvelope(await t.call('PUT', url(paid), formOf(set)), 200).data.paymentStatus).toBe('paid')
    const was = await written()
    for (const wrong of ['cash', 'PAID', '', 3]) {
      const body = expectEnvelope(
        await t.call('PUT', url(paid), { ...formOf(set), paymentStatus: wrong }),
        400,
      )
      expect(Object.keys(body.errors)).toEqual(['paymentStatus'])
      expect(body.errors.paymentStatus).toBe('Must be one of unpaid, pending, paid, failed, refunded')
    }
    expect(await written()).toEqual(was)
    expect((await orderOf(paid)).paymentStatus).toBe('paid')
  })

  it('filters the list and the export, which has it as a column', async () => {
    const { order: unpaid } = await insertOrder(t.database.db, {
      user: payer,
      lines: [{ product: jeans, quantity: 1 }],
    })
    const list = expectEnvelope(
      await t.call('GET', `/api/admin/orders?userId=${payer.id}&paymentStatus=paid`),
      200,
    )
    expect(list.data.map((o: { id: string }) => o.id)).toEqual([String(paid)])
    expect(list.meta.totalResults).toBe(1)
    const others = expectEnvelope(
      await t.call('GET', `/api/admin/orders?userId=${payer.id}&paymentStatus=unpaid`),
      200,
    )
    expect(others.data.map((o: { id: string }) => o.id)).toEqual([String(unpaid.id)])
    const none = expectEnvelope(
      await t.call('GET', `/api/admin/orders?userId=${payer.id}&paymentStatus=failed`),
      200,
    )
    expect(none.meta.totalResults).toBe(0)

    const { rows } = await downloadCsv(t, `/api/admin/orders/export?userId=${payer.id}&sortBy=createdAt:asc`)
    const column = rows[0]!.indexOf('paymentStatus')
    expect(rows[0]![column - 1]).toBe('methodPayment')
    expect(rows.slice(1).map((r) => [r[0], r[column]])).toEqual([
      [String(paid), 'paid'],
      [String(unpaid.id), 'unpaid'],
    ])
    const filtered = await downloadCsv(t, `/api/admin/orders/export?userId=${payer.id}&paymentStatus=paid`)
    expect(filtered.rows.slice(1).map((r) => r[0])).toEqual([String(paid)])
    expectEnvelope(await t.call('GET', '/api/admin/orders?paymentStatus=cod'), 400)
  })
})

describe('the timeline (CONTRACT 4.5)', () => {
  it('records each change with who and when, newest first, the order’s creation last', async () => {
    const { order, lines } = await place(1)
    const created = order.createdAt.toISOString()
    const before = await orderOf(order.id)
    // An order of someone else's, changed meanwhile, stays off this timeline.
    const other = await place(1)
    expectEnvelope(
      await t.call('PUT', url(other.order.id), { ...formOf(other.order), status: 2 }, staff),
      200,
    )

    const edited = tick()
    expectEnvelope(
      await t.call('PUT', url(order.id), {
        ...formOf(before),
        address: '99 Trần Hưng Đạo, Quận 5',
        amount: 1_000_000,
        customerNote: 'Giao sau 17 giờ',
        methodPayment: '2',
      }),
      200,
    )
    const moved = tick()
    const form = formOf(await orderOf(order.id))
    expectEnvelope(
      await t.call('PUT', url(order.id), { ...form, status: 2, paymentStatus: 'pending' }, staff),
      200,
    )
    const lineGone = tick()
    expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[1]!.id}`, undefined, staff), 200)
    const noted = tick()
    const note = expectEnvelope(
      await t.call('POST', `${url(order.id)}/notes`, { note: '  Khách hẹn giao buổi chiều  ' }),
      201,
    )

    const events = await eventsOf(order.id)
    expect(events).toEqual([
      {
        id: note.data.id,
        at: noted,
        actor: adminActor(),
        type: 'note',
        note: 'Khách hẹn giao buổi chiều',
      },
      {
        id: expect.any(String),
        at: lineGone,
        actor: staffActor(),
        type: 'line-deleted',
        // The line as it was, and the figures that followed it; the amount was set by hand and stays.
        changes: {
          line: [
            {
              id: String(lines[1]!.id),
              product: { id: String(jeans.id), _id: String(jeans.id), name: 'Quần jean' },
              price: 499_000,
              quantity: 1,
              size: 'M',
            },
            null,
          ],
          subtotal: [999_000, 500_000],
          totalPrice: [1_029_000, 530_000],
          quantity: [3, 2],
        },
      },
      // One edit's events, written in one go: the later written first.
      {
        id: expect.any(String),
        at: moved,
        actor: staffActor(),
        type: 'payment',
        from: 'unpaid',
        to: 'pending',
      },
      { id: expect.any(String), at: moved, actor: staffActor(), type: 'status', from: 1, to: 2 },
      {
        id: expect.any(String),
        at: edited,
        actor: adminActor(),
        type: 'edited',
        changes: {
          address: [before.address, '99 Trần Hưng Đạo, Quận 5'],
          amount: [1_029_000, 1_000_000],
          customerNote: ['', 'Giao sau 17 giờ'],
          methodPayment: ['1', '2'],
        },
      },
      { id: `created-${order.id}`, at: created, actor: null, type: 'created' },
    ])
    expect(new Set(events.map((e: { id: string }) => e.id)).size).toBe(events.length)

    // Each event names its account as it was: a rename since leaves the timeline as it was written.
    await t.database.db.update(users).set({ name: 'Phạm Thu Hà' }).where(eq(users.id, staffId))
    expect(await eventsOf(order.id)).toEqual(events)
    await t.database.db.update(users).set({ name: STAFF.name }).where(eq(users.id, staffId))
  })

  it('answers 404 for an unknown or garbage order', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect(expectEnvelope(await t.call('GET', `${url(id)}/events`), 404).code).toBe('orderNotFound')
    }
    expectEnvelope(await t.call('GET', `${url(1)}/events`, undefined, {}), 401)
  })

  it('is written in the transaction of its change: a refused edit leaves none', async () => {
    const { order } = await place(3)
    const before = await orderOf(order.id)
    const was = await written()
    // The address would be an 'edited' event, the status move is refused: neither is kept.
    expectEnvelope(await t.call('PUT', url(order.id), { ...formOf(before), address: 'Khác', status: 1 }), 409)
    expect(await written()).toEqual(was)
    expect(await orderOf(order.id)).toEqual(before)
  })
})

describe('POST /admin/orders/{id}/notes', () => {
  it('adds a note by the signed-in account, audited as a note on the order, leaving the order as it is', async () => {
    const { order } = await place(2)
    const before = await orderOf(order.id)
    const at = tick()
    const body = expectEnvelope(
      await t.call('POST', `${url(order.id)}/notes`, { note: 'Đã gọi khách' }, staff),
      201,
    )
    expect(body.data).toEqual({
      id: expect.any(String),
      at,
      actor: staffActor(),
      type: 'note',
      note: 'Đã gọi khách',
    })
    expect((await eventsOf(order.id))[0]).toEqual(body.data)
    // A note is not an edit of the order: its version stays, so an edit form open meanwhile still saves.
    expect(await orderOf(order.id)).toEqual(before)
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      entity: 'order',
      action: 'note',
      actorId: staffId,
      changes: { note: [null, 'Đã gọi khách'] },
    })
  })

  it('refuses an empty note, one of 2,001 characters, and an unknown order, writing nothing', async () => {
    const { order } = await place(1)
    const was = await written()
    const cases: [unknown, string][] = [
      [{ note: '' }, 'This field is required'],
      [{ note: '   ' }, 'This field is required'],
      [{}, 'This field is required'],
      [{ note: 'x'.repeat(2001) }, 'At most 2000 characters'],
      [{ note: 42 }, 'This field is required'],
    ]
    for (const [payload, message] of cases) {
      const body = expectEnvelope(await t.call('POST', `${url(order.id)}/notes`, payload), 400)
      expect(Object.keys(body.errors), JSON.stringify(payload).slice(0, 40)).toEqual(['note'])
      expect(body.errors.note).toBe(message)
      expect(body.message).toContain('note')
    }
    for (const id of ['999999', 'abc']) {
      expect(
        expectEnvelope(await t.call('POST', `${url(id)}/notes`, { note: 'Không có đơn' }), 404).code,
      ).toBe('orderNotFound')
    }
    expectEnvelope(await t.call('POST', `${url(order.id)}/notes`, { note: 'Ai đó' }, {}), 401)
    expect(await written()).toEqual(was)
    // 2,000 characters is the most a note may hold.
    const longest = 'ư'.repeat(2000)
    const body = expectEnvelope(await t.call('POST', `${url(order.id)}/notes`, { note: longest }), 201)
    expect(body.data.note).toBe(longest)
  })
})

describe('edited meanwhile (CONTRACT 4.6)', () => {
  it('a stale version is 409 with the current order in data, and changes nothing', async () => {
    const { order } = await place(1)
    const first = await orderOf(order.id)
    expect(first.version).toBe(0)
    // Someone saves from the same form first.
    const saved = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(first), address: 'Lần một', version: 0 }),
      200,
    ).data
    expect(saved.version).toBe(1)
    const was = await written()
    const stale = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(first), address: 'Lần hai', status: 2, version: 0 }),
      409,
    )
    expect(stale.code).toBe('editedMeanwhile')
    expect(stale.message).toBe('This record was changed by someone else')
    expect(stale.data).toEqual(saved)
    expect(await orderOf(order.id)).toEqual(saved)
    expect(await written()).toEqual(was)
    // Sent with the version it now has, the edit goes through and raises it.
    expect(
      expectEnvelope(
        await t.call('PUT', url(order.id), { ...formOf(saved), address: 'Lần hai', version: 1 }),
        200,
      ).data,
    ).toMatchObject({ address: 'Lần hai', version: 2 })
  })

  it("says who changed the order meanwhile and when, a line's change included, a note since not", async () => {
    const { order, lines } = await place(1)
    const first = await orderOf(order.id)
    // A member of staff changes a line's quantity while the form is open, then someone adds a note.
    const changedAt = tick()
    expectEnvelope(await t.call('PUT', `${url(order.id)}/lines/${lines[0]!.id}`, { quantity: 3 }, staff), 200)
    tick()
    expectEnvelope(await t.call('POST', `${url(order.id)}/notes`, { note: 'Khách hẹn giao chiều' }), 201)
    const stale = expectEnvelope(
      await t.call('PUT', url(order.id), {
        ...formOf(first),
        address: 'Địa chỉ mới',
        version: first.version,
      }),
      409,
    )
    expect(stale.code).toBe('editedMeanwhile')
    expect(stale.params).toEqual({ by: STAFF.name, at: changedAt })
  })

  it('a stale version is refused before the workflow is asked, so a moved order says it moved', async () => {
    const { order } = await place(2)
    const first = await orderOf(order.id)
    expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids: [String(order.id)], status: 3 }),
      200,
    )
    // The form still shows Processing and offers Cancelled; the order is Delivered meanwhile.
    const body = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(first), status: 0, version: first.version }),
      409,
    )
    expect(body.code).toBe('editedMeanwhile')
    expect(body.data).toMatchObject({ status: 3, version: first.version + 1 })
  })

  it('reads If-Match when the body has no version, and checks nothing when neither is sent', async () => {
    const { order, lines } = await place(1)
    const first = await orderOf(order.id)
    const ifMatch = (v: string) => ({ ...t.auth, 'if-match': v })
    expect(
      expectEnvelope(
        await t.call('PUT', url(order.id), { ...formOf(first), address: 'A' }, ifMatch('"0"')),
        200,
      ).data.version,
    ).toBe(1)
    // A line deleted meanwhile raises the version too.
    expectEnvelope(await t.call('DELETE', `${url(order.id)}/detail/${lines[0]!.id}`), 200)
    const now = await orderOf(order.id)
    expect(now.version).toBe(2)
    const was = await written()
    const stale = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(now), address: 'B' }, ifMatch('"1"')),
      409,
    )
    expect(stale.data).toEqual(now)
    expect(await written()).toEqual(was)
    const bad = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(now), address: 'B' }, ifMatch('soon')),
      400,
    )
    expect(bad.codes['If-Match'].code).toBe('versionHeader')
    const wrongBody = expectEnvelope(
      await t.call('PUT', url(order.id), { ...formOf(now), address: 'B', version: 'one' }),
      400,
    )
    expect(Object.keys(wrongBody.errors)).toEqual(['version'])
    expect(await written()).toEqual(was)
    // The spec's client sends no version: its edit is applied as before, and still raises the version.
    expect(
      expectEnvelope(await t.call('PUT', url(order.id), { ...formOf(now), address: 'C' }), 200).data,
    ).toMatchObject({ address: 'C', version: 3 })
  })

  it('two edits from the same version at once: one is saved, the other hears of it', async () => {
    const { order } = await place(1)
    const first = await orderOf(order.id)
    const answers = await Promise.all(
      ['Một', 'Hai'].map((address) =>
        t.call('PUT', url(order.id), { ...formOf(first), address, version: first.version }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const saved = answers.find((a) => a.statusCode === 200)!.body.data
    expect(answers.find((a) => a.statusCode === 409)!.body.data).toEqual(saved)
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ address: saved.address, version: 1 })
    expect((await eventsOf(order.id)).filter((e: { type: string }) => e.type === 'edited')).toHaveLength(1)
  })
})
