import { type SQL, sql } from 'drizzle-orm'
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

const storedTotal = (population: Population) =>
  sql<number>`(select coalesce(sum(n), 0)::float8 from counts
                where population = ${population} and name_search is null)`

/** The sum of the counts of the names of `population` that contain `term`. */
const namedTotal = (population: Population, term: string) =>
  sql<number>`(select coalesce(sum(n), 0)::float8 from counts
                where population = ${population} and ${matches(sql`name_search`, term)})`

/**
 * The exact total of a list of `population` narrowed by `narrowed`, as an expression a list's statement selects
 * beside its rows: the stored total when nothing narrows it, the names' counts for a bare name search of a
 * population counted by name, and otherwise PostgreSQL's count of the rows, over the list's indexes.
 */
export function totalOf(population: Population, narrowed?: Narrowed): SQL<number> {
  if (!narrowed) return storedTotal(population)
  const { table, names } = COUNTED[population]
  if (narrowed.nameOnly !== undefined && names !== '') return namedTotal(population, narrowed.nameOnly)
  return sql<number>`(select count(*)::float8 from ${sql.identifier(table)}
                       where ${rowsOf(population)} and (${narrowed.where}))`
}

/** `totalOf`, read. */
export async function countRows(db: Db, population: Population, narrowed?: Narrowed): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select ${totalOf(population, narrowed)} as n`)
  return row?.n ?? 0
}

/** A total already known, as an expression. */
export const knownTotal = (total: number): SQL<number> => sql<number>`${total}::float8`

/**
 * A page of a list with its total, read by `page` in one statement that selects `total` beside each row: one
 * round trip, one snapshot. The total is read apart only when the page has no row to carry it (a page past the
 * last).
 *
 * @example const { rows, total } = await pageWithTotal(db, totalOf('orders'), (total) => db.select({ ...columns, total })…)
 */
export async function pageWithTotal<R extends { total: number }>(
  db: Db,
  total: SQL<number>,
  page: (total: SQL<number>) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const found = await page(total)
  if (found[0]) return { rows: found, total: found[0].total }
  const [row] = await rows<{ n: number }>(db, sql`select ${total} as n`)
  return { rows: found, total: row?.n ?? 0 }
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
