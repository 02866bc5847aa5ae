import { randomBytes } from 'node:crypto'
import { slugify } from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, rows } from '../db/client.ts'
import { storeImage } from '../modules/files/storage.ts'
import type { FileStore } from '../types.ts'
import { logoSvg, mapLimited, productSvg, renderPng } from './art.ts'
import {
  ADDRESS_TAILS,
  AUDIENCES,
  BACKGROUNDS,
  BRAND_FIRST,
  BRAND_SECOND,
  COLOURS,
  CUSTOMER_NOTES,
  DESCRIPTIONS,
  FAMILY_NAMES,
  GIVEN_NAMES_FEMALE,
  GIVEN_NAMES_MALE,
  KINDS,
  MIDDLE_NAMES_FEMALE,
  MIDDLE_NAMES_MALE,
  PHONE_PREFIXES,
  REVIEW_COMMENTS,
} from './catalog.ts'
import { type Progress, silentProgress } from './progress.ts'
import { rebuildStatsIfPresent, recomputeProductFigures } from './stats.ts'

// A large store made by the database itself: every statement is `insert … select … from generate_series`, a
// chunk of rows at a time, with values drawn from a hash of each row's id (hashint8extended), so the same ids
// give the same store and nothing travels row by row between Node and PostgreSQL.

export interface BulkCounts {
  categories: number
  brands: number
  products: number
  customers: number
  orders: number
  reviews: number
}

export interface BulkOptions extends BulkCounts {
  /** Each order gets 1 to this many lines. */
  linesPerOrder: number
  /** Rows a statement writes; ~100k keeps each transaction short and the progress bar moving. */
  chunkSize?: number
}

export interface BulkTarget {
  db: Db
  /** Where the pictures are stored (the app's `files`, or `diskStore(folder)`). */
  files: FileStore
  now: Date
  progress?: Progress
  /** Chunks written at once, each on its own connection; 1 on PGlite, which has one. */
  parallel?: number
}

export interface BulkReport {
  inserted: BulkCounts & { lines: number }
  seconds: number
  /** Whether triggers could be switched off (needs a superuser on PostgreSQL before 16). */
  triggersOff: boolean
  statsRebuilt: boolean
}

export const PRODUCT_IMAGE_POOL = 24
/** Distinct brand names before a number is appended: every first word with every second word. */
const BRAND_NAMES = BRAND_FIRST.length * BRAND_SECOND.length

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`
const texts = (items: readonly string[]) => sql.raw(`(array[${items.map(lit).join(',')}]::text[])`)
const ints = (items: readonly number[]) =>
  sql.raw(`(array[${items.map((n) => Math.trunc(n)).join(',')}]::int[])`)
const num = (n: number) => sql.raw(String(Math.trunc(n)))
/** A non-negative pseudo-random bigint from `expr` (a row id) and a seed: one seed per drawn attribute. */
const hash = (expr: string, seed: number) =>
  `(hashint8extended((${expr})::bigint, ${seed}) & 9223372036854775807)`
const h = (expr: string, seed: number) => sql.raw(hash(expr, seed))

/** A list of strings flattened for SQL: the items, and where each group starts and how long it is. */
function grouped(groups: readonly (readonly string[])[]) {
  const offsets: number[] = []
  let at = 0
  for (const g of groups) {
    offsets.push(at)
    at += g.length
  }
  return { items: texts(groups.flat()), offsets: ints(offsets), counts: ints(groups.map((g) => g.length)) }
}

const nouns = grouped(KINDS.map((k) => k.nouns))
const styles = grouped(KINDS.map((k) => k.styles))
const comments = grouped([1, 2, 3, 4, 5].map((r) => REVIEW_COMMENTS[r as 1 | 2 | 3 | 4 | 5]))
const addresses = texts(ADDRESS_TAILS.flatMap((a) => a.streets.map((s) => `${s}, ${a.tail}`)))
const addressCount = ADDRESS_TAILS.reduce((n, a) => n + a.streets.length, 0)

function checkOptions(options: BulkOptions) {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${key} must be a whole number, 0 or more`)
  }
  if (options.linesPerOrder < 1) throw new Error('linesPerOrder must be 1 or more')
}

/**
 * Appends a generated store: categories, brands, customers, products (pictures from a pool drawn once), orders
 * with lines and consistent figures, reviews; then `rebuild_stats()` when it exists, and VACUUM (ANALYZE). Runs on
 * either driver.
 *
 * Which products an order's lines and the reviews point at is a function of their ids, so each new product's
 * `sold` and `rating` are worked out before it is written: updating a million freshly written products
 * afterwards would rewrite every one of their index entries. A closing pass recomputes the figures from the rows
 * and writes only those that differ (products that existed before the load, or any drift).
 */
export async function generateStore(target: BulkTarget, options: BulkOptions): Promise<BulkReport> {
  checkOptions(options)
  const { db, now } = target
  const progress = target.progress ?? silentProgress
  const chunk = options.chunkSize ?? 100_000
  const parallel = Math.max(1, target.parallel ?? 1)
  const started = performance.now()
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const at = sql`${now.toISOString()}::timestamptz`
  const scratch: string[] = []
  const lpo = options.linesPerOrder

  /**
   * Times that grow with the id, as in a shop that has been trading: row g of `total` falls in the window that
   * starts `daysAgo` before now and lasts `days`, with a jitter smaller than the gap between rows. Rising
   * times also keep the (created_at, id) indexes append-only while loading.
   */
  const spread = (id: string, base: number, total: number, daysAgo: number, days: number) =>
    sql`(${at} - interval '${sql.raw(String(daysAgo))} days'
         + ((${sql.raw(id)} - ${num(base)} - 1 + (${h(id, 90)} % 1000) / 1000.0) * ${num(days * 86_400)} / ${num(Math.max(1, total))})
           * interval '1 second')`

  const triggersOff = await canSwitchTriggersOff(db)
  if (!triggersOff)
    progress.note('Not allowed to switch triggers off here: loading with triggers on (slower)')

  /** Runs `statement(lo, hi)` over 1..total in chunks, `parallel` at a time, each in its own transaction. */
  const inChunks = async (
    phase: string,
    total: number,
    size: number,
    statement: (lo: number, hi: number) => SQL,
  ) => {
    if (total === 0) return
    progress.start(phase, total)
    const ranges: [number, number][] = []
    for (let lo = 1; lo <= total; lo += size) ranges.push([lo, Math.min(total, lo + size - 1)])
    await mapLimited(ranges, parallel, async ([lo, hi]) => {
      await db.transaction(async (tx) => {
        if (triggersOff) await tx.execute(sql`set local session_replication_role = replica`)
        // Room for the trigram indexes' pending lists, merged in fewer, larger batches.
        await tx.execute(sql`set local work_mem = '64MB'`)
        await tx.execute(sql`set local gin_pending_list_limit = '32MB'`)
        await tx.execute(statement(lo, hi))
      })
      progress.advance(hi - lo + 1)
    })
    progress.end()
  }

  /** Runs one step that has no progress of its own, and says how long it took. */
  const step = async <T>(what: string, work: () => Promise<T>, done?: (result: T) => string): Promise<T> => {
    const t0 = performance.now()
    const result = await work()
    progress.note(
      `${what}: ${done ? `${done(result)}, ` : ''}${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )
    return result
  }

  /** A work table of this run, dropped at the end; unlogged, as it is rebuilt by a rerun anyway. */
  const scratchTable = async (name: string, select: SQL, key: string) => {
    const table = `seed_${name}_${run}`
    scratch.push(table)
    await db.execute(sql`create unlogged table ${sql.identifier(table)} as ${select}`)
    await db.execute(sql`alter table ${sql.identifier(table)} add primary key (${sql.identifier(key)})`)
    await db.execute(sql`analyze ${sql.identifier(table)}`)
    const [row] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    )
    return { name: sql.identifier(table), count: row?.count ?? 0 }
  }
  /** A numbered copy (n = 1..count) of the rows new rows may point at, for picking one by a hash. */
  const pickTable = (name: string, select: SQL) => scratchTable(`pick_${name}`, select, 'n')

  // Refuse before writing anything (pictures included) what could not be finished.
  const [have] = await rows<{ categories: number; brands: number; customers: number; products: number }>(
    db,
    sql`select (select count(*) from categories)::int as categories, (select count(*) from brands)::int as brands,
               (select count(*) from users where role = 'user')::int as customers,
               (select count(*) from products where deleted_at is null)::int as products`,
  )
  if (
    options.products > 0 &&
    (have!.categories + options.categories === 0 || have!.brands + options.brands === 0)
  )
    throw new Error('Products need categories and brands: add some')
  if (options.orders + options.reviews > 0 && have!.products + options.products === 0)
    throw new Error('Orders and reviews need products: add some')
  if (options.orders + options.reviews > 0 && have!.customers + options.customers === 0)
    throw new Error('Orders and reviews need customers: add some')

  try {
    const images = await drawPool(target, options.brands)
    const categoryBase = await reserveIds(db, 'categories', options.categories)
    const brandBase = await reserveIds(db, 'brands', options.brands)
    const customerBase = await reserveIds(db, 'users', options.customers)
    const productBase = await reserveIds(db, 'products', options.products)
    const orderBase = await reserveIds(db, 'orders', options.orders)
    const reviewBase = await reserveIds(db, 'reviews', options.reviews)

    await inChunks('categories', options.categories, chunk, (lo, hi) => {
      const g = `(s.id - ${categoryBase})`
      return sql`
        insert into categories (id, name, slug, created_at, updated_at)
        select s.id, n.name, trim(both '-' from regexp_replace(search_text(n.name), '[^a-z0-9]+', '-', 'g')) || '-' || s.id,
               ${at} - interval '420 days', ${at} - interval '420 days'
          from (select ${num(categoryBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g) s
         cross join lateral (
           select ${texts(KINDS.map((k) => k.category))}[1 + (${sql.raw(g)} - 1) % ${num(KINDS.length)}] || ' '
                  || ${texts(AUDIENCES)}[1 + ((${sql.raw(g)} - 1) / ${num(KINDS.length)}) % ${num(AUDIENCES.length)}]
                  || case when ${sql.raw(g)} > ${num(KINDS.length * AUDIENCES.length)}
                          then ' ' || ((${sql.raw(g)} - 1) / ${num(KINDS.length * AUDIENCES.length)} + 1) else '' end as name
         ) n`
    })

    await inChunks('brands', options.brands, chunk, (lo, hi) => {
      const j = `((s.id - ${brandBase} - 1) % ${BRAND_NAMES})`
      return sql`
        insert into brands (id, name, slug, logo, created_at, updated_at)
        select s.id, n.name, trim(both '-' from regexp_replace(search_text(n.name), '[^a-z0-9]+', '-', 'g')) || '-' || s.id,
               ${texts(images.logos)}[1 + ${sql.raw(j)}], ${at} - interval '415 days', ${at} - interval '415 days'
          from (select ${num(brandBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g) s
         cross join lateral (
           select ${texts(BRAND_FIRST)}[1 + ${sql.raw(j)} % ${num(BRAND_FIRST.length)}] || ' '
                  || ${texts(BRAND_SECOND)}[1 + ${sql.raw(j)} / ${num(BRAND_FIRST.length)}]
                  || case when s.id - ${num(brandBase)} > ${num(BRAND_NAMES)}
                          then ' ' || ((s.id - ${num(brandBase)} - 1) / ${num(BRAND_NAMES)} + 1) else '' end as name
         ) n`
    })

    await inChunks('customers', options.customers, chunk, (lo, hi) => {
      const female = sql.raw(`(${hash('s.id', 1)} % 100 < 55)`)
      return sql`
        insert into users (id, name, email, phone_number, gender, dob, location, role, is_email_verified, created_at, updated_at)
        select s.id, k.family || ' ' || k.middle || ' ' || k.given,
               k.given_slug || '.' || k.family_slug || s.id || '@example.net',
               ${texts(PHONE_PREFIXES)}[1 + ${h('s.id', 5)} % ${num(PHONE_PREFIXES.length)}]
                 || lpad((${h('s.id', 6)} % 10000000)::text, 7, '0'),
               case when k.female then 1 else 2 end,
               date '1970-01-01' + (${h('s.id', 7)} % 13500)::int,
               (1 + ${h('s.id', 8)} % 450) || ' ' || ${addresses}[1 + ${h('s.id', 9)} % ${num(addressCount)}],
               'user', ${h('s.id', 10)} % 10 < 7,
               k.created_at, k.created_at
          from (select ${num(customerBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g) s
         cross join lateral (
           select ${female} as female,
                  ${texts(FAMILY_NAMES)}[1 + ${h('s.id', 2)} % ${num(FAMILY_NAMES.length)}] as family,
                  ${texts(FAMILY_NAMES.map(slugify))}[1 + ${h('s.id', 2)} % ${num(FAMILY_NAMES.length)}] as family_slug,
                  case when ${female} then ${texts(MIDDLE_NAMES_FEMALE)}[1 + ${h('s.id', 3)} % ${num(MIDDLE_NAMES_FEMALE.length)}]
                       else ${texts(MIDDLE_NAMES_MALE)}[1 + ${h('s.id', 3)} % ${num(MIDDLE_NAMES_MALE.length)}] end as middle,
                  case when ${female} then ${texts(GIVEN_NAMES_FEMALE)}[1 + ${h('s.id', 4)} % ${num(GIVEN_NAMES_FEMALE.length)}]
                       else ${texts(GIVEN_NAMES_MALE)}[1 + ${h('s.id', 4)} % ${num(GIVEN_NAMES_MALE.length)}] end as given,
                  case when ${female} then ${texts(GIVEN_NAMES_FEMALE.map(slugify))}[1 + ${h('s.id', 4)} % ${num(GIVEN_NAMES_FEMALE.length)}]
                       else ${texts(GIVEN_NAMES_MALE.map(slugify))}[1 + ${h('s.id', 4)} % ${num(GIVEN_NAMES_MALE.length)}] end as given_slug,
                  ${spread('s.id', customerBase, options.customers, 400, 30)} as created_at
         ) k`
    })

    // Products that exist and may be picked: the live ones up to the reserved block, numbered by id, then the
    // new ones, which take the numbers after them in id order.
    const [existing] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from products where deleted_at is null and id <= ${productBase}`,
    )
    const productCount = (existing?.count ?? 0) + options.products
    const needsPicks = options.orders > 0 || options.reviews > 0
    if (needsPicks && productCount === 0) throw new Error('Orders and reviews need products: add some')

    /** Orders base+lo..base+hi with what is drawn for each; customer_hash picks the customer. */
    const drawnOrders = (lo: number, hi: number) => sql`(
      select s.id, k.created_at, k.status,
             ${h('s.id', 40)} as customer_hash,
             least(${at}, k.created_at + (${h('s.id', 45)} % 72) * interval '1 hour') as updated_at,
             case when ${h('s.id', 46)} % 100 < 15 then '0' when ${h('s.id', 46)} % 100 < 60 then '1'
                  when ${h('s.id', 46)} % 100 < 85 then '2' else '3' end as method,
             case when ${h('s.id', 47)} % 100 < 80 then 0 when ${h('s.id', 47)} % 100 < 92 then 5 else 10 end as discount,
             ${ints([0, 15_000, 30_000, 30_000])}[1 + ${h('s.id', 48)} % 4] as fee,
             ${texts(CUSTOMER_NOTES)}[1 + ${h('s.id', 49)} % ${num(CUSTOMER_NOTES.length)}] as note,
             1 + ${h('s.id', 50)} % ${num(lpo)} as lines,
             ${h('s.id', 51)} % ${num(Math.max(1, productCount))} as first_product
        from (select ${num(orderBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g) s
       cross join lateral (select ${spread('s.id', orderBase, options.orders, 365, 365)} as created_at) t
       cross join lateral (
         select t.created_at,
                case when ${h('s.id', 42)} % 100 < 8 then 0
                     when t.created_at > ${at} - interval '4 days' then 1 + ${h('s.id', 43)} % 2
                     when ${h('s.id', 42)} % 100 < 11 then 1
                     when ${h('s.id', 42)} % 100 < 15 then 2
                     else 3 end as status
       ) k
    )`
    /** Line i of order o: which product (by number) and how many. Needs `o` and `i` in scope. */
    const lineProduct = sql.raw(`1 + (o.first_product + i) % ${Math.max(1, productCount)}`)
    const lineQuantity = sql.raw(
      `case when ${hash('o.id * 64 + i', 52)} % 100 < 70 then 1 when ${hash('o.id * 64 + i', 52)} % 100 < 92 then 2 else 3 end`,
    )
    const reviewsFrom = (lo: number, hi: number) =>
      sql`(select ${num(reviewBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g)`
    const reviewProduct = sql.raw(`1 + ${hash('s.id', 60)} % ${Math.max(1, productCount)}`)
    const ratingOf = (id: string) =>
      `case when ${hash(id, 62)} % 100 < 6 then 1 when ${hash(id, 62)} % 100 < 13 then 2 ` +
      `when ${hash(id, 62)} % 100 < 25 then 3 when ${hash(id, 62)} % 100 < 55 then 4 else 5 end`
    const reviewRating = sql.raw(ratingOf('s.id'))
    /**
     * How review `s.id`, of `rating` stars, was moderated (CONTRACT 4.5), as the demo does it: most approved;
     * of the last ten days' reviews (times grow with the id) 60% still wait; a rating of 1 or 2 is rejected one
     * time in four, a better one one time in 25; a few older ones wait too.
     */
    const recentFrom = Math.floor((options.reviews * 355) / 365)
    const reviewStatus = (rating: string) =>
      sql.raw(
        `case when s.id - ${Math.trunc(reviewBase)} > ${recentFrom} and ${hash('s.id', 64)} % 100 < 60 then 'pending' ` +
          `when ${hash('s.id', 64)} % 100 < case when ${rating} <= 2 then 25 else 4 end then 'rejected' ` +
          `when ${hash('s.id', 64)} % 100 >= 97 then 'pending' else 'approved' end`,
      )

    if (options.products > 0) {
      const cats = await pickTable(
        'categories',
        sql`select (row_number() over (order by c.id))::int as n, c.id,
                   coalesce((select k.i::int - 1 from unnest(${texts(KINDS.map((k) => k.category))}) with ordinality k(name, i)
                              where search_text(c.name) like search_text(k.name) || '%' limit 1), -1) as kind
              from categories c where c.id <= ${categoryBase + options.categories}`,
      )
      // A category whose name names no kind of goods still gets one, so its products have names and pictures.
      await db.execute(sql`update ${cats.name} set kind = (n - 1) % ${num(KINDS.length)} where kind < 0`)
      const brandPick = await pickTable(
        'brands',
        sql`select (row_number() over (order by id))::int as n, id from brands where id <= ${brandBase + options.brands}`,
      )
      if (cats.count === 0 || brandPick.count === 0)
        throw new Error('Products need categories and brands: add some')

      // sold and rating of every product number, from the lines and approved reviews this load is about to write.
      const figures = await step('Sold counts and ratings of the new products worked out', () =>
        scratchTable(
          'figures',
          sql`select n, coalesce(sum(sold), 0)::int as sold,
                   coalesce(round(avg(rating)::numeric, 2)::float8, 0) as rating
              from (
                select ${lineProduct} as n, ${lineQuantity} as sold, null::int as rating
                  from ${drawnOrders(1, options.orders)} o
                 cross join lateral generate_series(0, o.lines - 1) i
                 where o.status = 3
                union all
                select ${reviewProduct}, null, case when ${reviewStatus(ratingOf('s.id'))} = 'approved' then ${reviewRating} end
                  from ${reviewsFrom(1, options.reviews)} s
              ) x
             where n > ${num(productCount - options.products)}
             group by n`,
          'n',
        ),
      )
      const first = productCount - options.products - productBase

      await inChunks('products', options.products, chunk, (lo, hi) => {
        return sql`
          insert into products (id, name, slug, price, images, description, size, quantity, category_id, brand_id,
                                sold, rating, created_at, updated_at)
          select s.id, n.name,
                 trim(both '-' from regexp_replace(search_text(n.name), '[^a-z0-9]+', '-', 'g')) || '-' || s.id,
                 round(${ints(KINDS.map((k) => k.minPrice))}[c.kind + 1], -4)
                   + (${h('s.id', 23)} % (1 + (${ints(KINDS.map((k) => k.maxPrice - k.minPrice))}[c.kind + 1] / 10000))) * 10000 - 1000,
                 case when ${h('s.id', 24)} % 3 = 0
                      then array[${images.products.items}[${images.products.offsets}[c.kind + 1] + 1 + ${h('s.id', 25)} % ${images.products.counts}[c.kind + 1]],
                                 ${images.products.items}[${images.products.offsets}[c.kind + 1] + 1 + (${h('s.id', 25)} + 1) % ${images.products.counts}[c.kind + 1]]]
                      else array[${images.products.items}[${images.products.offsets}[c.kind + 1] + 1 + ${h('s.id', 25)} % ${images.products.counts}[c.kind + 1]]] end,
                 ${texts(DESCRIPTIONS)}[1 + ${h('s.id', 26)} % ${num(DESCRIPTIONS.length)}],
                 case when ${ints(KINDS.map((k) => (k.sized ? 1 : 0)))}[c.kind + 1] = 1
                      then (${texts(['{S,M,L}', '{M,L,XL}', '{S,M,L,XL}', '{M,L}'])}[1 + ${h('s.id', 27)} % 4])::text[]
                      else '{}'::text[] end,
                 case when ${h('s.id', 28)} % 100 < 2 then 0 else 1 + ${h('s.id', 29)} % 300 end,
                 c.id, b.id, coalesce(f.sold, 0), coalesce(f.rating, 0), k.created_at, k.created_at
            from (select ${num(productBase)} + g as id from generate_series(${num(lo)}, ${num(hi)}) g) s
           cross join lateral (
             select 1 + ${h('s.id', 20)} % ${num(cats.count)} as cat, 1 + ${h('s.id', 21)} % ${num(brandPick.count)} as brand,
                    ${spread('s.id', productBase, options.products, 396, 30)} as created_at
           ) k
            join ${cats.name} c on c.n = k.cat
            join ${brandPick.name} b on b.n = k.brand
            left join ${figures.name} f on f.n = s.id + ${num(first)}
           cross join lateral (
             select ${nouns.items}[${nouns.offsets}[c.kind + 1] + 1 + ${h('s.id', 30)} % ${nouns.counts}[c.kind + 1]] || ' '
                    || ${styles.items}[${styles.offsets}[c.kind + 1] + 1 + ${h('s.id', 31)} % ${styles.counts}[c.kind + 1]] || ' '
                    || ${texts(COLOURS.map((c) => c.name))}[1 + ${h('s.id', 32)} % ${num(COLOURS.length)}] as name
           ) n`
      })
    }

    if (needsPicks) {
      const customers = await pickTable(
        'customers',
        sql`select (row_number() over (order by id))::int as n, id, coalesce(location, '') as location
              from users where role = 'user' and id <= ${customerBase + options.customers}`,
      )
      const productPick = await pickTable(
        'products',
        sql`select (row_number() over (order by id))::int as n, id, price, size
              from products where deleted_at is null and id <= ${productBase + options.products}`,
      )
      if (customers.count === 0) throw new Error('Orders and reviews need customers: add some')
      if (productPick.count !== productCount)
        progress.note('Products changed during the load: the closing pass will correct their figures')

      // Fewer orders a statement: each brings its lines along.
      await inChunks('orders', options.orders, Math.max(1, Math.round(chunk / ((1 + lpo) / 2))), (lo, hi) => {
        return sql`
          with o as (
            select o.*, c.id as user_id, c.location
              from ${drawnOrders(lo, hi)} o
              join ${customers.name} c on c.n = 1 + o.customer_hash % ${num(customers.count)}
          ), l as (
            select o.id as order_id, p.id as product_id, p.price, o.created_at, ${lineQuantity} as quantity,
                   case when cardinality(p.size) > 0
                        then p.size[1 + (${h('o.id * 64 + i', 53)} % cardinality(p.size))::int] end as size
              from o
             cross join lateral generate_series(0, o.lines - 1) i
              join ${productPick.name} p on p.n = ${lineProduct}
          ), written as (
            insert into order_lines (order_id, product_id, price, quantity, size, created_at)
            select order_id, product_id, price, quantity, size, created_at from l
          ), sums as (
            select order_id, sum(quantity)::int as quantity, sum(price * quantity)::bigint as subtotal
              from l group by order_id
          )
          insert into orders (id, user_id, address, amount, quantity, status, customer_note, subtotal, shiping_fee,
                              discount_percent, total_price, method_payment, payment_status, created_at, updated_at)
          select o.id, o.user_id, o.location, f.total, t.quantity, o.status, o.note, t.subtotal, o.fee,
                 o.discount, f.total, o.method,
                 -- The rule migration 0010 gave the orders placed before payment status existed.
                 case when o.method in ('0', '') then 'unpaid' when o.status = 3 then 'paid' else 'pending' end,
                 o.created_at, o.updated_at
            from o join sums t on t.order_id = o.id
           cross join lateral (
             select t.subtotal - round(t.subtotal * o.discount / 100.0)::bigint + o.fee as total
           ) f`
      })

      await inChunks('reviews', options.reviews, chunk, (lo, hi) => {
        return sql`
          insert into reviews (id, product_id, user_id, content, rating, status, created_at, updated_at)
          select s.id, p.id, c.id,
                 ${comments.items}[${comments.offsets}[k.rating] + 1 + ${h('s.id', 63)} % ${comments.counts}[k.rating]],
                 k.rating, ${reviewStatus('k.rating')}, k.created_at, k.created_at
            from ${reviewsFrom(lo, hi)} s
           cross join lateral (
             select ${reviewRating} as rating,
                    ${spread('s.id', reviewBase, options.reviews, 365, 365)} as created_at
           ) k
            join ${productPick.name} p on p.n = ${reviewProduct}
            join ${customers.name} c on c.n = 1 + ${h('s.id', 61)} % ${num(customers.count)}`
      })
    }

    await step(
      'Product sold counts and ratings checked against the rows',
      () =>
        db.transaction(async (tx) => {
          if (triggersOff) await tx.execute(sql`set local session_replication_role = replica`)
          await tx.execute(sql`set local work_mem = '256MB'`)
          return recomputeProductFigures(tx)
        }),
      (corrected) => `${corrected} corrected`,
    )
    const statsRebuilt = await step(
      'Store counters',
      () => rebuildStatsIfPresent(db),
      (ran) => (ran ? 'rebuilt by rebuild_stats()' : 'no rebuild_stats() in this database'),
    )
    // VACUUM, not just ANALYZE: it marks the freshly written pages all-visible, without which every
    // index-only scan (deep pages, counters) still visits the heap row by row until autovacuum comes by.
    await step('Tables vacuumed and analysed', () =>
      db.execute(
        sql`vacuum (analyze) users, categories, brands, products, orders, order_lines, reviews, counts`,
      ),
    )

    const [lines] = await rows<{ count: number }>(
      db,
      sql`select count(*)::float8 as count from order_lines
           where order_id between ${orderBase + 1} and ${orderBase + options.orders}`,
    )
    return {
      inserted: {
        categories: options.categories,
        brands: options.brands,
        products: options.products,
        customers: options.customers,
        orders: options.orders,
        lines: lines?.count ?? 0,
        reviews: options.reviews,
      },
      seconds: (performance.now() - started) / 1000,
      triggersOff,
      statsRebuilt,
    }
  } finally {
    for (const table of scratch)
      await db.execute(sql`drop table if exists ${sql.identifier(table)}`).catch(() => {})
  }
}

/**
 * Reserves `count` ids of `table` and returns the one before the first: the identity sequence is moved past
 * the block at once, so rows the API inserts meanwhile never take an id the load will write.
 */
async function reserveIds(db: Db, table: string, count: number): Promise<number> {
  const [row] = await rows<{ base: number }>(
    db,
    sql`select (setval(q.seq, q.top + ${count}::bigint + 1, false) - ${count}::bigint - 1)::float8 as base
          from (select pg_get_serial_sequence(${table}, 'id') as seq,
                       greatest(coalesce((select max(id) from ${sql.identifier(table)}), 0),
                                coalesce(pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass), 0)) as top) q`,
  )
  return row!.base
}

/** Whether this session may switch triggers off (superusers may; PGlite's only user is one). */
async function canSwitchTriggersOff(db: Db): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
    })
    return true
  } catch {
    return false
  }
}

/** Draws the pictures a load reuses: two or three per kind of goods, and one logo per brand name used. */
async function drawPool(target: BulkTarget, brandCount: number) {
  const productJobs = Array.from({ length: PRODUCT_IMAGE_POOL }, (_, i) => ({
    kind: i % KINDS.length,
    svg: productSvg(
      KINDS[i % KINDS.length]!.silhouette,
      COLOURS[(i * 5 + 3) % COLOURS.length]!.hex,
      BACKGROUNDS[i % BACKGROUNDS.length]!,
      Math.floor(i / KINDS.length),
    ),
  }))
  const logoJobs = Array.from({ length: Math.min(brandCount, BRAND_NAMES) }, (_, j) => ({
    kind: -1,
    svg: logoSvg(
      `${BRAND_FIRST[j % BRAND_FIRST.length]} ${BRAND_SECOND[Math.floor(j / BRAND_FIRST.length)]}`,
      COLOURS[1 + (j % (COLOURS.length - 1))]!.hex,
      j,
    ),
  }))
  const jobs = [...productJobs, ...logoJobs]
  target.progress?.start('pictures', jobs.length)
  const stored = await mapLimited(jobs, 4, async (job) => {
    const path = await storeImage(target.files, await renderPng(job.svg), target.now)
    target.progress?.advance(1)
    return path
  })
  target.progress?.end()
  const byKind = KINDS.map((_, k) => stored.filter((_, i) => productJobs[i]?.kind === k))
  return { products: grouped(byKind), logos: stored.slice(productJobs.length) }
}
