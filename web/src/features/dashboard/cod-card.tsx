import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { Report, ReportCod } from '@store/contract'
import { IconCash } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'

/**
 * The report's COD figures (CONTRACT 5.5) when there is any to show: a shop that never shipped cash on delivery
 * gets no card.
 */
export const codOf = (report: Report | undefined): ReportCod | undefined => {
  const cod = report?.cod
  if (!cod) return undefined
  return cod.outstanding === 0 && cod.collected === 0 && cod.byCarrier.length === 0 ? undefined : cod
}

/**
 * 'COD outstanding': the total the carriers still owe, a row a carrier (orders and amount), and the period's
 * collected, fees and net. Those who may change orders get a link to the COD screen.
 *
 * @example {cod && <CodCard cod={cod} />}
 */
export function CodCard({ cod }: { cod: ReportCod }) {
  const { t } = useTranslation()
  const format = useFormat()
  const headingId = useId()
  const canRecord = useCan('orders:write')
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCash size={20} aria-hidden />
          <Title order={3} fz="md" id={headingId}>
            {t('dashboard.cod.heading')}
          </Title>
        </Group>
        {canRecord && (
          <Anchor component={Link} to={paths.cod} size="sm">
            {t('dashboard.cod.reconcile')}
          </Anchor>
        )}
      </Group>
      <Stack gap="sm">
        <Box component="dl" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            {t('dashboard.cod.outstanding')}
          </Text>
          <Text component="dd" m={0} fz={22} fw={700} lh={1.3}>
            <Money amount={cod.outstanding} />
          </Text>
        </Box>
        {cod.byCarrier.length === 0 ? (
          <Text size="sm">{t('dashboard.cod.none')}</Text>
        ) : (
          <Table aria-label={t('dashboard.cod.byCarrier')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.cod.carrier')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cod.orders')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cod.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cod.byCarrier.map((row) => (
                <Table.Tr key={row.carrier}>
                  <Table.Td>{t(`enums.carrier.${row.carrier}`)}</Table.Td>
                  <Table.Td ta="right">{format.count(row.orders)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.amount} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {/* One column in the dashboard's half-width column on a laptop, where three would cut the amounts. */}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3, lg: 1, xl: 3 }} spacing="xs" m={0}>
          {(['collected', 'fees', 'net'] as const).map((key) => (
            <div key={key}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`dashboard.cod.${key}`)}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600}>
                <Money amount={cod[key]} />
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  )
}
