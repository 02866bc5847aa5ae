import { Grid, Stack } from '@mantine/core'
import type { Report } from '@store/contract'
import { OrdersByPayment, OrdersBySource, RevenueByCategory, TopProducts } from './breakdowns.tsx'
import { ReportChart } from './report-chart.tsx'
import type { ReportViewController } from './use-report-view.ts'

/**
 * The report's chart over time and its breakdowns: the part of the dashboard that needs the chart library, a
 * chunk of its own, fetched while the figures' calls are under way.
 */
export default function ReportCharts({
  report,
  data,
  loading,
}: {
  report: ReportViewController
  data: Report | undefined
  loading: boolean
}) {
  return (
    <>
      <ReportChart report={report} data={data} loading={loading} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TopProducts data={data} loading={loading} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <RevenueByCategory data={data} loading={loading} />
            <OrdersByPayment data={data} loading={loading} />
            <OrdersBySource data={data} loading={loading} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  )
}
