import type { ListMeta, ListQuery } from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'

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
 * `column` contains `term`, ignoring case and Vietnamese diacritics. The left side is the exact expression the
 * GIN trigram indexes are built on (migration 0001), so PostgreSQL can use them.
 */
export const matches = (column: SQL | SQL.Aliased | unknown, term: string): SQL => {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`)
  return sql`search_text(${column}) like '%' || search_text(${escaped}) || '%'`
}
