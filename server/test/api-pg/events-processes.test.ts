import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { insertProduct } from '../data.ts'
import { type EventStream, openEventStream } from '../event-stream.ts'
import { call, ownDatabase, signIn, startReady, tempDir } from '../server-process.ts'

// Live updates across processes (CONTRACT 5.7): two real servers on one PostgreSQL database, as two machines
// behind a load balancer would run them. An order made through one reaches a stream held by the other within a
// second, through PostgreSQL's NOTIFY and the other process's one LISTEN connection. Only the PostgreSQL project
// runs this file: the embedded database is one process's.

const streams: EventStream[] = []
afterEach(() => {
  for (const s of streams.splice(0)) s.close()
})

describe('live updates across server processes', () => {
  it('sends order.created to a stream of another server on the same database within a second', async () => {
    const url = await ownDatabase('store_live')
    // One after the other: the first compiles the server if its source changed, the second runs what it made.
    const first = await startReady({ DATA_DIR: tempDir(), DATABASE_URL: url })
    const second = await startReady({ DATA_DIR: tempDir(), DATABASE_URL: url })
    expect(first.base).not.toBe(second.base)

    const database = await openDatabase({ url, poolSize: 1 })
    const product = await insertProduct(database.db, { name: 'Áo khoác', price: 400_000, quantity: 20 })
    await database.close()

    const listening = await openEventStream(second.base, await signIn(second))
    streams.push(listening)
    const token = await signIn(first)
    const made = await call(first, 'POST', '/api/admin/orders', {
      token,
      body: {
        customer: { name: 'E2E Hai Máy', phoneNumber: '0914 222 333' },
        address: '2 Hai Bà Trưng, Quận 1, TP Hồ Chí Minh',
        lines: [{ productId: String(product.id), quantity: 1 }],
        methodPayment: '1',
        source: 'phone',
      },
    })
    const sentAt = performance.now()
    expect(made.status).toBe(201)
    const id = made.body.data.id as string
    const event = await listening.next((e) => e.type === 'order.created' && e.data.id === id, 1_000)
    expect(event.at - sentAt).toBeLessThan(1_000)
    // And the first server's own streams hear it the same way, through the database.
    const own = await openEventStream(first.base, token)
    streams.push(own)
    const status = await call(first, 'POST', '/api/admin/orders/bulk-status', {
      token,
      body: { ids: [id], status: 2 },
    })
    expect(status.status).toBe(200)
    for (const s of [own, listening])
      await s.next((e) => e.type === 'order.updated' && e.data.id === id, 1_000)
  }, 180_000)
})
