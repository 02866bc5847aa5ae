import { sql } from 'drizzle-orm'
import { rows } from '../server/src/db/client.ts'
import { type BenchSettings, fmt, markdownTable, type RunningApi } from './harness.ts'

/**
 * Orders taken by staff (CONTRACT 5.1) as fast as `connections` clients can send them for `duration` seconds: each
 * `POST /api/admin/orders` is for an existing customer, one to three products of the store with stock, a phone
 * source; with `hot`, every order is one unit of the same product, so each waits for the row lock of the one before
 * (stock taken and its movement written). Every order made is deleted again through the API afterwards (which gives
 * its stock back), so the store's stock stays as generated. Answers orders a second and the latencies of the calls.
 */
export async function measureOrderTaking(
  api: RunningApi,
  settings: Pick<BenchSettings, 'connections' | 'duration'>,
  hot = false,
) {
  const { db } = api.database
  const customers = await rows<{ id: string }>(
    db,
    sql`select id::text as id from users tablesample system (1) where role = 'user' limit 500`,
  )
  const products = await rows<{ id: string }>(
    db,
    sql`select id::text as id from products tablesample system (1)
         where deleted_at is null and quantity >= 100 and variants is null limit 2000`,
  )
  if (customers.length === 0 || products.length === 0) throw new Error('The store has no customers or stock')
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!
  // The product with the most stock: many orders of one unit each must not run it out.
  const [hotProduct] = hot
    ? await rows<{ id: string }>(
        db,
        sql`select id::text as id from products where deleted_at is null and variants is null
             order by quantity desc limit 1`,
      )
    : products
  const body = () =>
    JSON.stringify({
      customer: { id: pick(customers).id },
      address: '12 Trần Thái Tông, Cầu Giấy, Hà Nội',
      lines: hot
        ? [{ productId: hotProduct!.id, quantity: 1 }]
        : Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
            productId: pick(products).id,
            quantity: 1,
          })),
      shippingFee: 30_000,
      source: 'phone',
    })
  const headers = { ...api.headers, 'content-type': 'application/json' }
  const made: string[] = []
  const latencies: number[] = []
  let refused = 0
  const end = performance.now() + settings.duration * 1000
  await Promise.all(
    Array.from({ length: settings.connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now()
        const answer = await fetch(`${api.base}/api/admin/orders`, { method: 'POST', headers, body: body() })
        const json = (await answer.json()) as { data?: { id: string } }
        latencies.push(performance.now() - start)
        if (answer.status === 201 && json.data) made.push(json.data.id)
        else refused++
      }
    }),
  )
  for (const id of made)
    await fetch(`${api.base}/api/admin/orders/${id}`, { method: 'DELETE', headers: api.headers })
  latencies.sort((a, b) => a - b)
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!
  return {
    ordersPerSecond: made.length / settings.duration,
    p50Ms: at(50),
    p99Ms: at(99),
    refused,
    connections: settings.connections,
    hot,
  }
}

export const orderTakingTable = (runs: readonly Awaited<ReturnType<typeof measureOrderTaking>>[]) =>
  markdownTable(
    ['POST /api/admin/orders', 'orders/s', 'p50 ms', 'p99 ms', 'refused'],
    runs.map((r) => [
      r.hot
        ? `new orders, ${r.connections} connections, all of one product`
        : `new orders, ${r.connections} connections, 1 to 3 lines`,
      fmt(r.ordersPerSecond),
      fmt(r.p50Ms, 1),
      fmt(r.p99Ms, 1),
      fmt(r.refused),
    ]),
  )
