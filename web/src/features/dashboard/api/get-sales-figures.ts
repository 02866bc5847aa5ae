import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** The call behind the figures, for a loader to start it before the screen renders. */
export const salesFiguresQuery = () => apiQuery(endpoints.analytics.figures)

/** This month's and all-time sales figures (a failure is toasted by the query client). */
export const useSalesFigures = () => useQuery({ ...salesFiguresQuery(), select: (answer) => answer.data })
