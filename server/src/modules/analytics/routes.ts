import { endpoints } from '@store/contract'
import { sendCsv } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { buildReport, RememberedReports, reportAnswer, reportRange } from './report.ts'
import { salesFigures, salesPerDay } from './repository.ts'

const REPORT_HEADER = ['period', 'revenue', 'orders', 'units'] as const
const COMPARE_HEADER = ['comparePeriod', 'compareRevenue', 'compareOrders', 'compareUnits'] as const

export const analyticsRoutes = implement(endpoints.analytics, (app) => {
  const { config } = app.services
  const memory = new RememberedReports()
  return {
    figures: async (_request, _reply, { db }) => ({
      status: true,
      data: await salesFigures(db, app.services.now(), config.STORE_TZ),
      message: 'OK',
    }),
    salesPerDay: async (request, _reply, { db }) => ({
      status: true,
      data: await salesPerDay(db, app.services.now(), config.STORE_TZ, request.query.days),
      message: 'OK',
    }),
    report: async (request, reply, { db }) => {
      const range = reportRange(request.query, app.services.now(), config.STORE_TZ)
      // Sent as it was encoded when made (reportAnswer): a kept answer is not encoded again.
      return reply.type('application/json').send(await reportAnswer(db, range, request.query, memory))
    },
    reportExport: async (request, reply, { db }) => {
      const now = app.services.now()
      const { report } = await buildReport(
        db,
        reportRange(request.query, now, config.STORE_TZ),
        request.query,
        memory,
      )
      const compared = report.compareSeries
      // One row per period; the compared period's figures beside it, row for row. Where one has a period more
      // (weeks or months cut differently), the other's cells are empty.
      const count = Math.max(report.series.length, compared?.length ?? 0)
      const lines = Array.from({ length: count }, (_, i) => ({
        point: report.series[i],
        other: compared?.[i],
      }))
      return sendCsv(reply, {
        list: 'report',
        now,
        timeZone: config.STORE_TZ,
        header: compared ? [...REPORT_HEADER, ...COMPARE_HEADER] : REPORT_HEADER,
        batches: (async function* () {
          yield lines
        })(),
        row: ({ point, other }) => [
          point?.period,
          point?.revenue,
          point?.orders,
          point?.units,
          ...(compared ? [other?.period, other?.revenue, other?.orders, other?.units] : []),
        ],
      })
    },
  }
})
