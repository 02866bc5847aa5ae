import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '../../src/db/client.ts'
import { auditLog, orders, products, shipments } from '../../src/db/schema.ts'
import { insertProduct } from '../data.ts'
import { type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Shipments and cash on delivery (CONTRACT 5.5): each move of a shipment and each refusal, what a move does to
// its order (Processing first, Delivered and `sold`, Cancelled and its stock back as `returned`), the bulk call,
// COD paid over by a list of numbers and by a carrier's CSV statement. Every call runs on both databases.

let t: TestApp
const NOW = new Date('2026-11-20T03:00:00.000Z')
const ORDERS = '/api/admin/orders'
const COD = '/api/admin/shipments/cod-collected'

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
})
afterAll(async () => t.close())

type Product = Awaited<ReturnType<typeof insertProduct>>

let phones = 0
/** A phone order of `lines` for a new customer, Pending, its stock taken; answers the order. */
async function order(lines: [Product, number][], extra: Record<string, unknown> = {}) {
  const answer = await t.call('POST', ORDERS, {
    customer: { name: 'E2E Khách Giao Hàng', phoneNumber: `0944 ${String(++phones).padStart(3, '0')} 789` },
    address: '12 Nguyễn Huệ, Sài Gòn, TP. Hồ Chí Minh',
    lines: lines.map(([p, quantity]) => ({ productId: String(p.id), quantity })),
    source: 'phone',
    ...extra,
  })
  return expectEnvelope(answer, 201).data as { id: string; amount: number; status: number }
}
const oneLine = async (extra: Record<string, unknown> = {}) =>
  order([[await insertProduct(t.database.db, { quantity: 10 }), 1]], extra)

const ship = (id: string, body: unknown) => t.call('POST', `${ORDERS}/${id}/shipment`, body)
const move = (id: string, body: unknown) => t.call('PUT', `${ORDERS}/${id}/shipment`, body)
const getOrder = async (id: string) => expectEnvelope(await t.call('GET', `${ORDERS}/${id}`), 200).data
const timeline = async (id: string) =>
  expectEnvelope(await t.call('GET', `${ORDERS}/${id}/events`), 200).data as {
    type: string
    from?: unknown
    to?: unknown
    note?: string
    changes?: Record<string, [unknown, unknown]>
  }[]
const setStatus = async (id: string, status: number) =>
  expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [id], status }), 200)

const refusedWith = (answer: Answer, status: number, code: string) => {
  expectEnvelope(answer, status)
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(code)
  return answer.body
}

let numbers = 0
const newNumber = (prefix = 'GA') => `${prefix}${String(++numbers).padStart(8, '0')}`

/** A shipped order moved on to delivered: its COD (the order's amount unless said) outstanding. */
async function delivered(carrier: string, extra: Record<string, unknown> = {}) {
  const o = await oneLine()
  const trackingNumber = newNumber(carrier.toUpperCase())
  expectEnvelope(await ship(o.id, { carrier, trackingNumber, ...extra }), 201)
  expectEnvelope(await move(o.id, { status: 'delivered' }), 200)
  return { ...o, trackingNumber }
}

describe('POST /orders/:id/shipment', () => {
  it('ships a Pending order, moving it to Processing first, its COD the unpaid amount', async () => {
    const o = await oneLine()
    expect(o.status).toBe(1)
    const made = expectEnvelope(
      await ship(o.id, { carrier: 'ghn', trackingNumber: ' ga123abc ', weightGrams: 500, note: 'Dễ vỡ' }),
      201,
    ).data
    expect(made).toMatchObject({
      carrier: 'ghn',
      trackingNumber: 'GA123ABC',
      trackingUrl: 'https://donhang.ghn.vn/?order_code=GA123ABC',
      codAmount: o.amount,
      codStatus: 'pending',
      codCollectedAt: null,
      carrierFee: null,
      weightGrams: 500,
      note: 'Dễ vỡ',
      status: 'ready',
      createdAt: NOW.toISOString(),
    })
    const after = await getOrder(o.id)
    expect(after.status).toBe(2)
    expect(after.shipment).toEqual(made)
    // The order's timeline: the move to Processing, then the shipment with what it was made with.
    const [shipped, status] = await timeline(o.id)
    expect(status).toMatchObject({ type: 'status', from: 1, to: 2 })
    expect(shipped).toMatchObject({
      type: 'shipment',
      to: 'ready',
      changes: { carrier: [null, 'ghn'], trackingNumber: [null, 'GA123ABC'], codAmount: [null, o.amount] },
    })
    expect(shipped!.from).toBeUndefined()
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, o.id))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(entry).toMatchObject({ entity: 'order', action: 'shipment' })
    expect(entry!.changes).toMatchObject({ carrier: [null, 'ghn'], orderStatus: [1, 2] })
  })

  it('collects nothing for a paid order, takes the amount staff give, and has no tracking page for the shop', async () => {
    const paid = await oneLine({ paymentStatus: 'paid' })
    const first = expectEnvelope(await ship(paid.id, { carrier: 'self' }), 201).data
    expect(first).toMatchObject({ codAmount: 0, codStatus: 'none', trackingNumber: null, trackingUrl: null })
    const partly = await oneLine()
    expect(
      expectEnvelope(await ship(partly.id, { carrier: 'ghtk', codAmount: 1000 }), 201).data.codAmount,
    ).toBe(1000)
    // A list of orders carries each one's shipment, and an order not shipped has none.
    const fresh = await oneLine()
    const listed = expectEnvelope(await t.call('GET', `${ORDERS}?limit=100&sortBy=createdAt:desc`), 200).data
    const byId = new Map(listed.map((x: { id: string; shipment: unknown }) => [x.id, x.shipment]))
    expect(byId.get(paid.id)).toEqual(first)
    expect(byId.get(fresh.id)).toBeNull()
  })

  it('refuses a Delivered or Cancelled order, a second shipment, a number the carrier has, an unknown order', async () => {
    const done = await oneLine()
    await setStatus(done.id, 3)
    expect(refusedWith(await ship(done.id, { carrier: 'ghn' }), 409, 'shipmentOrderStatus').params).toEqual({
      status: 3,
    })
    const cancelled = await oneLine()
    await setStatus(cancelled.id, 0)
    refusedWith(await ship(cancelled.id, { carrier: 'ghn' }), 409, 'shipmentOrderStatus')

    const o = await oneLine()
    const number = newNumber()
    expectEnvelope(await ship(o.id, { carrier: 'ghn', trackingNumber: number }), 201)
    refusedWith(await ship(o.id, { carrier: 'ghtk' }), 409, 'shipmentExists')
    // The same number at the same carrier names the order that has it; another carrier's numbers are its own.
    const other = await oneLine()
    const taken = refusedWith(
      await ship(other.id, { carrier: 'ghn', trackingNumber: number.toLowerCase() }),
      409,
      'trackingTaken',
    )
    expect(taken.params).toEqual({ trackingNumber: number, orderId: o.id })
    expect(taken.errors).toHaveProperty('trackingNumber')
    // Nothing of the refused call stayed: the order is still Pending, without a shipment.
    expect(await getOrder(other.id)).toMatchObject({ status: 1, shipment: null })
    expectEnvelope(await ship(other.id, { carrier: 'jt', trackingNumber: number }), 201)

    refusedWith(await ship('987654321', { carrier: 'ghn' }), 404, 'orderNotFound')
    const bad = await ship(other.id, { carrier: 'dhl', trackingNumber: 'a b' })
    expectEnvelope(bad, 400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['carrier', 'trackingNumber']))
  })
})

describe('PUT /orders/:id/shipment', () => {
  it('moves ready → in transit → delivered: the order Delivered, its units sold, its COD outstanding', async () => {
    const shirt = await insertProduct(t.database.db, { quantity: 10 })
    const o = await order([[shirt, 3]])
    expectEnvelope(await ship(o.id, { carrier: 'viettelpost' }), 201)
    const moving = expectEnvelope(
      await move(o.id, { status: 'in-transit', trackingNumber: 'vtp-778899' }),
      200,
    ).data
    expect(moving).toMatchObject({ status: 'in-transit', trackingNumber: 'VTP-778899', codStatus: 'pending' })
    expect((await getOrder(o.id)).status).toBe(2)
    const done = expectEnvelope(await move(o.id, { status: 'delivered' }), 200).data
    expect(done).toMatchObject({ status: 'delivered', codStatus: 'outstanding' })
    expect((await getOrder(o.id)).status).toBe(3)
    const [product] = await t.database.db.select().from(products).where(eq(products.id, shirt.id))
    expect(product).toMatchObject({ quantity: 7, sold: 3 })
    const [row] = await t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, Number(o.id)))
    expect(row!.deliveredAt).toEqual(NOW)
    const events = await timeline(o.id)
    expect(events.slice(0, 3)).toMatchObject([
      { type: 'status', from: 2, to: 3 },
      { type: 'shipment', from: 'in-transit', to: 'delivered' },
      {
        type: 'shipment',
        from: 'ready',
        to: 'in-transit',
        changes: { trackingNumber: [null, 'VTP-778899'] },
      },
    ])
  })

  it('refuses moves backwards, from a final step, the same step, and an order without a shipment', async () => {
    const o = await oneLine()
    expectEnvelope(await ship(o.id, { carrier: 'spx' }), 201)
    expect(refusedWith(await move(o.id, { status: 'ready' }), 409, 'shipmentSame').params).toEqual({
      status: 'ready',
    })
    expectEnvelope(await move(o.id, { status: 'in-transit' }), 200)
    expect(refusedWith(await move(o.id, { status: 'ready' }), 409, 'shipmentMove').params).toEqual({
      from: 'in-transit',
      to: 'ready',
    })
    expectEnvelope(await move(o.id, { status: 'delivered' }), 200)
    refusedWith(await move(o.id, { status: 'returned' }), 409, 'shipmentMove')
    refusedWith(await move(o.id, { status: 'in-transit' }), 409, 'shipmentMove')
    const none = await oneLine()
    refusedWith(await move(none.id, { status: 'in-transit' }), 409, 'noShipment')
    refusedWith(await move('987654321', { status: 'in-transit' }), 404, 'orderNotFound')
    expect(Object.keys(expectEnvelope(await move(o.id, { status: 'lost' }), 400).errors)).toEqual(['status'])
  })

  it('sets a tracking number alone as an edit, and refuses one the carrier has given another parcel', async () => {
    const first = await oneLine()
    const number = newNumber('S')
    expectEnvelope(await ship(first.id, { carrier: 'ghtk', trackingNumber: number }), 201)
    const o = await oneLine()
    expectEnvelope(await ship(o.id, { carrier: 'ghtk' }), 201)
    const set = expectEnvelope(await move(o.id, { status: 'ready', trackingNumber: 's999' }), 200).data
    expect(set).toMatchObject({ status: 'ready', trackingNumber: 'S999' })
    expect((await timeline(o.id))[0]).toMatchObject({
      type: 'edited',
      changes: { trackingNumber: [null, 'S999'] },
    })
    refusedWith(await move(o.id, { status: 'ready', trackingNumber: 'S999' }), 409, 'shipmentSame')
    const taken = refusedWith(
      await move(o.id, { status: 'in-transit', trackingNumber: number }),
      409,
      'trackingTaken',
    )
    expect(taken.params).toEqual({ trackingNumber: number, orderId: first.id })
    expect((await getOrder(o.id)).shipment).toMatchObject({ status: 'ready', trackingNumber: 'S999' })
  })

  it('brings a returned order’s stock back as `returned` movements and cancels it', async () => {
    const shirt = await insertProduct(t.database.db, { quantity: 10 })
    const cap = await insertProduct(t.database.db, { quantity: 5 })
    const o = await order([
      [shirt, 2],
      [cap, 1],
    ])
    expectEnvelope(await ship(o.id, { carrier: 'jt', trackingNumber: newNumber('JT') }), 201)
    expectEnvelope(await move(o.id, { status: 'in-transit' }), 200)
    const back = expectEnvelope(await move(o.id, { status: 'returned' }), 200).data
    expect(back).toMatchObject({ status: 'returned', codStatus: 'none' })
    expect((await getOrder(o.id)).status).toBe(0)
    for (const [product, units, left] of [
      [shirt, 2, 10],
      [cap, 1, 5],
    ] as const) {
      const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id))
      expect(row!.quantity).toBe(left)
      const list = expectEnvelope(
        await t.call('GET', `/api/admin/products/${product.id}/stock-movements`),
        200,
      )
      expect(list.data[0]).toMatchObject({ reason: 'returned', delta: units, after: left, orderId: o.id })
      expect(list.data.map((m: { reason: string }) => m.reason)).not.toContain('order-cancelled')
    }
    expect((await timeline(o.id)).slice(0, 2)).toMatchObject([
      { type: 'status', from: 2, to: 0 },
      { type: 'shipment', from: 'in-transit', to: 'returned' },
    ])
    // Cancelled and never paid, but shipped: it is kept with its parcel's history (CONTRACT 5.2).
    refusedWith(await t.call('DELETE', `${ORDERS}/${o.id}`), 409, 'orderKept')
  })

  it('follows an order staff already moved: delivered again is no refusal, a Delivered order is not returned', async () => {
    const shirt = await insertProduct(t.database.db, { quantity: 10 })
    const o = await order([[shirt, 2]])
    expectEnvelope(await ship(o.id, { carrier: 'ghn' }), 201)
    await setStatus(o.id, 3)
    expectEnvelope(await move(o.id, { status: 'delivered' }), 200)
    const [row] = await t.database.db.select().from(products).where(eq(products.id, shirt.id))
    // Sold once, by the hand move; the shipment's delivery did not count it again.
    expect(row!.sold).toBe(2)

    const kept = await oneLine()
    expectEnvelope(await ship(kept.id, { carrier: 'ghn' }), 201)
    await setStatus(kept.id, 3)
    refusedWith(await move(kept.id, { status: 'returned' }), 409, 'statusMove')
    expect((await getOrder(kept.id)).shipment.status).toBe('ready')

    // Cancelled by hand (its stock back then), then returned by the carrier: only the shipment moves.
    const cap = await insertProduct(t.database.db, { quantity: 4 })
    const gone = await order([[cap, 1]])
    expectEnvelope(await ship(gone.id, { carrier: 'ghn' }), 201)
    await setStatus(gone.id, 0)
    expectEnvelope(await move(gone.id, { status: 'returned' }), 200)
    const list = expectEnvelope(await t.call('GET', `/api/admin/products/${cap.id}/stock-movements`), 200)
    expect(list.data.map((m: { reason: string }) => m.reason)).toEqual(['order-cancelled', 'order'])
    // And a cancelled order cannot be delivered.
    const lost = await oneLine()
    expectEnvelope(await ship(lost.id, { carrier: 'ghn' }), 201)
    await setStatus(lost.id, 0)
    refusedWith(await move(lost.id, { status: 'delivered' }), 409, 'statusMove')
  })
})

describe('POST /orders/bulk-shipment', () => {
  it('ships each order on its own and says why the others were refused', async () => {
    const pending = await oneLine()
    const processing = await oneLine()
    await setStatus(processing.id, 2)
    const done = await oneLine()
    await setStatus(done.id, 3)
    const shipped = await oneLine()
    expectEnvelope(await ship(shipped.id, { carrier: 'ghn' }), 201)
    const answer = expectEnvelope(
      await t.call('POST', `${ORDERS}/bulk-shipment`, {
        ids: [pending.id, processing.id, done.id, shipped.id, '987654321'],
        carrier: 'ninjavan',
      }),
      200,
    )
    expect(answer.data).toMatchObject([
      { id: pending.id, ok: true },
      { id: processing.id, ok: true },
      { id: done.id, ok: false, code: 'shipmentOrderStatus' },
      { id: shipped.id, ok: false, code: 'shipmentExists' },
      { id: '987654321', ok: false, code: 'orderNotFound' },
    ])
    expect(answer.message).toBe('2 shipped, 3 refused')
    expect(await getOrder(pending.id)).toMatchObject({ status: 2, shipment: { carrier: 'ninjavan' } })
    expect((await getOrder(shipped.id)).shipment.carrier).toBe('ghn')
    // Each order shipped has its own audit entry, beside the call's.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entityId} in (${pending.id}, ${processing.id}) and ${auditLog.action} = 'shipment'`,
      )
    expect(entries).toHaveLength(2)
  })
})

describe('POST /shipments/cod-collected', () => {
  const csv = (lines: string[]) => {
    const body = new FormData()
    body.append('carrier', 'ghtk')
    body.append('file', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'doi-soat.csv')
    return body
  }

  it('marks paid the orders of the numbers given, and says why not for the others', async () => {
    const d = await delivered('ghn')
    const moving = await oneLine()
    const moving_number = newNumber()
    expectEnvelope(await ship(moving.id, { carrier: 'ghn', trackingNumber: moving_number }), 201)
    const prepaid = await delivered('ghn', { codAmount: 0 })
    const elsewhere = await delivered('ghtk')

    // A dry run says what would happen and writes nothing.
    const numbers = [
      d.trackingNumber.toLowerCase(),
      moving_number,
      prepaid.trackingNumber,
      elsewhere.trackingNumber,
    ]
    const checked = expectEnvelope(
      await t.call('POST', `${COD}?dryRun=true`, { carrier: 'ghn', trackingNumbers: numbers }),
      200,
    ).data
    expect(checked).toMatchObject({ dryRun: true, collected: 1, refused: 3 })
    expect((await getOrder(d.id)).shipment.codStatus).toBe('outstanding')
    expect((await getOrder(d.id)).paymentStatus).toBe('unpaid')

    const answer = expectEnvelope(
      await t.call('POST', COD, { carrier: 'ghn', trackingNumbers: [...numbers, d.trackingNumber] }),
      200,
    ).data
    expect(answer).toEqual({
      dryRun: false,
      collected: 1,
      refused: 4,
      outcomes: [
        {
          trackingNumber: d.trackingNumber,
          result: 'collected',
          orderId: d.id,
          expected: d.amount,
          paid: null,
          fee: null,
        },
        {
          trackingNumber: moving_number,
          result: 'notDelivered',
          orderId: moving.id,
          expected: moving.amount,
          paid: null,
          fee: null,
        },
        {
          trackingNumber: prepaid.trackingNumber,
          result: 'noCod',
          orderId: prepaid.id,
          expected: 0,
          paid: null,
          fee: null,
        },
        // Another carrier's number is no shipment of this one.
        {
          trackingNumber: elsewhere.trackingNumber,
          result: 'unknown',
          orderId: null,
          expected: null,
          paid: null,
          fee: null,
        },
        {
          trackingNumber: d.trackingNumber,
          result: 'alreadyPaid',
          orderId: d.id,
          expected: d.amount,
          paid: null,
          fee: null,
        },
      ],
    })
    const after = await getOrder(d.id)
    expect(after.paymentStatus).toBe('paid')
    expect(after.shipment).toMatchObject({
      codStatus: 'collected',
      codCollectedAt: NOW.toISOString(),
      carrierFee: null,
    })
    expect((await timeline(d.id)).slice(0, 2)).toMatchObject([
      { type: 'cod', to: String(d.amount), note: d.trackingNumber },
      { type: 'payment', from: 'unpaid', to: 'paid' },
    ])
    // Again: already paid.
    const again = expectEnvelope(
      await t.call('POST', COD, { carrier: 'ghn', trackingNumbers: [d.trackingNumber] }),
      200,
    )
    expect(again.data.outcomes[0].result).toBe('alreadyPaid')
    // An order paid by other means has nothing left to collect.
    const paidByHand = await delivered('ghn')
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, Number(paidByHand.id)))
    const paidAnswer = await t.call('POST', COD, {
      carrier: 'ghn',
      trackingNumbers: [paidByHand.trackingNumber],
    })
    expect(expectEnvelope(paidAnswer, 200).data.outcomes[0].result).toBe('alreadyPaid')
  })

  it('refuses a bad list with a 400 naming the field', async () => {
    const noCarrier = expectEnvelope(
      await t.call('POST', COD, { carrier: 'dhl', trackingNumbers: ['A1'] }),
      400,
    )
    expect(Object.keys(noCarrier.errors)).toEqual(['carrier'])
    const empty = expectEnvelope(await t.call('POST', COD, { carrier: 'ghn', trackingNumbers: [] }), 400)
    expect(Object.keys(empty.errors)).toEqual(['trackingNumbers'])
    expectEnvelope(await t.call('POST', COD, { carrier: 'ghn' }), 400)
  })

  it('reads a carrier’s statement in Vietnamese: amounts, fees, a difference, a dry run', async () => {
    const a = await delivered('ghtk')
    const b = await delivered('ghtk')
    const c = await delivered('ghtk')
    const money = (n: number) => `"${n.toLocaleString('de-DE')}"`
    const statement = csv([
      'STT,Mã vận đơn,Người nhận,Tiền thu hộ,Phí dịch vụ',
      `1,${a.trackingNumber.toLowerCase()},E2E Chị Lan,${money(a.amount)},22.000`,
      `2,${b.trackingNumber},E2E Anh Minh,${b.amount - 1000},`,
      `3,S00000000,E2E Không Rõ,100000,15000`,
      `4,${c.trackingNumber},E2E Cô Hoa,${c.amount},18000`,
      ',Tổng cộng,,,',
    ])
    const dry = expectEnvelope(await t.call('POST', `${COD}?dryRun=true`, statement), 200).data
    expect(dry).toMatchObject({ dryRun: true, collected: 2, refused: 2 })
    expect((await getOrder(a.id)).paymentStatus).toBe('unpaid')

    const real = expectEnvelope(
      await t.call(
        'POST',
        COD,
        csv([
          'Mã Vận Đơn,tien thu ho,Phi',
          `${a.trackingNumber},${money(a.amount)},22.000`,
          `${b.trackingNumber},${b.amount - 1000},`,
          `S00000000,100000,15000`,
          `${c.trackingNumber},${c.amount},18000`,
        ]),
      ),
      200,
    ).data
    expect(real.outcomes).toEqual([
      {
        trackingNumber: a.trackingNumber,
        result: 'collected',
        orderId: a.id,
        expected: a.amount,
        paid: a.amount,
        fee: 22_000,
      },
      {
        trackingNumber: b.trackingNumber,
        result: 'amountDifferent',
        orderId: b.id,
        expected: b.amount,
        paid: b.amount - 1000,
        fee: null,
      },
      {
        trackingNumber: 'S00000000',
        result: 'unknown',
        orderId: null,
        expected: null,
        paid: 100_000,
        fee: 15_000,
      },
      {
        trackingNumber: c.trackingNumber,
        result: 'collected',
        orderId: c.id,
        expected: c.amount,
        paid: c.amount,
        fee: 18_000,
      },
    ])
    expect((await getOrder(a.id)).shipment).toMatchObject({ codStatus: 'collected', carrierFee: 22_000 })
    expect((await timeline(a.id))[0]).toMatchObject({ type: 'cod', changes: { carrierFee: [null, 22_000] } })
    // The amount that differs wrote nothing.
    expect(await getOrder(b.id)).toMatchObject({
      paymentStatus: 'unpaid',
      shipment: { codStatus: 'outstanding' },
    })
  })

  it('refuses a statement without an amount column, naming it, and one without a carrier', async () => {
    const noAmount = expectEnvelope(
      await t.call('POST', COD, csv(['Mã vận đơn,Người nhận', 'S1,E2E Lan'])),
      400,
    )
    expect(noAmount).toMatchObject({ code: 'codColumns', params: { column: 'amount' } })
    expect(Object.keys(noAmount.errors)).toEqual(['file'])
    const noNumber = expectEnvelope(await t.call('POST', COD, csv(['Số tiền', '1000'])), 400)
    expect(noNumber.params).toEqual({ column: 'trackingNumber' })
    const badAmount = expectEnvelope(await t.call('POST', COD, csv(['cod,trackingNumber', 'nhiều,S1'])), 400)
    expect(badAmount).toMatchObject({ code: 'wholeNumber', params: { line: 2 } })
    const body = new FormData()
    body.append('file', new Blob(['trackingNumber,amount\r\nS1,1\r\n'], { type: 'text/csv' }), 'a.csv')
    expect(Object.keys(expectEnvelope(await t.call('POST', COD, body), 400).errors)).toEqual(['carrier'])
  })
})

describe('the order list’s shipment filters', () => {
  it('total what a plain count says, on the list and the export', async () => {
    const count = async (where: string) =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql.raw(`select count(*)::int as n from orders o where ${where}`),
        )
      )[0]!.n
    const cases: [string, string][] = [
      ['shipment=none', 'not exists (select 1 from shipments s where s.order_id = o.id)'],
      [
        'shipment=delivered',
        `exists (select 1 from shipments s where s.order_id = o.id and s.status = 'delivered')`,
      ],
      ['shipment=ready', `exists (select 1 from shipments s where s.order_id = o.id and s.status = 'ready')`],
      ['carrier=ghtk', `exists (select 1 from shipments s where s.order_id = o.id and s.carrier = 'ghtk')`],
      [
        'codStatus=outstanding',
        `exists (select 1 from shipments s where s.order_id = o.id and s.status = 'delivered' and s.cod_amount > 0 and s.cod_collected_at is null)`,
      ],
      [
        'codStatus=collected',
        'exists (select 1 from shipments s where s.order_id = o.id and s.cod_collected_at is not null)',
      ],
      [
        'codStatus=pending',
        `exists (select 1 from shipments s where s.order_id = o.id and s.status in ('ready', 'in-transit') and s.cod_amount > 0 and s.cod_collected_at is null)`,
      ],
      [
        'codStatus=none',
        `exists (select 1 from shipments s where s.order_id = o.id and s.cod_collected_at is null and (s.cod_amount = 0 or s.status = 'returned'))`,
      ],
      [
        'carrier=ghn&shipment=delivered&codStatus=collected',
        `exists (select 1 from shipments s where s.order_id = o.id and s.carrier = 'ghn' and s.status = 'delivered' and s.cod_collected_at is not null)`,
      ],
    ]
    for (const [query, where] of cases) {
      const expected = await count(where)
      const listed = expectEnvelope(await t.call('GET', `${ORDERS}?${query}&limit=5`), 200)
      expect(listed.meta.totalResults, query).toBe(expected)
      expect(expected, `${query} finds something`).toBeGreaterThan(0)
      // Asked again (a remembered count) it is the same.
      expect(expectEnvelope(await t.call('GET', `${ORDERS}?${query}&limit=5`), 200).meta.totalResults).toBe(
        expected,
      )
      const file = await t.app.inject({ method: 'GET', url: `${ORDERS}/export?${query}`, headers: t.auth })
      expect(file.statusCode).toBe(200)
      expect(
        file.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(expected + 1)
    }
    // A shipment written moves the count on.
    const before = expectEnvelope(await t.call('GET', `${ORDERS}?shipment=ready&limit=1`), 200).meta
      .totalResults
    const o = await oneLine()
    expectEnvelope(await ship(o.id, { carrier: 'ghn' }), 201)
    expect(
      expectEnvelope(await t.call('GET', `${ORDERS}?shipment=ready&limit=1`), 200).meta.totalResults,
    ).toBe(before + 1)
  })
})

describe('calls racing', () => {
  it('gives a tracking number to exactly one of two shipments', async () => {
    const [a, b] = [await oneLine(), await oneLine()]
    const number = newNumber('NV')
    const answers = await Promise.all([
      ship(a.id, { carrier: 'ninjavan', trackingNumber: number }),
      ship(b.id, { carrier: 'ninjavan', trackingNumber: number }),
    ])
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 409])
    expect(answers.find((x) => x.statusCode === 409)!.body.code).toBe('trackingTaken')
    const held = await t.database.db.select().from(shipments).where(eq(shipments.trackingNumber, number))
    expect(held).toHaveLength(1)
  })

  it('collects a COD once when two statements of it are recorded at once', async () => {
    const d = await delivered('jt')
    const answers = await Promise.all(
      [1, 2].map(() => t.call('POST', COD, { carrier: 'jt', trackingNumbers: [d.trackingNumber] })),
    )
    const results = answers.map((a) => expectEnvelope(a, 200).data.outcomes[0].result).sort()
    expect(results).toEqual(['alreadyPaid', 'collected'])
    const payments = (await timeline(d.id)).filter((e) => e.type === 'cod')
    expect(payments).toHaveLength(1)
  })
})
