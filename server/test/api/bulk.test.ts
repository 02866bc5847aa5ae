import { asc, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orders, products } from '../../src/db/schema.ts'
import { insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The bulk calls (CONTRACT 4.1): each record checked and changed on its own, a refusal stopping none of the
// others, each change in the record's own history, and a bad list of ids refused whole.

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => t?.close())

const lastEntry = async () =>
  (await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).at(-1)?.id ?? 0
const entriesAfter = (id: number) =>
  t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id))

const order = async (status: number) =>
  (
    await insertOrder(t.database.db, {
      status,
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
  ).order
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status

describe('POST /api/admin/products/bulk-delete', () => {
  it('deletes each product it can, refuses the rest by id in the order given, and records each delete', async () => {
    const first = await insertProduct(t.database.db, { name: 'Áo xoá một' })
    const second = await insertProduct(t.database.db, { name: 'Áo xoá hai' })
    const gone = await insertProduct(t.database.db, { deletedAt: new Date() })
    const entry = await lastEntry()
    const ids = [String(first.id), String(gone.id), '987654321', String(second.id), 'not-an-id']
    const body = expectEnvelope(await t.call('POST', '/api/admin/products/bulk-delete', { ids }), 200)
    expect(body.data).toEqual([
      { id: String(first.id), ok: true, message: 'Product deleted' },
      { id: String(gone.id), ok: false, message: 'Product not found', code: 'productNotFound' },
      { id: '987654321', ok: false, message: 'Product not found', code: 'productNotFound' },
      { id: String(second.id), ok: true, message: 'Product deleted' },
      { id: 'not-an-id', ok: false, message: 'Product not found', code: 'productNotFound' },
    ])
    expect(body.message).toBe('2 deleted, 3 refused')
    for (const id of [first.id, second.id]) {
      expectEnvelope(await t.call('GET', `/api/admin/products/${id}`), 404)
      const [row] = await t.database.db.select().from(products).where(eq(products.id, id))
      expect(row!.deletedAt).not.toBeNull()
    }

    const entries = await entriesAfter(entry)
    expect(entries.map((e) => [e.entity, e.action, e.entityId])).toEqual([
      ['product', 'delete', String(first.id)],
      ['product', 'delete', String(second.id)],
      ['product', 'bulkDelete', null],
    ])
    expect(entries[0]!.changes).toMatchObject({ name: ['Áo xoá một', null], price: [first.price, null] })
    expect(entries[2]!.changes).toEqual({
      deleted: [null, [String(first.id), String(second.id)]],
      refused: [
        null,
        [
          { id: String(gone.id), reason: 'productNotFound' },
          { id: '987654321', reason: 'productNotFound' },
          { id: 'not-an-id', reason: 'productNotFound' },
        ],
      ],
    })
    // The product's own history shows the delete.
    const history = expectEnvelope(
      await t.call('GET', `/api/admin/audit-log?entity=product&entityId=${first.id}`),
      200,
    )
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(['delete'])
  })
})

describe('POST /api/admin/orders/bulk-status', () => {
  it('moves each order the workflow allows and refuses the others, the statuses by code', async () => {
    const pending = await order(1)
    const processing = await order(2)
    const delivered = await order(3)
    const cancelled = await order(0)
    const entry = await lastEntry()
    const ids = [pending.id, delivered.id, '555555555', processing.id, cancelled.id].map(String)
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids, status: 0 }),
      200,
    )
    expect(body.data).toEqual([
      { id: String(pending.id), ok: true, message: 'Moved to Cancelled' },
      {
        id: String(delivered.id),
        ok: false,
        message: 'An order cannot go from Delivered to Cancelled',
        code: 'statusMove',
        params: { from: 3, to: 0 },
      },
      { id: '555555555', ok: false, message: 'Order not found', code: 'orderNotFound' },
      { id: String(processing.id), ok: true, message: 'Moved to Cancelled' },
      {
        id: String(cancelled.id),
        ok: false,
        message: 'The order is already Cancelled',
        code: 'statusSame',
        params: { status: 0 },
      },
    ])
    expect(await statusOf(pending.id)).toBe(0)
    expect(await statusOf(processing.id)).toBe(0)
    expect(await statusOf(delivered.id)).toBe(3)

    const entries = await entriesAfter(entry)
    expect(entries.map((e) => [e.entity, e.action, e.entityId, e.changes])).toEqual([
      ['order', 'update', String(pending.id), { status: [1, 0] }],
      ['order', 'update', String(processing.id), { status: [2, 0] }],
      [
        'order',
        'bulkStatus',
        null,
        {
          status: [null, 0],
          moved: [null, [String(pending.id), String(processing.id)]],
          refused: [
            null,
            [
              { id: String(delivered.id), reason: 'statusMove' },
              { id: '555555555', reason: 'orderNotFound' },
              { id: String(cancelled.id), reason: 'statusSame' },
            ],
          ],
        },
      ],
    ])
  })

  it('moves forward only: delivered never goes back to pending, pending may skip to delivered', async () => {
    const pending = await order(1)
    const delivered = await order(3)
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids: [String(delivered.id)], status: '1' }),
      200,
    )
    expect(body.data).toEqual([
      {
        id: String(delivered.id),
        ok: false,
        message: 'An order cannot go from Delivered to Pending',
        code: 'statusMove',
        params: { from: 3, to: 1 },
      },
    ])
    expect(await statusOf(delivered.id)).toBe(3)
    const forward = expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids: [pending.id], status: 3 }),
      200,
    )
    expect(forward.data).toEqual([{ id: String(pending.id), ok: true, message: 'Moved to Delivered' }])
    expect(await statusOf(pending.id)).toBe(3)
  })
})

describe('a bad list of ids is refused whole, writing nothing', () => {
  it('refuses an id given twice, more than 500 ids, no ids and a bad status', async () => {
    const pending = await order(1)
    const entry = await lastEntry()
    const cases: [string, unknown, string, string][] = [
      ['/api/admin/orders/bulk-status', { ids: [pending.id, pending.id], status: 0 }, 'ids', 'idTwice'],
      [
        '/api/admin/orders/bulk-status',
        { ids: Array.from({ length: 501 }, (_, i) => String(i + 1)), status: 0 },
        'ids',
        'tooManyIds',
      ],
      ['/api/admin/orders/bulk-status', { ids: [], status: 0 }, 'ids', 'idList'],
      ['/api/admin/orders/bulk-status', { ids: [pending.id], status: 7 }, 'status', 'oneOf'],
      ['/api/admin/products/bulk-delete', { ids: ['1', '1'] }, 'ids', 'idTwice'],
      [
        '/api/admin/products/bulk-delete',
        { ids: Array.from({ length: 501 }, (_, i) => String(i + 1)) },
        'ids',
        'tooManyIds',
      ],
      ['/api/admin/products/bulk-delete', { ids: 'all' }, 'ids', 'idList'],
      ['/api/admin/products/bulk-delete', { ids: [''] }, 'ids', 'required'],
    ]
    for (const [url, payload, field, code] of cases) {
      const body = expectEnvelope(await t.call('POST', url, payload), 400)
      expect(Object.keys(body.errors), `${url} ${JSON.stringify(payload).slice(0, 60)}`).toEqual([field])
      expect(body.codes[field].code).toBe(code)
    }
    expect(await statusOf(pending.id)).toBe(1)
    expect(await entriesAfter(entry)).toEqual([])
  })
})
