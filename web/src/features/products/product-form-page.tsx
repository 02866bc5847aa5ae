import type { StockMovement } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { notify } from '../../lib/toast.ts'
import { useEditController } from '../../lib/use-edit-controller.ts'
import {
  emptyProduct,
  keepTouchedProduct,
  ProductFields,
  productResolver,
  productToForm,
} from './product-form.tsx'
import { StockSection } from './stock-section.tsx'

/** /admin/product: a new product; on success a toast and back to the list. */
export function ProductCreatePage() {
  const { t } = useTranslation()
  const [uploading, setUploading] = useState(false)
  const edit = useEditController({
    empty: emptyProduct,
    resolver: productResolver,
    // `sold` and `rating` are left to the server, which starts both at 0.
    save: { endpoint: endpoints.products.create, input: (body) => ({ body }) },
    back: paths.products,
    saved: t('products.created'),
  })
  return (
    <EditScreen
      title={t('products.add')}
      crumbs={[{ label: t('products.list'), to: paths.products }, { label: t('products.add') }]}
      edit={edit}
      saveDisabled={uploading}
    >
      <ProductFields form={edit.form} onUploadingChange={setUploading} />
    </EditScreen>
  )
}

/**
 * /admin/product/edit/{id}: loads the product afresh on every entry; a failed load (toasted) goes back to the list.
 * Below the form, the product's stock: its movements and the hand adjustment.
 */
export function ProductEditPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const { id = '' } = useParams()
  const canWrite = useCan('catalog:write')
  const [uploading, setUploading] = useState(false)
  const edit = useEditController({
    load: { endpoint: endpoints.products.get, id },
    toValues: productToForm,
    empty: emptyProduct,
    resolver: productResolver,
    // Without `sold` and `rating` the server keeps their stored values.
    save: { endpoint: endpoints.products.update, input: (body) => ({ params: { id }, body }) },
    back: paths.products,
    saved: t('products.updated'),
    keepTouched: keepTouchedProduct,
  })

  // An adjustment changes the stock and raises the product's version. The form then takes the product as it is
  // now into the fields the user has not touched (Quantity among them) and saves from its version: a later save
  // neither sets the stock back nor is refused as edited by someone else. A quantity the user typed is theirs to
  // save: it stays, and they are told what the stock is now. A variant's stock is the same: its row follows the
  // adjustment unless the user typed a stock in it, which stays, with the same word about it.
  const { form, refreshUntouched } = edit
  const stockMoved = async (movement: StockMovement) => {
    const { variantId } = movement
    const typedRow = variantId ? typedVariant(variantId) : undefined
    const typed = !variantId && form.getFieldState('quantity').isDirty
    await refreshUntouched()
    if (typed)
      notify.info(
        t('products.stock.keptTyped', {
          quantity: format.count(movement.after),
          typed: String(form.getValues('quantity')),
        }),
      )
    if (typedRow)
      notify.info(
        t('products.variants.keptTyped', {
          sku: typedRow.sku,
          quantity: format.count(movement.after),
          typed: String(typedRow.quantity),
        }),
      )
  }
  /** The row of a variant whose stock the user typed over: it differs from the stock the form started from. */
  const typedVariant = (id: string) => {
    const row = form.getValues('variants').find((variant) => variant.id === id)
    const start = form.formState.defaultValues?.variants?.find((variant) => variant?.id === id)
    return row && start && String(row.quantity) !== String(start.quantity) ? row : undefined
  }

  return (
    <>
      <EditScreen
        title={t('products.edit')}
        crumbs={[{ label: t('products.list'), to: paths.products }, { label: t('products.edit') }]}
        edit={edit}
        saveDisabled={uploading}
        readOnly={!canWrite}
        actions={<HistoryLink entity="product" id={id} />}
      >
        <ProductFields form={edit.form} onUploadingChange={setUploading} />
      </EditScreen>
      <StockSection productId={id} product={edit.record} onAdjusted={stockMoved} />
    </>
  )
}
