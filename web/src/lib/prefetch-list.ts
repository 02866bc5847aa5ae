import { endpoints, type Permission } from '@store/contract'
import type { QueryClient } from '@tanstack/react-query'
import { tokens } from './http.ts'
import { apiQuery } from './queries.ts'
import { meQuery } from './session.tsx'

/**
 * The lists whose first page is asked for with the page's download, the permission each needs, and the calls its
 * filters make for their choices (the product list's categories and brands): answered before the screen renders,
 * they do not make it render a second time, which on a phone was a long task of its own for each.
 */
const LISTS: Record<
  string,
  {
    endpoint: typeof endpoints.products.list | typeof endpoints.orders.list
    permission: Permission
    choices: (typeof endpoints.categories.all | typeof endpoints.brands.all)[]
  }
> = {
  '/admin/products': {
    endpoint: endpoints.products.list,
    permission: 'catalog:read',
    choices: [endpoints.categories.all, endpoints.brands.all],
  },
  '/admin/orders': { endpoint: endpoints.orders.list, permission: 'orders:read', choices: [] },
}

/**
 * Starts the first page of the product or the order list as soon as its plain address (no search, filter, sort or
 * page) is opened, beside the download of the screen's code, as the dashboard's calls are (its prefetch.ts): the
 * screen then finds the page in the cache, or in flight, under the key its own call uses (`{ page: 1 }`, the
 * address's request when it says nothing). It waits only for the session check, which says whether the account
 * may read the list. Nothing is started without a stored session; a failure is left to the screen, which asks
 * again and shows it.
 */
export async function prefetchList(queryClient: QueryClient, url: URL): Promise<void> {
  const list = LISTS[url.pathname]
  if (!list || url.search !== '' || tokens.access === null) return
  try {
    const me = await queryClient.ensureQueryData(meQuery)
    if (!me.data.permissions.includes(list.permission)) return
    await Promise.all([
      queryClient.prefetchQuery(apiQuery(list.endpoint, { query: { page: 1 } })),
      ...list.choices.map((choices) => queryClient.prefetchQuery(apiQuery(choices))),
    ])
  } catch {
    // The session's own check reports a failed /me; the screen reports its own call.
  }
}
