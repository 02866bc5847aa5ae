import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import type { ImportReport } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '../../../components/page-header.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useFormat } from '../../../lib/format.ts'
import { paths } from '../../../lib/paths.ts'
import { apiQuery } from '../../../lib/queries.ts'
import { type ImportProgress, reportOf, rowMessage, useImportProducts } from './import-products.ts'
import { downloadText, templateCsv } from './template.ts'

/** What the last run of the chosen file answered. */
type Outcome =
  /** The check passed: the import may run. */
  | { kind: 'checked'; file: File; report: ImportReport }
  /** The rows were written. */
  | { kind: 'imported'; file: File; report: ImportReport }
  /** Rows are at fault: nothing was written, the report says where. */
  | { kind: 'rejected'; file: File; report: ImportReport; dryRun: boolean }
  /** The file as a whole was refused (not CSV, too large) or the call failed. */
  | { kind: 'refused'; file: File; text: string }

/** A report of thousands of faults would be a page nobody reads: the first ones are enough to start fixing. */
const SHOWN_ERRORS = 200

/**
 * Product import (/admin/products/import, CONTRACT 4.1): download the template, choose a CSV file, check it (a dry
 * run that writes nothing and lists every fault by line, field and message), then import it, all rows or none.
 */
export function ProductImportPage() {
  const { t } = useTranslation()
  const title = t('products.import.title')
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const run = useImportProducts()
  const template = useTemplate()

  const start = (dryRun: boolean) => {
    if (!file) return
    setOutcome(null)
    run.mutate(
      { file, dryRun },
      {
        onSuccess: ({ report }) => setOutcome({ kind: dryRun ? 'checked' : 'imported', file, report }),
        onError: (error) => {
          const report = reportOf(error)
          setOutcome(
            report
              ? { kind: 'rejected', file, report, dryRun }
              : { kind: 'refused', file, text: errorText(error, { withField: false }) },
          )
        },
      },
    )
  }
  // The outcome belongs to the file it was made for: choosing another one starts over.
  const current = outcome && outcome.file === file ? outcome : null
  const checked = current?.kind === 'checked'

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('products.list'), to: paths.products }, { label: title }]}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={template.busy}
            onClick={template.download}
          >
            {t('products.import.template')}
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Text size="sm">{t('products.import.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('products.import.columns')}
          </Text>
          <FileInput
            label={t('products.import.file')}
            placeholder={t('products.import.filePlaceholder')}
            accept=".csv,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': t('products.import.clearFile') }}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            value={file}
            onChange={setFile}
            disabled={run.isPending}
            maw={480}
          />
          <Group gap="sm">
            <Button
              variant={checked ? 'default' : 'filled'}
              disabled={!file || (run.isPending && !run.variables?.dryRun)}
              loading={run.isPending && run.variables?.dryRun}
              onClick={() => start(true)}
            >
              {t('products.import.check')}
            </Button>
            <Button
              disabled={!checked || run.isPending}
              loading={run.isPending && !run.variables?.dryRun}
              onClick={() => start(false)}
            >
              {t('products.import.run')}
            </Button>
          </Group>
          {run.isPending && <RunProgress progress={run.progress} dryRun={run.variables?.dryRun ?? true} />}
          {current && <OutcomeView outcome={current} />}
        </Stack>
      </Paper>
    </>
  )
}

/** The upload's share while the file goes out, then a moving bar while the server reads and checks the rows. */
function RunProgress({ progress, dryRun }: { progress: ImportProgress | null; dryRun: boolean }) {
  const { t } = useTranslation()
  const uploading = progress?.phase !== 'server'
  const percent = progress?.phase === 'upload' ? progress.percent : 0
  const label = uploading
    ? t('products.import.uploading', { percent })
    : dryRun
      ? t('products.import.checking')
      : t('products.import.importing')
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        size="lg"
        aria-label={t('products.import.progress')}
        value={uploading ? percent : 100}
        striped={!uploading}
        animated={!uploading}
      />
    </Stack>
  )
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation()
  if (outcome.kind === 'refused') {
    return (
      <Alert color="red" title={t('products.import.refusedTitle')} role="alert">
        {outcome.text}
      </Alert>
    )
  }
  const { report } = outcome
  if (outcome.kind === 'rejected') {
    return (
      <Stack gap="sm">
        <Alert color="red" title={t('products.import.rejectedTitle')} role="alert">
          {t('messages.importFailed', { count: report.errors.length })}
        </Alert>
        <ErrorTable report={report} />
      </Stack>
    )
  }
  const imported = outcome.kind === 'imported'
  return (
    <Stack gap="sm">
      <Alert
        color={imported ? 'teal' : 'blue'}
        title={imported ? t('products.import.importedTitle') : t('products.import.checkedTitle')}
        role="status"
      >
        <Stack gap="xs">
          <Counts report={report} />
          <Text size="sm">
            {imported ? t('products.import.importedText') : t('products.import.checkedText')}
          </Text>
        </Stack>
      </Alert>
      {imported && (
        <Group>
          <Button component={Link} to={paths.products} variant="default">
            {t('products.import.backToList')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

function Counts({ report }: { report: ImportReport }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <SimpleGrid component="dl" cols={2} spacing="xs" m={0} maw={360}>
      <Text component="dt" size="sm">
        {t('products.import.created')}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {format.count(report.created)}
      </Text>
      <Text component="dt" size="sm">
        {t('products.import.updated')}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {format.count(report.updated)}
      </Text>
    </SimpleGrid>
  )
}

/** The faults of a rejected file, one row each: the file's line, the column and what is wrong, in this language. */
function ErrorTable({ report }: { report: ImportReport }) {
  const { t } = useTranslation()
  const format = useFormat()
  const shown = report.errors.slice(0, SHOWN_ERRORS)
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label={t('products.import.errors')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('products.import.errorColumns.line')}</Table.Th>
              <Table.Th w={140}>{t('products.import.errorColumns.field')}</Table.Th>
              <Table.Th>{t('products.import.errorColumns.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line may have several faults in the same field
              <Table.Tr key={index}>
                <Table.Td>{error.line > 0 ? error.line : '—'}</Table.Td>
                <Table.Td>{error.field || '—'}</Table.Td>
                <Table.Td>{rowMessage(t, error)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.errors.length > shown.length && (
        <Text size="sm" c="dimmed">
          {t('products.import.moreErrors', {
            shown: format.count(shown.length),
            total: format.count(report.errors.length),
          })}
        </Text>
      )}
    </>
  )
}

/**
 * The template's download. Its example row names a category and a brand the shop has, and a picture it has
 * stored, when it has any, so the example is one the import accepts as it is.
 */
function useTemplate() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  // The example is only a hint: without a record of the shop it says what belongs there.
  const first = <T,>(answer: Promise<{ data: T[] }>) => answer.then((a) => a.data[0]).catch(() => undefined)
  const limit = { query: { limit: 1 } }
  const download = async () => {
    setBusy(true)
    try {
      const [category, brand, product] = await Promise.all([
        first(queryClient.fetchQuery(apiQuery(endpoints.categories.list, limit))),
        first(queryClient.fetchQuery(apiQuery(endpoints.brands.list, limit))),
        first(queryClient.fetchQuery(apiQuery(endpoints.products.list, limit))),
      ])
      const text = templateCsv({
        id: '',
        name: t('products.import.example.name'),
        price: '150000',
        quantity: '10',
        category: category?.name ?? t('products.import.example.category'),
        brand: brand?.name ?? t('products.import.example.brand'),
        size: 'S|M',
        images: product?.images[0] ?? t('products.import.example.images'),
        description: t('products.import.example.description'),
      })
      downloadText(text, 'products-import-template.csv')
    } finally {
      setBusy(false)
    }
  }
  return { busy, download: () => void download() }
}
