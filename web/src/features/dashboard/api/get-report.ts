import type { ReportComparison, ReportInterval } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** What the dashboard asks the report for: always the days themselves (see period.ts). */
export interface ReportRequest {
  from: string
  to: string
  interval: ReportInterval
  compare: ReportComparison
}

/** The call behind the report of a period, for a loader to start it before the screen renders. */
export const reportQuery = (query: ReportRequest) => apiQuery(endpoints.analytics.report, { query })

/**
 * The report of a period (CONTRACT 4.8): totals, the series, the comparison and the breakdowns. Under the
 * `analytics` key, so a change to an order refreshes it. A new period keeps the last answer on screen until
 * its own arrives, so the cards do not blink.
 *
 * @example const report = useReport({ from: '2026-05-01', to: '2026-05-31', interval: 'day', compare: 'previous' })
 */
export const useReport = (query: ReportRequest) =>
  useQuery({
    ...reportQuery(query),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  })
