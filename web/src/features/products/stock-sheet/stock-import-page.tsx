import { Button, Text } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { CsvImportScreen } from '../../../components/csv-import-screen.tsx'
import { paths } from '../../../lib/paths.ts'
import { useStockSheetDownload } from './use-stock-sheet.ts'

/**
 * The stock count's import (/admin/products/stock-import, CONTRACT 5.4): the stock sheet back with the units
 * counted, checked (a dry run that writes nothing and says how many rows it would set, or lists every fault by
 * line, column and message), then written, all rows or none, each changed stock a `count` movement. The sheet
 * itself is the template: its download is in the header.
 */
export function StockImportPage() {
  const { t } = useTranslation()
  const title = t('products.stockSheet.title')
  const sheet = useStockSheetDownload()
  return (
    <CsvImportScreen
      endpoint={endpoints.products.stockImport}
      title={title}
      crumbs={[{ label: t('products.list'), to: paths.products }, { label: title }]}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={sheet.busy}
          onClick={sheet.download}
        >
          {t('products.stockSheet.download')}
        </Button>
      }
      help={
        <>
          <Text size="sm">{t('products.stockSheet.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('products.stockSheet.columns')}
          </Text>
        </>
      }
      texts={{
        importing: t('products.stockSheet.importing'),
        checkedTitle: t('products.stockSheet.checkedTitle'),
        checkedText: t('products.stockSheet.checkedText'),
        importedTitle: t('products.stockSheet.importedTitle'),
        importedText: t('products.stockSheet.importedText'),
      }}
      // A check counts the rows it would set; the import, those that changed a stock or a price.
      counts={({ report, dryRun }) => [
        { label: t(dryRun ? 'products.stockSheet.toSet' : 'products.stockSheet.set'), value: report.updated },
      ]}
      done={{ to: paths.products, label: t('products.import.backToList') }}
    />
  )
}
