import type { EndpointAnswer, EndpointInput, Resource, Route } from '@store/contract'
import {
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api, type CallInput } from './http.ts'

/**
 * The cache keys, one factory for every resource of the endpoint table: `[resource]` holds everything cached
 * about it, and a call's answer sits under `[resource, operation, input]`. No key is written by hand.
 *
 * @example queryKeys.of(endpoints.products.list, { query: { page: 2 } }) // ['products', 'list', { query: { page: 2 } }]
 */
export const queryKeys = {
  /** Every cached answer about a resource: what a change to it makes stale. */
  all: (resource: Resource) => [resource] as const,
  /** The answer of one call with one input. */
  of: <E extends Route>(endpoint: E, input?: EndpointInput<E>) =>
    [endpoint.resource as Resource, endpoint.operation as string, input ?? {}] as const,
}

/**
 * Where each resource is shown besides its own screens: a change to it makes those answers stale too (a
 * renamed category in product rows, a customer's name in order rows, a product's name in order lines and
 * reviews, an order in the dashboard's figures, a review in its product's rating).
 */
export const SHOWN_IN: Record<Resource, readonly Resource[]> = {
  operations: [],
  auth: [],
  users: ['orders', 'reviews', 'auth'],
  categories: ['products'],
  brands: ['products'],
  products: ['orders', 'reviews'],
  reviews: ['products'],
  orders: ['analytics'],
  // A shipment shows in its order (list and detail), a COD collected in the dashboard's figures.
  shipments: ['orders', 'analytics'],
  analytics: [],
  files: [],
  // A member's own name shows in the account menu (`/me`).
  staff: ['auth'],
  audit: [],
  // The low-stock threshold: the store config the screens follow (`/config`) and the list's `stock=low`.
  settings: ['operations', 'products'],
  places: [],
  // The live updates stream caches nothing.
  events: [],
}

/** The resources whose cached answers a change to `resource` makes stale, itself first. */
export const staleAfter = (resource: Resource): Resource[] => [resource, ...(SHOWN_IN[resource] ?? [])]

/**
 * Marks stale what a change to `resource` touches. `refetch: 'active'` (the default) loads again what is on
 * screen now, as after a delete from a list; `'none'` only marks it, for a screen that is about to leave.
 */
export const invalidateAfter = (
  queryClient: QueryClient,
  resource: Resource,
  refetch: 'active' | 'none' = 'active',
) =>
  Promise.all(
    staleAfter(resource).map((r) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.all(r), refetchType: refetch }),
    ),
  )

/**
 * The query of one call: its key from `queryKeys`, its fetch through `api`. Spread it into `useQuery` with
 * the options a screen needs.
 *
 * @example const figures = useQuery({ ...apiQuery(endpoints.analytics.figures), select: (a) => a.data })
 */
export const apiQuery = <E extends Route>(endpoint: E, input?: EndpointInput<E>) =>
  queryOptions({
    queryKey: queryKeys.of(endpoint, input),
    queryFn: ({ signal }) =>
      (api as (e: E, i: CallInput<E>) => Promise<EndpointAnswer<E>>)(endpoint, {
        ...(input as EndpointInput<E>),
        signal,
      }),
  })

/**
 * A change through one call; once it succeeds, what it touches is marked stale (`invalidateAfter` of the
 * endpoint's resource) before the caller's `onSuccess` runs.
 *
 * @example const remove = useApiMutation(endpoints.orders.removeLine); remove.mutate({ params: { orderId, id } })
 */
export function useApiMutation<E extends Route>(
  endpoint: E,
  options: Omit<UseMutationOptions<EndpointAnswer<E>, Error, EndpointInput<E>>, 'mutationFn'> & {
    refetch?: 'active' | 'none'
  } = {},
) {
  const queryClient = useQueryClient()
  const { refetch, ...mutation } = options
  return useMutation({
    ...mutation,
    mutationFn: (input: EndpointInput<E>) =>
      (api as (e: E, i: EndpointInput<E>) => Promise<EndpointAnswer<E>>)(endpoint, input),
    onSuccess: async (...args) => {
      await invalidateAfter(queryClient, endpoint.resource as Resource, refetch)
      return mutation.onSuccess?.(...args)
    },
  })
}
