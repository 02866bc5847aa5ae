import { endpoints } from '@store/contract/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { BrandFields, brandResolvers, brandToForm, emptyBrand } from './brand-form.tsx'

/** /admin/brand: name and logo; on success a toast and back to the list. */
export function BrandCreatePage() {
  const { t } = useTranslation()
  const [uploading, setUploading] = useState(false)
  const edit = useEditController({
    empty: emptyBrand,
    resolver: brandResolvers.create,
    save: { endpoint: endpoints.brands.create, input: (body) => ({ body }) },
    back: paths.brands,
    saved: t('brands.created'),
  })
  return (
    <EditScreen
      title={t('brands.add')}
      crumbs={[{ label: t('brands.list'), to: paths.brands }, { label: t('brands.add') }]}
      edit={edit}
      saveDisabled={uploading}
    >
      <BrandFields form={edit.form} logoRequired onUploadingChange={setUploading} />
    </EditScreen>
  )
}

/** /admin/brand/edit/{id}: loads the brand afresh on entry; a failed load (toasted) goes back to the list. */
export function BrandEditPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const canWrite = useCan('catalog:write')
  const [uploading, setUploading] = useState(false)
  const edit = useEditController({
    load: { endpoint: endpoints.brands.get, id },
    toValues: brandToForm,
    empty: emptyBrand,
    resolver: brandResolvers.edit,
    save: { endpoint: endpoints.brands.update, input: (body) => ({ params: { id }, body }) },
    back: paths.brands,
    saved: t('brands.updated'),
  })
  return (
    <EditScreen
      title={t('brands.edit')}
      crumbs={[{ label: t('brands.list'), to: paths.brands }, { label: t('brands.edit') }]}
      edit={edit}
      saveDisabled={uploading}
      readOnly={!canWrite}
      actions={<HistoryLink entity="brand" id={id} />}
    >
      <BrandFields form={edit.form} logoRequired={false} onUploadingChange={setUploading} />
    </EditScreen>
  )
}
