import { sql } from 'drizzle-orm'
import { rows } from '../server/src/db/client.ts'
import { FAMILY_NAMES, MIDDLE_NAMES_FEMALE, MIDDLE_NAMES_MALE } from '../server/src/seed/catalog.ts'
import type { RunningApi } from './harness.ts'

// What the search scenarios of `npm run bench` ask and write: the terms, taken from the store itself, and the
// writes that keep arriving while staff search (products created and deleted, orders placed), each at 5 a
// second through SQL, which fires the same triggers as the API's writes.

const productsPath = (term: string) => `/api/admin/products?name=${encodeURIComponent(term)}`
const ordersPath = (term: string) => `/api/admin/orders?name=${encodeURIComponent(term)}`

/** 133 words of the products' names, in a fixed order: asked in turn, each is counted again and again. */
export async function productTerms(api: RunningApi): Promise<string[]> {
  const words = await rows<{ w: string }>(
    api.database.db,
    sql`select w from (select distinct unnest(string_to_array(lower(name), ' ')) as w from products
                        where id in (select id from products order by id limit 20000)) x
         where length(w) >= 2 order by w limit 133`,
  )
  return words.map((r) => productsPath(r.w))
}

/** 11 customer names (family and middle name, as staff type them), asked in turn. */
export const customerTerms = (): string[] =>
  FAMILY_NAMES.slice(0, 6)
    .flatMap((family, i) => [
      `${family} ${MIDDLE_NAMES_MALE[i % MIDDLE_NAMES_MALE.length]}`,
      `${family} ${MIDDLE_NAMES_FEMALE[i % MIDDLE_NAMES_FEMALE.length]}`,
    ])
    .slice(0, 11)
    .map(ordersPath)

/**
 * `count` terms no one searched before: a random piece, 4 to 9 characters long, of the names of random products.
 * A shop's staff type such pieces; each is asked once.
 */
export async function freshTerms(api: RunningApi, count: number): Promise<string[]> {
  const names = await rows<{ name: string }>(
    api.database.db,
    sql`select name from products tablesample system (1) where deleted_at is null limit ${count * 4}`,
  )
  const terms = new Set<string>()
  for (const { name } of names) {
    if (terms.size === count) break
    const length = 4 + Math.floor(Math.random() * 6)
    const start = Math.floor(Math.random() * Math.max(1, name.length - length))
    const term = name.slice(start, start + length).trim()
    if (term.length >= 3) terms.add(term)
  }
  return [...terms].map(productsPath)
}

/** Asks each address once, one at a time, and answers the latencies in milliseconds (and whether all were 200). */
export async function oneByOne(api: RunningApi, paths: readonly string[]) {
  const latencies: number[] = []
  let failed = 0
  for (const path of paths) {
    const start = performance.now()
    const answer = await fetch(`${api.base}${path}`, { headers: api.headers })
    await answer.arrayBuffer()
    latencies.push(performance.now() - start)
    if (!answer.ok) failed++
  }
  return { latencies, failed }
}

const FIVE_A_SECOND_MS = 200

/** Runs `write` every 200 ms until stopped, then `cleanUp`; answers the stop. */
function everyFifth(write: (n: number) => Promise<void>, cleanUp: () => Promise<void>) {
  let n = 0
  let running = Promise.resolve()
  const timer = setInterval(() => {
    n += 1
    running = running
      .then(() => write(n))
      .catch((error) => console.error(`a background write failed: ${error}`))
  }, FIVE_A_SECOND_MS)
  return async () => {
    clearInterval(timer)
    await running
    await cleanUp()
  }
}

/**
 * Five products a second created (a copy of a random product, under a slug of its own) and five deleted (the
 * one created before, soft-deleted as the API does); removed for good when stopped.
 */
export function productChurn(api: RunningApi) {
  const { db } = api.database
  let previous: number | undefined
  return everyFifth(
    async (n) => {
      const [made] = await rows<{ id: number }>(
        db,
        sql`insert into products (name, slug, price, description, quantity, category_id, brand_id, images, size)
            select name, slug || '-churn-' || ${n} || '-' || ${Date.now()}, price, description, quantity,
                   category_id, brand_id, images, size
              from products
             where id >= (select floor(random() * max(id))::bigint from products) and deleted_at is null
             order by id limit 1
            returning id`,
      )
      if (previous !== undefined)
        await db.execute(sql`update products set deleted_at = now() where id = ${previous}`)
      previous = made?.id
    },
    async () => {
      await db.execute(sql`delete from products where slug like '%-churn-%'`)
    },
  )
}

/** Five orders a second placed by random customers (copies of random orders, made now); removed when stopped. */
export function ordersArriving(api: RunningApi) {
  const { db } = api.database
  const made: number[] = []
  return everyFifth(
    async () => {
      const [order] = await rows<{ id: number }>(
        db,
        sql`insert into orders (user_id, address, amount, quantity, status, customer_note, subtotal, shiping_fee,
                                discount_percent, total_price, method_payment, payment_status)
            select user_id, address, amount, quantity, 1, 'bench', subtotal, shiping_fee, discount_percent,
                   total_price, method_payment, 'unpaid'
              from orders where id >= (select floor(random() * max(id))::bigint from orders)
             order by id limit 1
            returning id`,
      )
      if (order) made.push(order.id)
    },
    async () => {
      if (made.length === 0) return
      await db.execute(
        sql`delete from orders where id in (${sql.join(
          made.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    },
  )
}

/**
 * Orders looked up as staff look them up (CONTRACT 5.2), asked in turn: an order's number with and without `#`,
 * and a customer's phone as `0909 123 456` and as `+84 909 123 456`, for 10 orders spread over the store.
 */
export async function orderLookups(api: RunningApi): Promise<string[]> {
  const found = await rows<{ id: string; phone: string }>(
    api.database.db,
    sql`select o.id::text as id, u.phone_number as phone
          from generate_series(1, 10) g
          cross join lateral (select id, user_id from orders
                               where id >= (select max(id) from orders) * g / 11 order by id limit 1) o
          join users u on u.id = o.user_id
         where u.phone_number ~ '^0[0-9]{9}$'`,
  )
  const path = (q: string) => `/api/admin/orders?q=${encodeURIComponent(q)}`
  return found.flatMap(({ id, phone }) => [
    path(`#${id}`),
    path(id),
    path(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`),
    path(`+84 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`),
  ])
}
