import { DEFAULT_SALES_DAYS, type SalesDay } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** GET /admin/analytics/sales-per-day: `days` store calendar days ending today, oldest first, zeros included. */
export const getSalesPerDay = (days: number, signal?: AbortSignal) =>
  http.get<Answer<SalesDay[]>>('/admin/analytics/sales-per-day', { days }, signal)

export const salesPerDayQuery = (days: number = DEFAULT_SALES_DAYS) =>
  queryOptions({
    queryKey: ['analytics', 'sales-per-day', { days }],
    queryFn: ({ signal }) => getSalesPerDay(days, signal),
    select: (answer) => answer.data,
  })

/** @example const { data: days } = useSalesPerDay(30) */
export const useSalesPerDay = (days?: number) => useQuery(salesPerDayQuery(days))
