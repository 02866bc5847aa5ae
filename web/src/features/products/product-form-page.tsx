import { Center, Loader } from '@mantine/core'
import type { ProductBody } from '@store/contract'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '../../components/page-header.tsx'
import { paths } from '../../lib/paths.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { useCreateProduct } from './api/create-product.ts'
import { useBrandOptions } from './api/get-brand-options.ts'
import { useCategoryOptions } from './api/get-category-options.ts'
import { useProduct } from './api/get-product.ts'
import { useUpdateProduct } from './api/update-product.ts'
import { emptyProduct, ProductForm, productToForm } from './product-form.tsx'

/** The category and brand selects' options; empty until `/all` answers (a failure is toasted). */
function useOptions() {
  const categories = useCategoryOptions()
  const brands = useBrandOptions()
  return { categories: categories.data ?? [], brands: brands.data ?? [] }
}

/** /admin/product: a new product; on success a toast and back to the list. */
export function ProductCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const options = useOptions()
  const create = useCreateProduct()
  const save = async (body: ProductBody) => {
    await create.mutateAsync(body)
    notify.success(t('products.created'))
    navigate(paths.products)
  }
  return (
    <>
      <PageHeader
        title={t('products.add')}
        crumbs={[{ label: t('products.list'), to: paths.products }, { label: t('products.add') }]}
      />
      <ProductForm defaultValues={emptyProduct} {...options} onSave={save} cancelTo={paths.products} />
    </>
  )
}

/**
 * /admin/product/edit/{id}: loads the product afresh on every entry and fills the form once it is there; a
 * failed load (toasted) goes back to the list.
 */
export function ProductEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const product = useProduct(id)
  const options = useOptions()
  const update = useUpdateProduct()

  useBackOnFailure(product.isError, paths.products)

  const save = async (body: ProductBody) => {
    await update.mutateAsync({ id, body })
    notify.success(t('products.updated'))
    navigate(paths.products)
  }
  return (
    <>
      <PageHeader
        title={t('products.edit')}
        crumbs={[{ label: t('products.list'), to: paths.products }, { label: t('products.edit') }]}
      />
      {product.data ? (
        // Mounted once the record is there, so its values are the form's starting values; keyed by the id so
        // another product gets a fresh form. A later background refetch does not overwrite what is typed.
        <ProductForm
          key={product.data.id}
          defaultValues={productToForm(product.data)}
          {...options}
          onSave={save}
          cancelTo={paths.products}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </>
  )
}
