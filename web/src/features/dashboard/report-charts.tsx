import { Grid, Stack } from '@mantine/core'
import type { Report } from '@store/contract'
import { OrdersByPayment, OrdersBySource, RevenueByCategory, TopProducts } from './breakdowns.tsx'
import { CodCard, codOf } from './cod-card.tsx'
import { ReportChart } from './report-chart.tsx'
import type { ReportViewController } from './use-report-view.ts'

/**
 * The report's chart over time and its breakdowns, with the COD the carriers owe beside the top products. The
 * COD card shows only once the report says there is COD, so it sits where its arrival moves nothing but the
 * cards under it, below the first screen.
 */
export function ReportCharts({
  report,
  data,
  loading,
}: {
  report: ReportViewController
  data: Report | undefined
  loading: boolean
}) {
  const cod = codOf(data)
  return (
    <>
      <ReportChart report={report} data={data} loading={loading} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <TopProducts data={data} loading={loading} />
            {cod && <CodCard cod={cod} />}
          </Stack>
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
