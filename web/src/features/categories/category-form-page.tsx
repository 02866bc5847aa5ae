import { SimpleGrid, TextInput } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { translateMessage } from '../../lib/validation.ts'
import {
  type CategoryFormValues,
  categoryResolver,
  emptyCategoryForm,
  toCategoryFormValues,
} from './category-form.ts'

function CategoryFields({ form }: { form: UseFormReturn<CategoryFormValues, unknown, unknown> }) {
  const { t } = useTranslation()
  const { errors } = form.formState
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('categories.fields.name')}
        required
        autoComplete="off"
        error={translateMessage(t, errors.name?.message)}
        {...form.register('name')}
      />
    </SimpleGrid>
  )
}

/** Add category (/admin/category). */
export function CategoryCreatePage() {
  const { t } = useTranslation()
  const edit = useEditController({
    empty: emptyCategoryForm,
    resolver: categoryResolver,
    save: { endpoint: endpoints.categories.create, input: (body) => ({ body }) },
    back: paths.categories,
    saved: t('categories.created'),
  })
  return (
    <EditScreen
      title={t('categories.addTitle')}
      crumbs={[
        { label: t('categories.listCrumb'), to: paths.categories },
        { label: t('categories.addTitle') },
      ]}
      edit={edit}
    >
      <CategoryFields form={edit.form} />
    </EditScreen>
  )
}

/** Edit category (/admin/category/edit/{id}): loads the category on entry, saves, back to the list. */
export function CategoryEditPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const canWrite = useCan('catalog:write')
  const edit = useEditController({
    load: { endpoint: endpoints.categories.get, id },
    toValues: toCategoryFormValues,
    empty: emptyCategoryForm,
    resolver: categoryResolver,
    save: { endpoint: endpoints.categories.update, input: (body) => ({ params: { id }, body }) },
    back: paths.categories,
    saved: t('categories.updated'),
  })
  return (
    <EditScreen
      title={t('categories.editTitle')}
      crumbs={[
        { label: t('categories.listCrumb'), to: paths.categories },
        { label: t('categories.editTitle') },
      ]}
      edit={edit}
      readOnly={!canWrite}
      actions={<HistoryLink entity="category" id={id} />}
    >
      <CategoryFields form={edit.form} />
    </EditScreen>
  )
}
