import { Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core'
import type { ReportTotals } from '@store/contract'
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import classes from './dashboard.module.css'
import { type Change, changeOf, toneOf } from './figures.ts'

type Figure = keyof ReportTotals

/** The cards in the order a shop owner reads them. */
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

/** The change and the compared figure under a card's figure: two lines, as tall as their placeholder. */
const COMPARISON_HEIGHT = 42

/**
 * The period's figures, one card each; with a comparison, each also shows its change in per cent and the
 * compared figure. While the figures load, placeholders as tall as they will be keep the page still; `comparing`
 * says whether to keep room for the comparison.
 */
export function ReportFigures({
  totals,
  compareTotals,
  comparing,
  loading,
}: {
  totals: ReportTotals | undefined
  compareTotals: ReportTotals | undefined
  comparing: boolean
  loading: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    // Four to a row only from a laptop's width: narrower, a full amount in billions would not fit a card.
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      {FIGURES.map(({ key, money, upIsGood }) => (
        <FigureCard
          key={key}
          label={t(`dashboard.figures.${key}`)}
          value={totals?.[key]}
          before={compareTotals?.[key]}
          upIsGood={upIsGood}
          show={(value) => (money ? <Money amount={value} /> : format.count(value))}
          showBefore={(value) => (money ? format.money(value) : format.count(value))}
          comparing={comparing}
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
  comparing,
  loading,
}: {
  label: string
  value: number | undefined
  before: number | undefined
  upIsGood: boolean
  show: (value: number) => ReactNode
  showBefore: (value: number) => string
  comparing: boolean
  loading: boolean
}) {
  const { t } = useTranslation()
  const labelId = useId()
  return (
    <Paper role="group" aria-labelledby={labelId} withBorder p="sm" radius="md" className={classes.card}>
      <Text id={labelId} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {loading && value === undefined ? (
        <Skeleton h={28} w="60%" mt={2} />
      ) : (
        <Box className={classes.figure} mt={2}>
          {value === undefined ? t('dashboard.notAvailable') : show(value)}
        </Box>
      )}
      {value !== undefined && before !== undefined ? (
        <Stack gap={0} mt={4} h={COMPARISON_HEIGHT} justify="center">
          <ChangeText change={changeOf(value, before)} upIsGood={upIsGood} />
          <Text size="xs" c="dimmed" lh="20px">
            {t('dashboard.figures.before', { value: showBefore(before) })}
          </Text>
        </Stack>
      ) : (
        loading && comparing && <Skeleton h={COMPARISON_HEIGHT} w="80%" mt={4} />
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
