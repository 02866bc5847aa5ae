import type { QueryClient } from '@tanstack/react-query'
import { createFormat } from '../../lib/format.ts'
import { tokens } from '../../lib/http.ts'
import { meQuery, storeConfigQuery } from '../../lib/session.tsx'
import { nextTask } from '../../lib/yield.ts'
import { recentOrdersQuery } from './api/get-recent-orders.ts'
import { reportQuery } from './api/get-report.ts'
import { salesFiguresQuery } from './api/get-sales-figures.ts'
import { stockProductsQuery } from './api/get-stock-products.ts'
import { readReportView, reportQueryOf } from './period.ts'

/**
 * Starts the dashboard's calls as soon as its address is opened, beside the download of its code instead of
 * after it: on a first visit the screen's chunks take longer to arrive than the calls take to answer. Run by
 * main.tsx when the page opens at the dashboard, and by the route's loader on a move to it. It waits
 * only for the session check (`/me`, which says whether this account may read the dashboard) and the store's
 * zone (`/config`, which says what 'today' is), both asked for once a session anyway. The screen then finds
 * each answer in the cache, or in flight, under the same key. Nothing is started without a stored session; a
 * failure is left to the screen, which asks again and shows it.
 *
 * @example loader: ({ request }) => { void prefetchDashboard(queryClient, new URL(request.url)); return null }
 */
export async function prefetchDashboard(queryClient: QueryClient, url: URL): Promise<void> {
  if (tokens.access === null) return
  try {
    const [me, config] = await Promise.all([
      queryClient.ensureQueryData(meQuery),
      queryClient.ensureQueryData(storeConfigQuery),
    ])
    if (!me.data.permissions.includes('dashboard:read')) return
    // The first date format of a zone loads the browser's zone data, a long task on a phone; alone, and the
    // calls after it in a task of their own.
    await nextTask()
    const today = createFormat({ language: 'en', timeZone: config.data.storeTimeZone }).calendarDay(
      new Date(),
    )
    const report = reportQueryOf(readReportView(url.searchParams, today))
    await nextTask()
    await Promise.all([
      queryClient.prefetchQuery(salesFiguresQuery()),
      queryClient.prefetchQuery(reportQuery(report)),
      queryClient.prefetchQuery(recentOrdersQuery()),
      queryClient.prefetchQuery(stockProductsQuery('out')),
      queryClient.prefetchQuery(stockProductsQuery('low')),
    ])
  } catch {
    // The session's own check reports a failed /me; the screen reports its own calls.
  }
}
