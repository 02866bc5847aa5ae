import { createHash } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { type Db, rows } from '../db/client.ts'

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
const VERSIONED = Object.keys(SEARCHED)
const versionedName = new RegExp(`\\b(${VERSIONED.join('|')})\\b`, 'g')
const qualifiedColumn = /"(\w+)"\."(\w+)"/g
/** Words a search condition may hold besides tables and qualified columns, none of them a column. */
const SQL_WORDS = new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'in',
  'like',
  'ilike',
  'is',
  'null',
  'exists',
  'escape',
  'true',
  'false',
  'search_text',
  'lower',
  'unaccent',
  ...VERSIONED,
])
/** What follows `from` or `join`: a table (possibly quoted or schema-qualified), unless it is a function call. */
const readTable = /\b(?:from|join)\s+((?:"?\w+"?\.)?"?\w+"?)(?!\s*\()/gi
/** Functions whose answer changes without any write, which would make a remembered count wrong. */
const VOLATILE =
  /\b(now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|current_date|current_time|current_timestamp|localtime|localtimestamp|current_user|session_user|nextval)\b/i

const dialect = new PgDialect()

/**
 * The exact `totalResults` of a list: every row of `what`, narrowed by `search` (a condition over the same
 * table) when given. Every list counts through here, so how counting stays fast at millions of rows is
 * decided in one place (docs/performance.md):
 * - without `search`, the count is read from `row_counts`, which triggers keep exact;
 * - with `search`, the count is remembered in `search_counts` with the change version of every table the
 *   condition reads, and used again only while no committed write has since touched those tables (their
 *   rows' existence or, when the condition reads nothing else, the columns searches read).
 */
export async function countRows(db: Db, what: Counted, search?: SQL): Promise<number> {
  if (!search) return storedCount(db, what)
  return searchCount(db, what, search)
}

async function storedCount(db: Db, what: Counted): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::float8 as n from row_counts where population = ${what}`,
  )
  return row?.n ?? 0
}

/**
 * Whether `text` reads nothing but the searched columns of the tables it names, so that only `search_changes`
 * can change its count. Anything it cannot place (a bare column name, say) means no.
 */
function readsSearchedColumnsOnly(text: string): boolean {
  for (const [, table, column] of text.matchAll(qualifiedColumn)) {
    if (!SEARCHED[table!]?.includes(column!)) return false
  }
  const rest = text
    .replace(qualifiedColumn, ' ')
    .replace(/'(?:[^']|'')*'/g, ' ')
    .replace(/"\w+"/g, ' ')
    .replace(/\$\d+/g, ' ')
  return (rest.match(/[a-z_][a-z0-9_]*/gi) ?? []).every((word) => SQL_WORDS.has(word.toLowerCase()))
}

/**
 * How a search condition is remembered: a hash of its SQL and parameters, the tables it reads, and which of
 * their versions says it may have changed (`search` when it, and the population it narrows, read searched
 * columns only, else `all`). Undefined when it must be counted every time.
 */
export function searchKey(
  what: Counted,
  search: SQL,
): { key: string; deps: string[]; version: 'search' | 'all' } | undefined {
  const query = dialect.sqlToQuery(search)
  const text = query.sql
  if (VOLATILE.test(text)) return undefined
  for (const [, name] of text.matchAll(readTable)) {
    const table = name!.replaceAll('"', '').replace(/^public\./, '')
    // A table the triggers do not version could change under a remembered count: count every time instead.
    if (!VERSIONED.includes(table)) return undefined
  }
  const deps = new Set([populations[what].table])
  for (const [name] of text.matchAll(versionedName)) deps.add(name)
  const key = createHash('sha256')
    .update(JSON.stringify([what, text, query.params], (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
    .digest('base64url')
  const searchedOnly = !populations[what].unversionedColumns && readsSearchedColumnsOnly(text)
  return { key, deps: [...deps].sort(), version: searchedOnly ? 'search' : 'all' }
}

async function searchCount(db: Db, what: Counted, search: SQL): Promise<number> {
  const { table, where } = populations[what]
  const filter = where ? sql`${where} and (${search})` : search
  const count = sql`select count(*) as n from ${sql.identifier(table)} where ${filter}`
  const remembered = searchKey(what, search)
  if (!remembered) {
    const [row] = await rows<{ n: number }>(db, sql`select n::float8 as n from (${count}) c`)
    return row?.n ?? 0
  }
  const { key, deps } = remembered
  const depList = sql.join(
    deps.map((d) => sql`${d}`),
    sql`, `,
  )
  const changes = remembered.version === 'search' ? sql`search_changes` : sql`changes`
  const version = sql`select coalesce(sum(${changes}), 0)::bigint as version from row_counts where population in (${depList})`
  // One statement, so the stored version and the count it is compared with come from the same snapshot.
  const [hit] = await rows<{ n: number }>(
    db,
    sql`select c.n::float8 as n from search_counts c
         where c.population = ${what} and c.key = ${key} and c.version = (${version})`,
  )
  if (hit) return hit.n
  // Again one statement: the version and the count are read in one snapshot, so the row saved is exact for
  // that version; any later commit to a table in `deps` moves the version on and retires it.
  const depsText = `${remembered.version}:${deps.join(',')}`
  const [row] = await rows<{ n: number; version: string }>(
    db,
    sql`with v as (${version}),
         c as (${count}),
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
