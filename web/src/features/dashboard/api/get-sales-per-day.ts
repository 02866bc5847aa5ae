import { DEFAULT_SALES_DAYS } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** `days` store calendar days ending today, oldest first, zeros included. @example useSalesPerDay(30) */
export const useSalesPerDay = (days: number = DEFAULT_SALES_DAYS) =>
  useQuery({
    ...apiQuery(endpoints.analytics.salesPerDay, { query: { days } }),
    select: (answer) => answer.data,
  })
