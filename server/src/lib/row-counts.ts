import { createHash } from 'node:crypto'
import { getTableName, getTableUniqueName, type SQL, sql } from 'drizzle-orm'
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core'
import { type Db, rows } from '../db/client.ts'
import { matches } from './list.ts'

/**
 * The populations a list shows. `products` are the live ones, `stock_out` the live ones whose quantity is 0
 * (migration 0006); `customers` and `admins` are users by role.
 */
export type Counted =
  | 'users'
  | 'customers'
  | 'admins'
  | 'categories'
  | 'brands'
  | 'products'
  | 'stock_out'
  | 'reviews'
  | 'orders'

/**
 * Each population's table and the condition that picks its rows. `unversionedColumns`: the condition reads a
 * column `search_changes` does not follow, so a search within it must be remembered against `changes`.
 */
const populations: Record<Counted, { table: string; where?: SQL; unversionedColumns?: true }> = {
  users: { table: 'users' },
  customers: { table: 'users', where: sql`role = 'user'` },
  admins: { table: 'users', where: sql`role = 'admin'` },
  categories: { table: 'categories' },
  brands: { table: 'brands' },
  products: { table: 'products', where: sql`deleted_at is null` },
  // A stock update moves a product in or out without touching a searched column: without the flag a
  // remembered "out of stock named …" count would outlive every sale and restock.
  stock_out: { table: 'products', where: sql`deleted_at is null and quantity = 0`, unversionedColumns: true },
  reviews: { table: 'reviews' },
  orders: { table: 'orders' },
}

/**
 * The tables whose writes the statistics triggers record (migration 0002), each under a population of its own
 * name: `changes` counts every row written, `search_changes` only rows inserted, deleted or changed in one of
 * these columns (the triggers' arguments, plus the id; a `*_search` column changes exactly when its source does). Both only grow, so their sums are change versions.
 */
const SEARCHED: Record<string, readonly string[]> = {
  users: ['id', 'name', 'name_search', 'role'],
  categories: ['id', 'name', 'name_search'],
  brands: ['id', 'name', 'name_search'],
  products: ['id', 'name', 'name_search', 'deleted_at'],
  reviews: ['id', 'content', 'content_search'],
  orders: ['id', 'user_id'],
  order_lines: [],
}

/**
 * A condition narrowing a population, with what it reads declared by its caller: `reads` is every column
 * `where` reads, of any table, or 'volatile' when its answer can change without a write (it calls `now()`,
 * `random()`, …). What a count may be remembered against follows from the declaration alone, so a column the
 * condition reads but `reads` leaves out would let a remembered count outlive the writes that change it.
 */
export interface Narrowing {
  where: SQL
  reads: readonly PgColumn[] | 'volatile'
  /**
   * Set when the condition is exactly "the name contains `term`" over a table's `name_search` (`matching`):
   * its total can then be summed from name_counts (migration 0012).
   */
  named?: { table: string; term: string }
}

/**
 * The populations name_counts counts by name (migration 0012), as row_counts counts them, each with the table
 * whose `name_search` names its rows: orders go by their customer's name.
 */
const NAMED: Partial<Record<Counted, string>> = {
  products: 'products',
  users: 'users',
  customers: 'users',
  admins: 'users',
  orders: 'users',
}

/**
 * The exact count of a name search from name_counts: the sum of the counts of the names that contain the term,
 * kept by the tables' triggers in the writes' own transactions. Undefined when `search` is not one it counts.
 */
function namedCount(what: Counted, search: Narrowing): SQL<number> | undefined {
  const { named } = search
  if (!named || NAMED[what] === undefined || named.table !== NAMED[what]) return undefined
  return sql<number>`(select coalesce(sum(n), 0)::float8 from name_counts
                       where population = ${what} and ${matches(sql`name_search`, named.term)})`
}

const dialect = new PgDialect()

/**
 * The exact `totalResults` of a list: every row of `what`, narrowed by `search` (a condition over the same
 * table, with the columns it reads declared) when given. Every list counts through here, so how counting stays fast at millions of rows is
 * decided in one place (docs/performance.md):
 * - without `search`, the count is read from `row_counts`, which triggers keep exact;
 * - with `search`, the count is remembered in `search_counts` with the change version of every table the
 *   condition reads, and used again only while no committed write has since touched those tables (their
 *   rows' existence or, when the condition reads nothing else, the columns searches read).
 */
export async function countRows(db: Db, what: Counted, search?: Narrowing): Promise<number> {
  if (!search) return storedCount(db, what)
  const named = namedCount(what, search)
  if (named) {
    const [row] = await rows<{ n: number }>(db, sql`select ${named} as n`)
    return row?.n ?? 0
  }
  return searchCount(db, what, search)
}

/**
 * The stored count of `what` less the stored count of `less`, a population within it (`products` less
 * `stock_out`: the products in stock), read in one statement so both come from the same snapshot.
 */
export async function storedDifference(db: Db, what: Counted, less: Counted): Promise<number> {
  const [row] = await rows<{ n: number }>(db, storedDifferenceQuery(what, less))
  return row?.n ?? 0
}

const storedDifferenceQuery = (what: Counted, less: Counted) =>
  sql`select coalesce(sum(case when population = ${what} then n else -n end), 0)::float8 as n
        from row_counts where population in (${what}, ${less})`

const storedCountQuery = (what: Counted) =>
  sql`select coalesce(sum(n), 0)::float8 as n from row_counts where population = ${what}`

async function storedCount(db: Db, what: Counted): Promise<number> {
  const [row] = await rows<{ n: number }>(db, storedCountQuery(what))
  return row?.n ?? 0
}

/**
 * How a list learns its exact total: `column`, a scalar subquery its page's statement selects beside the rows
 * (null when it does not know), and `count`, which counts when the column could not say. A page and the total
 * then come back in one round trip and from one snapshot; the column is the stored count, or the count of a
 * search remembered for the tables' current versions.
 */
export interface ListTotal {
  column: SQL<number | null>
  count: () => Promise<number>
}

/**
 * The names of `what` that contain `term` (name_counts), with the exact number of rows they name; the names only
 * when those rows are at most `few` (a list then reads its page by them), else null.
 */
export async function namesMatching(
  db: Db,
  what: Counted,
  term: string,
  few: number,
): Promise<{ names: string[] | null; total: number }> {
  const [row] = await rows<{ names: string[] | null; total: number }>(
    db,
    sql`select case when coalesce(sum(m.n), 0) <= ${few} then coalesce(array_agg(m.name_search), '{}') end as names,
               coalesce(sum(m.n), 0)::float8 as total
          from (select name_search, sum(n) as n from name_counts
                 where population = ${what} and ${matches(sql`name_search`, term)}
                 group by name_search having sum(n) > 0) m`,
  )
  return row ?? { names: [], total: 0 }
}

/** Terms last seen matching more rows than a list reads by names, by population: a plan's hint, never a count. */
const denseTerms = new Map<string, true>()
const DENSE_TERMS_KEPT = 1_000

/**
 * How to read a page of a bare name search: by the names the term matches when they name at most `few` rows
 * (`names`, with the exact `total`), else by the term itself (`names` null), PostgreSQL walking the list's
 * index until the page is full, which a term matching that many rows fills quickly. A term seen dense before
 * goes straight to that plan, its total then read by the page's own statement, so the common search costs one
 * round trip; a wrong hint (the term has since become rare) costs speed, never exactness.
 */
export async function nameSearchPlan(
  db: Db,
  what: Counted,
  term: string,
  few: number,
): Promise<{ names: string[] | null; total?: number }> {
  const key = `${what}\u0000${term}`
  if (denseTerms.has(key)) return { names: null }
  const matched = await namesMatching(db, what, term, few)
  if (matched.names === null) {
    denseTerms.set(key, true)
    if (denseTerms.size > DENSE_TERMS_KEPT) denseTerms.delete(denseTerms.keys().next().value!)
  }
  return matched
}

/** A total already known, as a `ListTotal`. */
export const knownTotal = (total: number): ListTotal => ({
  column: sql<number>`${total}::float8`,
  count: async () => total,
})

/** The `ListTotal` of `countRows(db, what, search)`. */
export function listTotal(db: Db, what: Counted, search?: Narrowing): ListTotal {
  if (!search) return { column: sql<number>`(${storedCountQuery(what)})`, count: () => storedCount(db, what) }
  const named = namedCount(what, search)
  if (named) return { column: named, count: () => countRows(db, what, search) }
  const remembered = searchKey(what, search)
  return {
    column: remembered ? sql<number | null>`(${rememberedCount(what, remembered)})` : sql`null::float8`,
    count: () => (remembered ? countAndRemember(db, what, search, remembered) : countRows(db, what, search)),
  }
}

/** The `ListTotal` of `storedDifference(db, what, less)`. */
export function differenceTotal(db: Db, what: Counted, less: Counted): ListTotal {
  return {
    column: sql<number>`(${storedDifferenceQuery(what, less)})`,
    count: () => storedDifference(db, what, less),
  }
}

/**
 * A page of a list with its total, read by `page` in one statement that selects `total.column` as `total`; the
 * total is counted apart only when the column did not know it (a search not remembered, or a page past the
 * last, which has no row to carry it).
 *
 * @example const { rows, total } = await pageWithTotal(listTotal(db, 'orders'), (total) => db.select({ ...columns, total }).from(orders)…)
 */
export async function pageWithTotal<R extends { total: number | null }>(
  total: ListTotal,
  page: (column: SQL<number | null>) => Promise<R[]>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const found = await page(total.column)
  const known = found[0]?.total
  return { rows: found, total: known ?? (await total.count()) }
}

/**
 * How a search condition is remembered: a hash of its SQL and parameters, the tables of the columns it is
 * declared to read (and the population's own), and which of
 * their versions says it may have changed (`search` when it, and the population it narrows, read searched
 * columns only, else `all`). Undefined when it must be counted every time.
 */
export function searchKey(
  what: Counted,
  search: Narrowing,
): { key: string; deps: string[]; version: 'search' | 'all' } | undefined {
  if (search.reads === 'volatile') return undefined
  const deps = new Set([populations[what].table])
  let searchedOnly = !populations[what].unversionedColumns
  for (const column of search.reads) {
    const table = getTableName(column.table)
    // A table the triggers do not version (another schema's table of the same name included) could change
    // under a remembered count: count every time instead.
    if (!Object.hasOwn(SEARCHED, table) || getTableUniqueName(column.table) !== `public.${table}`) {
      return undefined
    }
    deps.add(table)
    if (!SEARCHED[table]!.includes(column.name)) searchedOnly = false
  }
  const query = dialect.sqlToQuery(search.where)
  const key = createHash('sha256')
    .update(
      JSON.stringify([what, query.sql, query.params], (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    )
    .digest('base64url')
  return { key, deps: [...deps].sort(), version: searchedOnly ? 'search' : 'all' }
}

type Remembered = NonNullable<ReturnType<typeof searchKey>>

/** The sum of the change versions a remembered count of `deps` is valid for. */
function versionOf({ deps, version }: Remembered) {
  const changes = version === 'search' ? sql`search_changes` : sql`changes`
  const depList = sql.join(
    deps.map((d) => sql`${d}`),
    sql`, `,
  )
  return sql`select coalesce(sum(${changes}), 0)::bigint as version from row_counts where population in (${depList})`
}

/**
 * The count remembered for `remembered` at the tables' current versions; no row when there is none. One
 * statement, so the stored version and the count it is compared with come from the same snapshot.
 */
const rememberedCount = (what: Counted, remembered: Remembered) =>
  sql`select c.n::float8 as n from search_counts c
       where c.population = ${what} and c.key = ${remembered.key} and c.version = (${versionOf(remembered)})`

async function searchCount(db: Db, what: Counted, search: Narrowing): Promise<number> {
  const remembered = searchKey(what, search)
  if (!remembered) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select n::float8 as n from (${countQuery(what, search)}) c`,
    )
    return row?.n ?? 0
  }
  const [hit] = await rows<{ n: number }>(db, rememberedCount(what, remembered))
  if (hit) return hit.n
  return countAndRemember(db, what, search, remembered)
}

function countQuery(what: Counted, search: Narrowing) {
  const { table, where } = populations[what]
  const filter = where ? sql`${where} and (${search.where})` : search.where
  return sql`select count(*) as n from ${sql.identifier(table)} where ${filter}`
}

/** Counts `search` and remembers the count for the versions it was counted at. */
async function countAndRemember(db: Db, what: Counted, search: Narrowing, remembered: Remembered) {
  const { key, deps } = remembered
  const version = versionOf(remembered)
  // Again one statement: the version and the count are read in one snapshot, so the row saved is exact for
  // that version; any later commit to a table in `deps` moves the version on and retires it.
  const depsText = `${remembered.version}:${deps.join(',')}`
  const [row] = await rows<{ n: number; version: string }>(
    db,
    sql`with v as (${version}),
         c as (${countQuery(what, search)}),
         saved as (
           insert into search_counts (population, key, deps, version, n)
           select ${what}, ${key}, ${depsText}, v.version, c.n from v, c
           on conflict (population, key) do update set version = excluded.version, n = excluded.n
             where search_counts.version < excluded.version
         )
         select c.n::float8 as n, v.version::text as version from c, v`,
  )
  // Entries of the same tables at an older version can never be used again. A statement of its own that skips
  // rows others hold, so two searches saving at once never wait on each other in a cycle.
  await db.execute(sql`
    delete from search_counts
     where (population, key) in (
       select population, key from search_counts
        where population = ${what} and deps = ${depsText} and key <> ${key} and version < ${row!.version}::bigint
          for update skip locked)`)
  return row?.n ?? 0
}
