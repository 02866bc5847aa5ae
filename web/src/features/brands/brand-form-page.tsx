import { Center, Loader } from '@mantine/core'
import type { BrandCreateBody, BrandUpdateBody } from '@store/contract'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '../../components/page-header.tsx'
import { paths } from '../../lib/paths.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { useCreateBrand } from './api/create-brand.ts'
import { useBrand } from './api/get-brand.ts'
import { useUpdateBrand } from './api/update-brand.ts'
import { BrandForm, brandResolvers, brandToForm, emptyBrand } from './brand-form.tsx'

/** /admin/brand: name and logo; on success a toast and back to the list. */
export function BrandCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const create = useCreateBrand()
  const save = async (body: BrandCreateBody) => {
    await create.mutateAsync(body)
    notify.success(t('brands.created'))
    navigate(paths.brands)
  }
  return (
    <>
      <PageHeader
        title={t('brands.add')}
        crumbs={[{ label: t('brands.list'), to: paths.brands }, { label: t('brands.add') }]}
      />
      <BrandForm
        resolver={brandResolvers.create}
        logoRequired
        defaultValues={emptyBrand}
        onSave={save}
        cancelTo={paths.brands}
      />
    </>
  )
}

/** /admin/brand/edit/{id}: loads the brand afresh on entry; a failed load (toasted) goes back to the list. */
export function BrandEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const brand = useBrand(id)
  const update = useUpdateBrand()

  useBackOnFailure(brand.isError, paths.brands)

  const save = async (body: BrandUpdateBody) => {
    await update.mutateAsync({ id, body })
    notify.success(t('brands.updated'))
    navigate(paths.brands)
  }
  return (
    <>
      <PageHeader
        title={t('brands.edit')}
        crumbs={[{ label: t('brands.list'), to: paths.brands }, { label: t('brands.edit') }]}
      />
      {brand.data ? (
        // Mounted once the record is there, so its values are the form's starting values.
        <BrandForm
          key={brand.data.id}
          resolver={brandResolvers.edit}
          logoRequired={false}
          defaultValues={brandToForm(brand.data)}
          onSave={save}
          cancelTo={paths.brands}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </>
  )
}
