import type { ListMeta, ListQuery } from '@store/contract'
import { desc, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import type { Narrowing } from './row-counts.ts'

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
export const matches = (searchColumn: PgColumn, term: string): SQL => {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`)
  return sql`${searchColumn} like '%' || search_text(${escaped}) || '%'`
}

/** `matches` as a narrowing `countRows` can remember: the condition reads the search column and nothing else. */
export const matching = (searchColumn: PgColumn, term: string): Narrowing => ({
  where: matches(searchColumn, term),
  reads: [searchColumn],
})

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
