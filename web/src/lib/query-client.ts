import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './http.ts'
import { notify } from './toast.ts'

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps a failure out of the toasts (the screen shows it its own way). */
    queryMeta: { silent?: boolean }
    mutationMeta: { silent?: boolean }
  }
}

/** A 401 ends the session (the http client sends the user to sign-in), so it is not toasted as well. */
const worthToasting = (error: unknown) => !(error instanceof ApiError && error.status === 401)

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent && worthToasting(error)) notify.error(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent && worthToasting(error)) notify.error(error)
      },
    }),
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change by asking again; a dropped connection may.
        retry: (count, error) => count < 1 && error instanceof ApiError && error.status === 0,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  })
}
