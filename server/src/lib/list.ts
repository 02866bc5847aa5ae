import { createHash } from 'node:crypto'
import { type ListMeta, type ListQuery, type SortBy, sortParts } from '@store/contract'
import { asc, desc, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'

/** Offset and meta of a page; `totalPages` is at least 1 so a client always has a page to show. */
export const pageOf = (query: Pick<ListQuery, 'page' | 'limit'>) => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
})

export const metaOf = (query: Pick<ListQuery, 'page' | 'limit'>, totalResults: number): ListMeta => ({
  page: query.page,
  limit: query.limit,
  totalPages: Math.max(1, Math.ceil(totalResults / query.limit)),
  totalResults,
})

/** The search term, trimmed; `undefined` when there is nothing to search for. */
export const searchTerm = (value: string | undefined): string | undefined => {
  const term = value?.trim()
  return term ? term : undefined
}

/**
 * A row whose stored search column (`nameSearch`, `contentSearch`: `search_text` of the name or content)
 * contains `term`, ignoring case and Vietnamese diacritics ('ao' finds 'Áo'). The GIN trigram indexes are
 * built on those columns (migration 0005), so PostgreSQL narrows the candidates through them.
 */
export const matches = (searchColumn: PgColumn | SQL, term: string): SQL => {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`)
  return sql`${searchColumn} like '%' || search_text(${escaped}) || '%'`
}

interface Listed {
  table: PgTable
  id: PgColumn
  createdAt: PgColumn
}

/** Newest first, ties broken by id: the order of every list, served by the `*_created_idx` indexes. */
export const newestFirst = (t: Pick<Listed, 'id' | 'createdAt'>) => [desc(t.createdAt), desc(t.id)]

/**
 * Keeps the rows of one page of `t`, chosen on `t` alone. Skipping a deep offset then walks one index
 * (page 5,000 of a million products reads 50,000 index entries) instead of building 50,000 joined rows
 * only to throw them away; the caller joins names onto the ten rows that remain.
 */
export const onPage = (
  db: Db,
  t: Listed,
  where: SQL | undefined,
  query: Pick<ListQuery, 'page' | 'limit'>,
) => {
  const { limit, offset } = pageOf(query)
  return inArray(
    t.id,
    db
      .select({ id: t.id })
      .from(t.table)
      .where(where)
      .orderBy(...newestFirst(t))
      .limit(limit)
      .offset(offset),
  )
}

/**
 * One key of a list's sort (CONTRACT 4.1): the expression the rows are ordered by and the type its text form is
 * read back as, which the export's keyset needs (`timestamptz`, `text`, `bigint`, `integer`, `float8`). An
 * expression must match its index's word for word (`name_search collate "C"`), or PostgreSQL sorts the table.
 */
export interface SortKey {
  expr: SQL | PgColumn
  type: 'timestamptz' | 'text' | 'bigint' | 'integer' | 'smallint' | 'float8'
}

/** The sortable fields of a list: each field's keys, before the id that breaks ties. */
export type SortKeys<F extends string> = Record<F, readonly SortKey[]>

/** A list's chosen sort: its ORDER BY, and the keyset the export pages by. */
export interface Sorting {
  /** The keys, then the id, all in the chosen direction: pages never overlap or skip. */
  orderBy: SQL[]
  /** The keys and the id as one text array, to select beside each row; `after` reads it back. */
  cursor: SQL<string[]>
  /** The rows after the one whose `cursor` is given, in the chosen order. */
  after: (cursor: readonly string[]) => SQL
}

/**
 * The sort a `sortBy` names, over `keys` and the table's `id`.
 *
 * @example const sorting = sortingOf(productSorts, products.id, query.sortBy)
 */
export function sortingOf<F extends string>(keys: SortKeys<F>, id: PgColumn, sortBy: SortBy<F>): Sorting {
  const { field, direction } = sortParts(sortBy)
  const all: SortKey[] = [...keys[field], { expr: id, type: 'bigint' }]
  const by = direction === 'asc' ? asc : desc
  return {
    orderBy: all.map((k) => by(k.expr)),
    cursor: sql<string[]>`array[${sql.join(
      all.map((k) => sql`(${k.expr})::text`),
      sql`, `,
    )}]`,
    after: (cursor) => {
      const left = sql.join(
        all.map((k) => sql`${k.expr}`),
        sql`, `,
      )
      const right = sql.join(
        all.map((k, i) => sql`${cursor[i] ?? null}::${sql.raw(k.type)}`),
        sql`, `,
      )
      return direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`
    },
  }
}

/**
 * The page of a statement prepared once (`preparedPages`), `limit` rows long. The limit is written into the text
 * and the offset is bound inside a subquery, so that no value the planner could see differs between calls:
 * PostgreSQL then keeps one generic plan instead of planning every call again (a bound limit or offset makes
 * its cost differ from the plan for the values, and it replans each time), and with the limit known that plan
 * joins the page's rows by their keys. Drizzle types both as numbers; it writes any SQL it is given.
 */
const preparedWindow = (limit: number) => ({
  limit: sql.raw(String(Math.trunc(limit))) as unknown as number,
  offset: sql`(select ${sql.placeholder('offset')}::bigint)` as unknown as number,
})
export type PreparedWindow = ReturnType<typeof preparedWindow>

/**
 * `onPage` in any order: keeps the ids of one page of `t` chosen on `t` alone, in `orderBy`. The caller joins
 * names onto the rows that remain and orders them by the same `orderBy`. `query` is the page asked for, or
 * the `PreparedWindow` of a prepared statement.
 */
export const onSortedPage = (
  db: Db,
  t: Pick<Listed, 'table' | 'id'>,
  where: SQL | undefined,
  orderBy: SQL[],
  query: Pick<ListQuery, 'page' | 'limit'> | PreparedWindow,
) => {
  const { limit, offset } = 'page' in query ? pageOf(query) : query
  return inArray(
    t.id,
    db
      .select({ id: t.id })
      .from(t.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
  )
}

/**
 * The instant a store day starts, for `from`/`to` filters on whole days in `STORE_TZ`: `from` is
 * `created_at >= dayStart(from)`, `to` is `created_at < dayStart(to + 1 day)`.
 */
export const dayStart = (day: string, timeZone: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`
export const dayAfter = (day: string, timeZone: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`

/** A whole-day range on a time column, both ends optional and inclusive. */
export function withinDays(
  column: PgColumn,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
) {
  const parts: SQL[] = []
  if (from) parts.push(sql`${column} >= ${dayStart(from, timeZone)}`)
  if (to) parts.push(sql`${column} < ${dayAfter(to, timeZone)}`)
  return parts
}

/**
 * A time as an export writes it (`YYYY-MM-DD HH:mm:ss` in the shop's time zone), written by PostgreSQL: a
 * million rows then skip turning each time into a Date and back into text.
 */
export const storeTimeText = (column: PgColumn, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`

/**
 * The page statements of a list that nothing narrows, prepared once per database and shape: `shape` names what
 * changes the text (the sort, a population), and the page size is part of it. Drizzle then builds the SQL once
 * instead of on every call, and each pooled PostgreSQL connection parses and plans it once. Run one with
 * `run(db, shape, query)`. A search or a filter stays unprepared: how many rows it keeps decides the plan, and a
 * prepared plan is chosen without the values.
 *
 * @example const pages = preparedPages('orders_page', (db, sortBy, window, name) => … .prepare(name))
 */
export function preparedPages<R>(
  name: string,
  prepare: (
    db: Db,
    shape: string,
    window: PreparedWindow,
    name: string,
  ) => { execute(values: { offset: number }): Promise<R> },
) {
  const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepare>>>()
  return (db: Db, shape: string, query: Pick<ListQuery, 'page' | 'limit'>): Promise<R> => {
    let shapes = prepared.get(db)
    if (!shapes) {
      shapes = new Map()
      prepared.set(db, shapes)
    }
    const key = `${shape} ${query.limit}`
    let statement = shapes.get(key)
    if (statement === undefined) {
      // The statement's name follows from the text alone: a connection refuses a name it knows with other text.
      const id = createHash('sha1').update(key).digest('hex').slice(0, 16)
      statement = prepare(db, shape, preparedWindow(query.limit), `${name}_${id}`)
      shapes.set(key, statement)
    }
    return statement.execute({ offset: pageOf(query).offset })
  }
}
