import { Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core'
import { paymentKind, type Report } from '@store/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import { ChartCard } from './chart-card.tsx'
import { BAR_ROW_HEIGHT, BarList } from './charts/bar-list.tsx'
import { DONUT_SIZE, DonutChart } from './charts/donut-chart.tsx'
import { percentOf } from './figures.ts'
import { rangeText } from './labels.ts'

/** The colours of the payment methods' slices, by kind, dark enough to tell apart on white. */
const PAYMENT_COLOURS = {
  unpaid: 'var(--mantine-color-gray-6)',
  cash: 'var(--mantine-color-teal-7)',
  wallet: 'var(--mantine-color-blue-7)',
  paypal: 'var(--mantine-color-violet-7)',
} as const

/**
 * The placeholders' heights while the first report loads, like what most shops get: ten products (a row is
 * about 35 px, the header 37 px), eight categories, four order sources (31 px a row, 33 px the header).
 */
const TOP_PRODUCTS_HEIGHT = 37 + 10 * 35
const CATEGORIES_HEIGHT = 8 * BAR_ROW_HEIGHT
const SOURCES_HEIGHT = 33 + 4 * 31

interface BreakdownProps {
  data: Report | undefined
  loading: boolean
}

/** The ten products with the most revenue in the period: a table is the clearest way to read their names. */
export function TopProducts({ data, loading }: BreakdownProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const headingId = useId()
  const rows = data?.topProducts ?? []
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md" id={headingId}>
          {t('dashboard.topProducts.heading')}
        </Title>
      </Group>
      {loading && !data ? (
        <Skeleton h={TOP_PRODUCTS_HEIGHT} />
      ) : (
        // Tight columns: on a phone the name has room only if the others keep to their figures.
        <Table verticalSpacing={6} horizontalSpacing={6} fz="sm" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.topProducts.product')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.topProducts.units')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.topProducts.revenue')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('dashboard.topProducts.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((product, index) => (
                <Table.Tr key={product.id}>
                  {/* The rank leads the name: a column of its own would leave a phone no room for names. */}
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" size="sm" mr={6}>
                      {index + 1}.
                    </Text>
                    {product.name}
                  </Table.Td>
                  <Table.Td ta="right">{format.count(product.units)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={product.revenue} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  )
}

/** Revenue by category, most first (as the API gives them), as horizontal bars with their amounts. */
export function RevenueByCategory({ data, loading }: BreakdownProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = data?.byCategory ?? []
  const title = data
    ? t('dashboard.categories.title', { range: rangeText(t, format, data.from, data.to) })
    : ''
  return (
    <ChartCard
      heading={t('dashboard.categories.heading')}
      loading={loading && !data}
      empty={data && rows.length === 0 ? t('dashboard.categories.empty') : undefined}
      table={
        <Table verticalSpacing={4}>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.categories.category')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.categories.units')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.categories.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td>{format.count(category.units)}</Table.Td>
                <Table.Td>{format.money(category.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
      height={rows.length > 0 ? rows.length * BAR_ROW_HEIGHT : CATEGORIES_HEIGHT}
      chart={
        <BarList
          bars={rows.map((category) => ({
            key: category.id,
            name: category.name,
            value: category.revenue,
            text: format.money(category.revenue),
          }))}
          summary={
            rows[0]
              ? t('dashboard.categories.summary', {
                  title,
                  count: rows.length,
                  name: rows[0].name,
                  value: format.money(rows[0].revenue),
                })
              : title
          }
        />
      }
    />
  )
}

/** Orders by payment method, as a ring of slices with each one's orders and share; the names are the order screens' own. */
export function OrdersByPayment({ data, loading }: BreakdownProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = data?.byPayment ?? []
  const methodName = (code: string) => {
    const kind = paymentKind(code)
    // A code the shop's client invented is PayPal to the order screens, which name its code too.
    return kind === 'paypal' && code !== '3' ? t('orders.otherPayment', { code }) : t(`enums.payment.${kind}`)
  }
  const title = data ? t('dashboard.payments.title', { range: rangeText(t, format, data.from, data.to) }) : ''
  const orders = rows.reduce((sum, payment) => sum + payment.orders, 0)
  const slices = rows.map((payment) => ({
    key: payment.methodPayment,
    name: methodName(payment.methodPayment),
    value: payment.orders,
    text: `${format.count(payment.orders)} (${format.percent(percentOf(payment.orders, orders))})`,
    colour: PAYMENT_COLOURS[paymentKind(payment.methodPayment)],
  }))
  const list = slices.map((slice) => `${slice.name} ${slice.text}`).join(', ')
  return (
    <ChartCard
      heading={t('dashboard.payments.heading')}
      loading={loading && !data}
      empty={data && rows.length === 0 ? t('dashboard.payments.empty') : undefined}
      table={
        <Table verticalSpacing={4}>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.payments.method')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.payments.orders')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.payments.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((payment) => (
              <Table.Tr key={payment.methodPayment}>
                <Table.Td>{methodName(payment.methodPayment)}</Table.Td>
                <Table.Td>{format.count(payment.orders)}</Table.Td>
                <Table.Td>{format.money(payment.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
      height={DONUT_SIZE}
      chart={<DonutChart slices={slices} summary={t('dashboard.payments.summary', { title, list })} />}
    />
  )
}

/** Orders and revenue by where they came from (phone, Zalo, the storefront…), most revenue first (CONTRACT 5.1). */
export function OrdersBySource({ data, loading }: BreakdownProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const headingId = useId()
  const rows = data?.bySource ?? []
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={3} fz="md" id={headingId} mb="sm">
        {t('dashboard.sources.heading')}
      </Title>
      {loading && !data ? (
        <Skeleton h={SOURCES_HEIGHT} />
      ) : (
        <Table verticalSpacing={4} fz="sm" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.sources.source')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.sources.orders')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('dashboard.sources.revenue')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text ta="center" c="dimmed" py="md">
                    {t('dashboard.sources.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.source}>
                  <Table.Td>{t(`enums.orderSource.${row.source}`)}</Table.Td>
                  <Table.Td ta="right">{format.count(row.orders)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.revenue} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  )
}
