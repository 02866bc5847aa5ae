import { Button, Text } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { IconDownload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CsvImportScreen } from '../../../components/csv-import-screen.tsx'
import { paths } from '../../../lib/paths.ts'
import { apiQuery } from '../../../lib/queries.ts'
import { downloadText, templateCsv } from './template.ts'

/**
 * Product import (/admin/products/import, CONTRACT 4.1): download the template, choose a CSV file, check it (a dry
 * run that writes nothing and lists every fault by line, field and message), then import it, all rows or none.
 */
export function ProductImportPage() {
  const { t } = useTranslation()
  const title = t('products.import.title')
  const template = useTemplate()
  return (
    <CsvImportScreen
      endpoint={endpoints.products.import}
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
      help={
        <>
          <Text size="sm">{t('products.import.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('products.import.columns')}
          </Text>
        </>
      }
      texts={{
        importing: t('products.import.importing'),
        checkedTitle: t('products.import.checkedTitle'),
        checkedText: t('products.import.checkedText'),
        importedTitle: t('products.import.importedTitle'),
        importedText: t('products.import.importedText'),
      }}
      counts={({ report }) => [
        { label: t('products.import.created'), value: report.created },
        { label: t('products.import.updated'), value: report.updated },
      ]}
      done={{ to: paths.products, label: t('products.import.backToList') }}
    />
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
