import { Group, Paper, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core'
import type { ReportTotals } from '@store/contract'
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { CompactMoney } from './compact-money.tsx'
import { type Change, changeOf, toneOf } from './figures.ts'

type Figure = keyof ReportTotals

/** The cards in the order a shop owner reads them; money is compact with the exact amount beside it. */
const FIGURES: { key: Figure; money: boolean; upIsGood: boolean }[] = [
  { key: 'revenue', money: true, upIsGood: true },
  { key: 'orders', money: false, upIsGood: true },
  { key: 'units', money: false, upIsGood: true },
  { key: 'averageOrder', money: true, upIsGood: true },
  { key: 'newCustomers', money: false, upIsGood: true },
  // More cancelled orders is bad news: its rise is red, its fall green.
  { key: 'cancelled', money: false, upIsGood: false },
  { key: 'shipping', money: true, upIsGood: true },
]

/**
 * Green for good news, the error red for bad, both readable as small text in either scheme (teal-9 and red-9 on
 * white, teal-4 and red-4 on a dark card; app/theme.ts).
 */
const TONE_COLOURS = {
  good: 'var(--app-color-good)',
  bad: 'var(--mantine-color-error)',
  neutral: 'dimmed',
} as const

/**
 * The period's figures, one card each; with a comparison, each also shows its change in per cent and the
 * compared figure.
 */
export function ReportFigures({
  totals,
  compareTotals,
  loading,
}: {
  totals: ReportTotals | undefined
  compareTotals: ReportTotals | undefined
  loading: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {FIGURES.map(({ key, money, upIsGood }) => (
        <FigureCard
          key={key}
          label={t(`dashboard.figures.${key}`)}
          value={totals?.[key]}
          before={compareTotals?.[key]}
          upIsGood={upIsGood}
          show={(value) => (money ? <CompactMoney amount={value} /> : format.count(value))}
          showBefore={(value) => (money ? format.money(value) : format.count(value))}
          loading={loading}
        />
      ))}
    </SimpleGrid>
  )
}

function FigureCard({
  label,
  value,
  before,
  upIsGood,
  show,
  showBefore,
  loading,
}: {
  label: string
  value: number | undefined
  before: number | undefined
  upIsGood: boolean
  show: (value: number) => ReactNode
  showBefore: (value: number) => string
  loading: boolean
}) {
  const { t } = useTranslation()
  const labelId = useId()
  return (
    <Paper role="group" aria-labelledby={labelId} withBorder p="sm" radius="md">
      <Text id={labelId} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {loading && value === undefined ? (
        <Skeleton h={28} w="60%" mt={4} />
      ) : (
        <Text fz={22} fw={700} lh={1.3} mt={2}>
          {value === undefined ? t('dashboard.notAvailable') : show(value)}
        </Text>
      )}
      {value !== undefined && before !== undefined && (
        <Group gap={6} mt={4} wrap="wrap" align="baseline">
          <ChangeText change={changeOf(value, before)} upIsGood={upIsGood} />
          <Text size="xs" c="dimmed">
            {t('dashboard.figures.before', { value: showBefore(before) })}
          </Text>
        </Group>
      )}
    </Paper>
  )
}

/**
 * A change as the eye and the ear take it: an arrow and the per cent in green or red, and for a screen reader
 * the word before it ('up 12.5 %'), since neither the arrow nor the colour is read. No change and a compared 0
 * are words ('No change', 'New'), never 'Infinity %'.
 *
 * @example <ChangeText change={{ kind: 'up', percent: 12.5 }} upIsGood />
 */
export function ChangeText({ change, upIsGood }: { change: Change; upIsGood: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const Arrow =
    change.kind === 'same' ? IconMinus : change.kind === 'down' ? IconArrowDownRight : IconArrowUpRight
  return (
    <Group gap={2} wrap="nowrap" c={TONE_COLOURS[toneOf(change, upIsGood)]}>
      <Arrow size={16} aria-hidden="true" />
      <Text size="sm" fw={700} c="inherit">
        {change.kind === 'up' || change.kind === 'down' ? (
          <>
            <VisuallyHidden>{`${t(`dashboard.change.${change.kind}`)} `}</VisuallyHidden>
            {format.percent(change.percent)}
          </>
        ) : (
          t(`dashboard.change.${change.kind}`)
        )}
      </Text>
    </Group>
  )
}
