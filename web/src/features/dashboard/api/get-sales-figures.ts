import type { SalesFigures } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** GET /admin/analytics: this month's and all-time sales figures (a failure is toasted by the query client). */
export const getSalesFigures = (signal?: AbortSignal) =>
  http.get<Answer<SalesFigures>>('/admin/analytics', undefined, signal)

export const salesFiguresQuery = () =>
  queryOptions({
    queryKey: ['analytics', 'figures'],
    queryFn: ({ signal }) => getSalesFigures(signal),
    select: (answer) => answer.data,
  })

/** @example const { data: figures } = useSalesFigures() */
export const useSalesFigures = () => useQuery(salesFiguresQuery())
