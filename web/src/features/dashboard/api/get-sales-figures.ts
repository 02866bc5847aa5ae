import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** This month's and all-time sales figures (a failure is toasted by the query client). */
export const useSalesFigures = () =>
  useQuery({ ...apiQuery(endpoints.analytics.figures), select: (answer) => answer.data })
