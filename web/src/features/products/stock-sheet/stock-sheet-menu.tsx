import { Button, Menu } from '@mantine/core'
import { IconChevronDown, IconClipboardList, IconDownload, IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useCan } from '../../../lib/permissions.tsx'
import { useStockSheetDownload } from './use-stock-sheet.ts'

/**
 * The product list's 'Stock sheet' menu (CONTRACT 5.4): download the sheet to count on (catalog:read), and open
 * the import of the counted sheet (catalog:write). One button, not two, so the list's header still fits a phone.
 */
export function StockSheetMenu() {
  const { t } = useTranslation()
  const canRead = useCan('catalog:read')
  const canWrite = useCan('catalog:write')
  const sheet = useStockSheetDownload()
  if (!canRead && !canWrite) return null
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconClipboardList size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={sheet.busy}
        >
          {t('products.stockSheet.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canRead && (
          <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={sheet.download}>
            {t('products.stockSheet.download')}
          </Menu.Item>
        )}
        {canWrite && (
          <Menu.Item
            component={Link}
            to={paths.stockImport}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t('products.stockSheet.openImport')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}
