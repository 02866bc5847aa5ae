import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import {
  CARRIERS,
  type Carrier,
  type CodAnswer,
  type CodOutcome,
  MAX_COD_NUMBERS,
  messageRef,
} from '@store/contract'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { Money } from '../../components/money.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { errorText } from '../../lib/error-text.ts'
import { paths } from '../../lib/paths.ts'
import { translateMessage } from '../../lib/validation.ts'
import { type CodSource, trackingNumbersOf, useRecordCod } from './api/record-cod.ts'

type SourceKind = CodSource['kind']

/** What the last run answered, for the input it was made with. */
type Outcome =
  | { kind: 'answered'; input: string; answer: CodAnswer['data'] }
  | { kind: 'refused'; input: string; text: string }

/**
 * /admin/cod: the cash on delivery a carrier paid over (CONTRACT 5.5). Pick the carrier, then paste the tracking
 * numbers it paid (one per line, or separated by spaces or commas) or choose its CSV statement; Check runs the
 * call as a dry run and lists each number's result (collected, unknown, already paid, amount different with
 * what was expected and what was paid, not delivered, no COD), and Record, once a check found something to
 * record, runs it for real and lists what was recorded. As the CSV imports do, a result belongs to the input
 * it was made for: another carrier, other numbers or another file start over.
 */
export function CodPage() {
  const { t } = useTranslation()
  const title = t('cod.title')
  const [carrier, setCarrier] = useState<Carrier | ''>('')
  const [kind, setKind] = useState<SourceKind>('numbers')
  const [text, setText] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const run = useRecordCod()

  const numbers = trackingNumbersOf(text)
  const tooMany = numbers.length > MAX_COD_NUMBERS
  const source: CodSource | null =
    kind === 'numbers'
      ? numbers.length > 0 && !tooMany
        ? { kind, numbers }
        : null
      : file
        ? { kind, file }
        : null
  // The input a result is for: a file by its identity (its name and when it was saved), numbers by their text.
  const input =
    carrier && source
      ? `${carrier}|${source.kind === 'numbers' ? source.numbers.join(',') : `${source.file.name}|${source.file.lastModified}|${source.file.size}`}`
      : null

  const start = (dryRun: boolean) => {
    if (!carrier || !source || !input) return
    setOutcome(null)
    run.mutate(
      { carrier, source, dryRun },
      {
        onSuccess: (answer) => setOutcome({ kind: 'answered', input, answer }),
        onError: (error) => setOutcome({ kind: 'refused', input, text: errorText(error) }),
      },
    )
  }
  const current = outcome && outcome.input === input ? outcome : null
  const checked =
    current?.kind === 'answered' && current.answer.dryRun && current.answer.collected > 0 ? current : null

  return (
    <>
      <PageHeader title={title} crumbs={[{ label: title }]} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Text size="sm">{t('cod.intro')}</Text>
          <NativeSelect
            label={t('cod.carrier')}
            required
            maw={360}
            value={carrier}
            onChange={(event) => setCarrier(event.currentTarget.value as Carrier | '')}
            disabled={run.isPending}
            data={[
              { value: '', label: t('cod.chooseCarrier') },
              ...CARRIERS.map((c) => ({ value: c, label: t(`enums.carrier.${c}`) })),
            ]}
          />
          <Radio.Group
            label={t('cod.source')}
            value={kind}
            onChange={(value) => setKind(value as SourceKind)}
          >
            <Group gap="lg" mt={6}>
              <Radio value="numbers" label={t('cod.sources.numbers')} disabled={run.isPending} />
              <Radio value="file" label={t('cod.sources.file')} disabled={run.isPending} />
            </Group>
          </Radio.Group>
          {kind === 'numbers' ? (
            <GrowingTextarea
              label={t('cod.numbers')}
              description={t('cod.numbersHint')}
              minRows={4}
              maxRows={12}
              maw={480}
              spellCheck={false}
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              disabled={run.isPending}
              error={
                tooMany ? translateMessage(t, messageRef('tooManyIds', { max: MAX_COD_NUMBERS })) : undefined
              }
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            />
          ) : (
            <FileInput
              label={t('cod.file')}
              description={t('cod.fileHint')}
              placeholder={t('cod.filePlaceholder')}
              // The field is a button, so its placeholder is read like any other text: the dimmed grey reads at
              // 7.8:1 where Mantine's light placeholder grey would not (as the CSV imports do).
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept=".csv,text/csv"
              clearable
              clearButtonProps={{ 'aria-label': t('cod.clearFile') }}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              value={file}
              onChange={setFile}
              disabled={run.isPending}
              maw={480}
            />
          )}
          {kind === 'numbers' && numbers.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('cod.numbersCount', { count: numbers.length })}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant={checked ? 'default' : 'filled'}
              disabled={!input || (run.isPending && !run.variables?.dryRun)}
              loading={run.isPending && run.variables?.dryRun}
              onClick={() => start(true)}
            >
              {t('cod.check')}
            </Button>
            <Button
              disabled={!checked || run.isPending}
              loading={run.isPending && run.variables?.dryRun === false}
              onClick={() => start(false)}
            >
              {t('cod.record')}
            </Button>
          </Group>
          {current?.kind === 'refused' && (
            <Alert color="red" title={t('cod.refusedTitle')} role="alert">
              {current.text}
            </Alert>
          )}
          {current?.kind === 'answered' && <Answer answer={current.answer} />}
        </Stack>
      </Paper>
    </>
  )
}

/** The summary of a run (what a check would record, or what was recorded) and the table of every number. */
function Answer({ answer }: { answer: CodAnswer['data'] }) {
  const { t } = useTranslation()
  const recorded = !answer.dryRun
  const summary = recorded
    ? t('cod.recordedText', { count: answer.collected })
    : answer.collected > 0
      ? t('cod.checkedText', { count: answer.collected })
      : t('cod.nothingToRecord')
  return (
    <Stack gap="sm">
      <Alert
        color={recorded ? 'teal' : 'blue'}
        title={recorded ? t('cod.recordedTitle') : t('cod.checkedTitle')}
        role="status"
        // As the CSV imports: the palest teal keeps the teal-9 title at 4.7:1 (teal-1 leaves it at 4.3:1).
        style={recorded ? { '--alert-bg': 'var(--mantine-color-teal-0)' } : undefined}
      >
        <Stack gap={4}>
          <Text size="sm">{summary}</Text>
          {answer.refused > 0 && <Text size="sm">{t('cod.refused', { count: answer.refused })}</Text>}
        </Stack>
      </Alert>
      {answer.outcomes.length > 0 && <Outcomes outcomes={answer.outcomes} dryRun={answer.dryRun} />}
    </Stack>
  )
}

/** One row a tracking number: its order (a link), its result in this language, and the amounts it was checked on. */
function Outcomes({ outcomes, dryRun }: { outcomes: CodOutcome[]; dryRun: boolean }) {
  const { t } = useTranslation()
  const amount = (value: number | null) => (value === null ? '—' : <Money amount={value} />)
  const resultText = (outcome: CodOutcome) =>
    outcome.result === 'collected' && dryRun ? t('cod.willCollect') : t(`cod.result.${outcome.result}`)
  return (
    // Scrolls inside itself on a phone: the page never gets wider than the screen.
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={t('cod.results')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cod.columns.trackingNumber')}</Table.Th>
            <Table.Th>{t('cod.columns.order')}</Table.Th>
            <Table.Th>{t('cod.columns.result')}</Table.Th>
            <Table.Th ta="right">{t('cod.columns.expected')}</Table.Th>
            <Table.Th ta="right">{t('cod.columns.paid')}</Table.Th>
            <Table.Th ta="right">{t('cod.columns.fee')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcomes.map((outcome) => (
            <Table.Tr key={outcome.trackingNumber}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{outcome.trackingNumber}</Table.Td>
              <Table.Td>
                {outcome.orderId ? (
                  <Anchor component={Link} to={paths.orderDetail(outcome.orderId)} size="sm">
                    {t('orders.number', { id: outcome.orderId })}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  fw={outcome.result === 'collected' ? 400 : 600}
                  c={outcome.result === 'collected' ? undefined : 'var(--mantine-color-error)'}
                >
                  {resultText(outcome)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{amount(outcome.expected)}</Table.Td>
              <Table.Td ta="right">{amount(outcome.paid)}</Table.Td>
              <Table.Td ta="right">{amount(outcome.fee)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
