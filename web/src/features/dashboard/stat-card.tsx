import { Box, Group, Paper, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import type { IconReceipt } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { ShareRing } from './charts/share-ring.tsx'
import classes from './dashboard.module.css'
import { percentOf } from './figures.ts'

/**
 * One sales figure: this month's value, the all-time value, and the month's share of all time (spec: monthly
 * / total × 100) as a ring and as text. `month`/`total` are the raw numbers; `show` writes one for reading, in
 * the interface language (a count or <Money>).
 *
 * @example <StatCard label="Orders" icon={IconReceipt} color="blue" month={12} total={300} show={format.count} />
 */
export function StatCard({
  label,
  icon: Icon,
  color,
  month,
  total,
  show,
  loading,
}: {
  label: string
  icon: typeof IconReceipt
  color: string
  month: number | undefined
  total: number | undefined
  show: (value: number) => ReactNode
  loading: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const headingId = useId()
  const known = month !== undefined && total !== undefined
  const percent = known ? percentOf(month, total) : 0
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="md"
      radius="md"
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text component="h2" id={headingId} size="sm" fw={600} m={0}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.thisMonth')}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden="true">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton h={28} w="70%" mt="xs" />
      ) : (
        <Box className={classes.figure} mt="xs">
          {known ? show(month) : t('dashboard.notAvailable')}
        </Box>
      )}
      <Group gap="sm" mt="sm" wrap="nowrap" align="center">
        {/* The ring repeats the percentage beside it (ShareRing is hidden from screen readers). */}
        <ShareRing
          className={classes.ring}
          percent={percent}
          colour={`var(--mantine-color-${color}-filled)`}
          size={52}
          thickness={6}
        />
        <div>
          <Text size="sm" fw={600}>
            {loading ? '…' : <span>{format.percent(percent)}</span>}
            <VisuallyHidden> {t('dashboard.shareOfAllTime')}</VisuallyHidden>
          </Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.allTime')} {known ? show(total) : '—'}
          </Text>
        </div>
      </Group>
    </Paper>
  )
}
