import { Box, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import {
  IconCoin,
  IconDownload,
  IconPackageExport,
  IconReceipt,
  IconTruckDelivery,
} from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { downloadExport } from '../../lib/download.ts'
import { useFormat } from '../../lib/format.ts'
import { notify } from '../../lib/toast.ts'
import { useReport } from './api/get-report.ts'
import { useSalesFigures } from './api/get-sales-figures.ts'
import { comparedText, rangeText } from './labels.ts'
import { reportQueryOf } from './period.ts'
import { PeriodPicker } from './period-picker.tsx'
import { RecentPurchases } from './recent-purchases.tsx'
import { ReportCharts } from './report-charts.tsx'
import { ReportFigures } from './report-figures.tsx'
import { StatCard } from './stat-card.tsx'
import { StockProducts } from './stock-products.tsx'
import { useReportView } from './use-report-view.ts'

/** Every amount of the dashboard in full, as on every other screen (docs/architecture.md, The web app). */
const money = (amount: number) => <Money amount={amount} />

/**
 * The dashboard at `/`: today's revenue and this month's figures against all time (spec section 2), the report
 * of a chosen period with its comparison, chart and breakdowns (CONTRACT 4.8; the period lives in the address,
 * 30 days by default), the newest orders, and the products out of stock and low on stock.
 */
export function DashboardPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const figures = useSalesFigures()
  const f = figures.data
  const loading = figures.isPending
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        crumbs={[{ label: t('dashboard.title') }]}
        actions={<RevenueToday today={f?.amountCurrentDate} loading={loading} />}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <StatCard
            label={t('dashboard.cards.orders')}
            icon={IconReceipt}
            color="blue"
            month={f?.orderMonth}
            total={f?.orderTotal}
            show={format.count}
            loading={loading}
          />
          <StatCard
            label={t('dashboard.cards.sold')}
            icon={IconPackageExport}
            color="teal"
            month={f?.soldMonth}
            total={f?.soldTotal}
            show={format.count}
            loading={loading}
          />
          <StatCard
            label={t('dashboard.cards.revenue')}
            icon={IconCoin}
            color="green"
            month={f?.amountMonth}
            total={f?.amountTotal}
            show={money}
            loading={loading}
          />
          <StatCard
            label={t('dashboard.cards.shipping')}
            icon={IconTruckDelivery}
            color="orange"
            month={f?.shippingMonth}
            total={f?.shippingTotal}
            show={money}
            loading={loading}
          />
        </SimpleGrid>
        <SalesReport />
        {/* Side by side on wide screens; the orders get the wider share, they have more columns. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <RecentPurchases />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <StockProducts stock="out" />
              <StockProducts stock="low" />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  )
}

/** Today's revenue beside the title: a term and its value, read as 'Revenue today, 1,250,000 VND'. */
function RevenueToday({ today, loading }: { today: number | undefined; loading: boolean }) {
  const { t } = useTranslation()
  return (
    <Paper withBorder px="md" py={6} radius="md">
      <Box component="dl" m={0}>
        <Text component="dt" size="sm" c="dimmed">
          {t('dashboard.today.label')}
        </Text>
        <Box component="dd" m={0}>
          {loading ? (
            <Skeleton h={28} w={140} />
          ) : (
            // As tall as the placeholder: the header keeps its height when the figure arrives.
            <Text fz={20} fw={700} lh="28px">
              {today === undefined ? t('dashboard.notAvailable') : money(today)}
            </Text>
          )}
        </Box>
      </Box>
    </Paper>
  )
}

/**
 * The report of the period the address names (CONTRACT 4.8): the picker, the figures with their change, the
 * chart over time, the breakdowns by product, category and payment method, and the COD the carriers still owe
 * and what they paid over in the period (CONTRACT 5.5, when the server reports it).
 */
function SalesReport() {
  const { t } = useTranslation()
  const dates = useFormat()
  const headingId = useId()
  const report = useReportView()
  const query = reportQueryOf(report.view)
  const answer = useReport(query)
  const data = answer.data
  const loading = answer.isFetching
  // A failure is toasted by the mutation cache, with the server's message.
  const exporting = useMutation({
    mutationFn: () => downloadExport(endpoints.analytics.reportExport, query, 'report.csv'),
    onSuccess: (name) => notify.success(t('dashboard.report.exported', { name })),
  })
  const { from, to } = report.view
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      withBorder
      p="md"
      radius="md"
      bg="var(--app-color-section)"
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {t('dashboard.report.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {rangeText(t, dates, from, to)}
            {data?.compareFrom && data.compareTo && data.from === from && data.to === to
              ? ` ${comparedText(t, dates, data.compareFrom, data.compareTo)}`
              : ''}
          </Text>
        </div>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          {t('dashboard.report.export')}
        </Button>
      </Group>
      <Stack gap="md">
        <PeriodPicker report={report} />
        {answer.isError && !data ? (
          <Group gap="sm">
            <Text c="red.9">{t('dashboard.report.failed')}</Text>
            <Button variant="light" size="xs" onClick={() => void answer.refetch()}>
              {t('dashboard.report.retry')}
            </Button>
          </Group>
        ) : (
          <>
            <ReportFigures
              totals={data?.totals}
              compareTotals={data?.compareTotals}
              comparing={report.view.compare !== 'none'}
              loading={loading}
            />
            <ReportCharts report={report} data={data} loading={loading} />
          </>
        )}
      </Stack>
    </Paper>
  )
}
