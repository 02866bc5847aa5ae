import { createHash } from 'node:crypto'
import { and, Column, getTableName, is, Param, Placeholder, SQL, StringChunk, sql, Table } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { type Db, rows } from '../db/client.ts'
import { matches } from './list.ts'

// Exact list totals (docs/counts.md). A population's total, and when it is counted by name each name's count,
// are kept in the table `counts` by one statement trigger (migration 0013); every other total is counted by
// PostgreSQL when a list asks for it.

/**
 * The populations whose totals are kept: the table `counted` of migration 0013, row for row (a test compares
 * them). `condition` picks the population's rows of its table, in SQL over bare column names: the lists read
 * their rows with this very text (`rowsOf`), so a page and its total cannot disagree on which rows they mean.
 * `names` says what a population is counted by beside its total: the row's own searchable name, or for orders
 * their customer's.
 */
export const COUNTED = {
  users: { table: 'users', condition: 'true', names: 'name_search' },
  customers: { table: 'users', condition: "role = 'user'", names: 'name_search' },
  admins: { table: 'users', condition: "role = 'admin'", names: 'name_search' },
  categories: { table: 'categories', condition: 'true', names: '' },
  brands: { table: 'brands', condition: 'true', names: '' },
  products: { table: 'products', condition: 'deleted_at IS NULL', names: 'name_search' },
  reviews: { table: 'reviews', condition: 'true', names: '' },
  orders: { table: 'orders', condition: 'true', names: 'customer' },
  order_lines: { table: 'order_lines', condition: 'true', names: '' },
  product_variants: { table: 'product_variants', condition: 'NOT retired', names: '' },
  shipments: { table: 'shipments', condition: 'true', names: '' },
} as const satisfies Record<
  string,
  { table: string; condition: string; names: '' | 'name_search' | 'customer' }
>

export type Population = keyof typeof COUNTED

/** The rows of `population`: the condition its counters count by, to narrow a list's rows with. */
export const rowsOf = (population: Population): SQL => sql.raw(`(${COUNTED[population].condition})`)

/**
 * What narrows a list within its population: the condition over its table and, when that condition is nothing but
 * a name search (`name` contains `nameOnly`), the term, whose total the names' counters then give.
 */
export interface Narrowed {
  where: SQL
  nameOnly?: string
}

/**
 * What a list's search and filters keep, all of them (AND); undefined when none is given. The search's term is
 * kept as `nameOnly` when nothing else narrows the list.
 *
 * @example narrowing(term && { term, where: matches(products.nameSearch, term) }, [eq(products.brandId, 3)])
 */
export function narrowing(
  search: { term: string; where: SQL } | undefined | '',
  filters: readonly (SQL | undefined)[],
): Narrowed | undefined {
  const given = filters.filter((f) => f !== undefined)
  const where = and(search ? search.where : undefined, ...given)
  if (!where) return undefined
  return { where, ...(search && given.length === 0 && { nameOnly: search.term }) }
}

const storedTotal = (population: Population) =>
  sql<number>`(select coalesce(sum(n), 0)::float8 from counts
                where population = ${population} and name_search is null)`

/** The sum of the counts of the names of `population` that contain `term`. */
const namedTotal = (population: Population, term: string) =>
  sql<number>`(select coalesce(sum(n), 0)::float8 from counts
                where population = ${population} and ${matches(sql`name_search`, term)})`

/**
 * How a list learns its exact total: `column`, an expression its page's statement selects beside the rows (null
 * when it does not know), and `count`, which counts when the column could not say. A page and its total then
 * come back in one round trip and from one snapshot.
 */
export interface Total {
  column: SQL<number | null>
  count: () => Promise<number>
}

/**
 * The exact total of a list of `population` narrowed by `narrowed`:
 * - nothing narrows it: the population's stored total;
 * - only a name search, of a population counted by name: the sum of the counts of the names that contain the term;
 * - anything else: a count remembered for the change versions of the tables the condition reads, counted again
 *   (and remembered) once a write to one of them has moved its version on (`rememberedCount`).
 */
export function totalOf(db: Db, population: Population, narrowed?: Narrowed): Total {
  const known = (column: SQL<number>): Total => ({
    column,
    count: async () => (await rows<{ n: number }>(db, sql`select ${column} as n`))[0]?.n ?? 0,
  })
  if (!narrowed) return known(storedTotal(population))
  if (narrowed.nameOnly !== undefined && COUNTED[population].names !== '')
    return known(namedTotal(population, narrowed.nameOnly))
  const counting = countQuery(population, narrowed)
  const remembered = rememberable(population, narrowed)
  // float8, as every other total: node-postgres answers a bigint as a string.
  if (!remembered)
    return { column: sql`null::float8`, count: () => known(sql`(${counting})::float8`).count() }
  return {
    column: sql`(${rememberedCount(population, remembered)})`,
    count: () => countAndRemember(db, population, remembered, counting),
  }
}

/** `totalOf`, read. */
export async function countRows(db: Db, population: Population, narrowed?: Narrowed): Promise<number> {
  const total = totalOf(db, population, narrowed)
  const [row] = await rows<{ n: number | null }>(db, sql`select ${total.column} as n`)
  return row?.n ?? (await total.count())
}

/** A total already known, as a `Total`. */
export const knownTotal = (total: number): Total => ({
  column: sql<number>`${total}::float8`,
  count: async () => total,
})

/**
 * A page of a list with its total, read by `page` in one statement that selects `total.column` beside each row; the
 * total is counted apart only when the column did not know it (a count not remembered, or a page past the last,
 * which has no row to carry it).
 *
 * @example const { rows, total } = await pageWithTotal(totalOf(db, 'orders'), (total) => db.select({ ...columns, total })…)
 */
export async function pageWithTotal<R extends { total: number | null }>(
  total: Total,
  page: (column: SQL<number | null>) => Promise<R[]>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const found = await page(total.column)
  const carried = found[0]?.total
  return { rows: found, total: carried ?? (await total.count()) }
}

// Remembered counts. A count of a filter is kept in `search_counts` with the change version of every table its
// condition reads: the sum of their `changes` (counts.md), which every committed write to one of them moves on.
// It is used again only while that sum is the same, in the statement that reads it, so in the same snapshot.

const countQuery = (population: Population, narrowed: Narrowed) =>
  sql`select count(*) as n from ${sql.identifier(COUNTED[population].table)}
       where ${rowsOf(population)} and (${narrowed.where})`

/** The tables whose every write moves a change version: the counted tables, each with a population of its name. */
const VERSIONED = new Set<string>(Object.values(COUNTED).map((c) => c.table))

/** SQL that can change its answer without any write: such a condition is counted every time. */
const VOLATILE = /\b(now|clock_timestamp|random|current_date|current_timestamp|localtimestamp)\b/i

/**
 * The tables a condition reads, found from the Drizzle columns and tables it is built of; null when it may read
 * something else (a table named in raw text is not seen, so conditions name their tables through Drizzle), or
 * reads the clock.
 */
export function tablesRead(condition: SQL): Set<string> | null {
  const tables = new Set<string>()
  const walk = (chunk: unknown): boolean => {
    // A value written into the SQL is a parameter, whether Drizzle wrapped it (Param) or not (a string, a number).
    if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) return true
    if (is(chunk, Param) || is(chunk, Placeholder)) return true
    if (Array.isArray(chunk)) return chunk.every(walk)
    if (is(chunk, StringChunk)) return !VOLATILE.test(chunk.value.join(''))
    if (is(chunk, Column) || is(chunk, Table)) {
      tables.add(getTableName(is(chunk, Column) ? chunk.table : chunk))
      return true
    }
    if (is(chunk, SQL)) return chunk.queryChunks.every(walk)
    return false
  }
  return walk(condition) ? tables : null
}

const dialect = new PgDialect()

/** How a narrowed total is remembered: a hash of its SQL and parameters, and the tables it reads. */
function rememberable(population: Population, narrowed: Narrowed) {
  const tables = tablesRead(narrowed.where)
  if (!tables) return undefined
  tables.add(COUNTED[population].table)
  if (![...tables].every((t) => VERSIONED.has(t))) return undefined
  const query = dialect.sqlToQuery(narrowed.where)
  const key = createHash('sha256')
    .update(
      JSON.stringify([population, query.sql, query.params], (_k, v) =>
        typeof v === 'bigint' ? String(v) : v,
      ),
    )
    .digest('base64url')
  return { key, tables: [...tables].sort() }
}

type Remembered = NonNullable<ReturnType<typeof rememberable>>

/** The sum of the change versions of `tables`: of each, its own population's `changes`. */
const versionOf = ({ tables }: Remembered) =>
  sql`select coalesce(sum(changes), 0)::bigint as version from counts
       where name_search is null and population in (${sql.join(
         tables.map((t) => sql`${t}`),
         sql`, `,
       )})`

/** The count remembered for `remembered` at the tables' current versions; no row when there is none. */
const rememberedCount = (population: Population, remembered: Remembered) =>
  sql`select c.n::float8 as n from search_counts c
       where c.population = ${population} and c.key = ${remembered.key} and c.version = (${versionOf(remembered)})`

/** Counts and remembers the count for the versions it was counted at, both read in one statement. */
async function countAndRemember(db: Db, population: Population, remembered: Remembered, counting: SQL) {
  const deps = remembered.tables.join(',')
  const [row] = await rows<{ n: number; version: string }>(
    db,
    sql`with v as (${versionOf(remembered)}),
         c as (${counting}),
         saved as (
           insert into search_counts (population, key, deps, version, n)
           select ${population}, ${remembered.key}, ${deps}, v.version, c.n from v, c
           on conflict (population, key) do update set version = excluded.version, n = excluded.n
             where search_counts.version < excluded.version
         )
         select c.n::float8 as n, v.version::text as version from c, v`,
  )
  // Entries of the same tables at an older version can never be used again. A statement of its own that skips rows
  // others hold, so two lists saving at once never wait on each other in a cycle.
  await db.execute(sql`
    delete from search_counts
     where (population, key) in (
       select population, key from search_counts
        where population = ${population} and deps = ${deps} and key <> ${remembered.key}
          and version < ${row!.version}::bigint
          for update skip locked)`)
  return row?.n ?? 0
}

/**
 * The names of `population` that contain `term`, with the exact number of rows they name; the names only when
 * those rows are at most `few` (a list then reads its page by them), else null.
 */
async function namesMatching(
  db: Db,
  population: Population,
  term: string,
  few: number,
): Promise<{ names: string[] | null; total: number }> {
  const [row] = await rows<{ names: string[] | null; total: number }>(
    db,
    sql`select case when coalesce(sum(m.n), 0) <= ${few} then coalesce(array_agg(m.name_search), '{}') end as names,
               coalesce(sum(m.n), 0)::float8 as total
          from (select name_search, sum(n) as n from counts
                 where population = ${population} and ${matches(sql`name_search`, term)}
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
 * index until the page is full, which a term matching that many rows fills quickly. PostgreSQL estimates a
 * trigram match at a hundred rows whatever it matches, so without the names it would fetch a few thousand
 * matches at random and sort them. A term seen dense before goes straight to the walk, its total then read by
 * the page's own statement (`totalOf`), so the common search costs one round trip; a wrong hint (the term has
 * since become rare) costs speed, never exactness.
 */
export async function nameSearchPlan(
  db: Db,
  population: Population,
  term: string,
  few: number,
): Promise<{ names: string[] | null; total?: number }> {
  const key = `${population}\u0000${term}`
  if (denseTerms.has(key)) return { names: null }
  const matched = await namesMatching(db, population, term, few)
  if (matched.names === null) {
    denseTerms.set(key, true)
    if (denseTerms.size > DENSE_TERMS_KEPT) denseTerms.delete(denseTerms.keys().next().value!)
  }
  return matched
}
