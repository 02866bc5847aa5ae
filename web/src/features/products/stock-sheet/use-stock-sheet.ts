import { endpoints } from '@store/contract/client'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { downloadExport } from '../../../lib/download.ts'
import { notify } from '../../../lib/toast.ts'

/**
 * The stock sheet's download (CONTRACT 5.4): every variant, and every product without variants, with its SKU,
 * price and stock, as the list's export downloads its file. A failure is toasted as every call's is.
 *
 * @example const sheet = useStockSheetDownload(); <Button loading={sheet.busy} onClick={sheet.download}>…</Button>
 */
export function useStockSheetDownload() {
  const { t } = useTranslation()
  const download = useMutation({
    mutationFn: () => downloadExport(endpoints.products.stockExport, {}, 'stock-sheet.csv'),
    onSuccess: (name) => notify.success(t('common.list.exported', { name })),
  })
  return { busy: download.isPending, download: () => download.mutate() }
}
