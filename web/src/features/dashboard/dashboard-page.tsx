import { Box, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { DEFAULT_SALES_DAYS } from '@store/contract'
import { IconCoin, IconPackageExport, IconReceipt, IconTruckDelivery } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { useFormat } from '../../lib/format.ts'
import { useSalesFigures } from './api/get-sales-figures.ts'
import { useSalesPerDay } from './api/get-sales-per-day.ts'
import { RecentPurchases } from './recent-purchases.tsx'
import { SalesChart } from './sales-chart.tsx'
import { StatCard } from './stat-card.tsx'
import { StockOutProducts } from './stock-out-products.tsx'

const money = (amount: number) => <Money amount={amount} />

/**
 * The dashboard at `/` (spec section 2): this month's sales figures against all time, sales per day over the
 * last 30 days, the newest orders and the products out of stock (real data, CONTRACT.md section 3).
 */
export function DashboardPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const figures = useSalesFigures()
  const f = figures.data
  const loading = figures.isPending
  return (
    <>
      <PageHeader title={t('dashboard.title')} crumbs={[{ label: t('dashboard.title') }]} />
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
        <SalesPerDay today={f?.amountCurrentDate} loading={loading} />
        {/* Side by side on wide screens; the orders get the wider share, they have more columns. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <RecentPurchases />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <StockOutProducts />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  )
}

/** The chart's card; today's revenue sits in its corner, beside the bar it is the last of. */
function SalesPerDay({ today, loading }: { today: number | undefined; loading: boolean }) {
  const { t } = useTranslation()
  const headingId = useId()
  const days = useSalesPerDay(DEFAULT_SALES_DAYS)
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {t('dashboard.chart.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.chart.period', { days: DEFAULT_SALES_DAYS })}
          </Text>
        </div>
        {/* A term and its value: read as 'Revenue today, 1,250,000 VND'. */}
        <Box component="dl" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            {t('dashboard.today.label')}
          </Text>
          <Box component="dd" m={0}>
            {loading ? (
              <Skeleton h={28} w={140} />
            ) : (
              <Text fz={22} fw={700} lh={1.3}>
                {today === undefined ? t('dashboard.notAvailable') : <Money amount={today} />}
              </Text>
            )}
          </Box>
        </Box>
      </Group>
      {days.isPending ? (
        <Skeleton h={220} />
      ) : (
        <SalesChart days={days.data ?? []} title={t('dashboard.chart.title', { days: DEFAULT_SALES_DAYS })} />
      )}
    </Paper>
  )
}
