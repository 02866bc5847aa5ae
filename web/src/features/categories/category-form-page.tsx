import { LoadingOverlay, Paper, SimpleGrid, TextInput } from '@mantine/core'
import type { CategoryBody } from '@store/contract'
import { useEffect } from 'react'
import { type FieldErrors, type UseFormRegister, type UseFormSetError, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { FormButtons } from '../../components/form-buttons.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { translateMessage } from '../../lib/validation.ts'
import { useCreateCategory } from './api/create-category.ts'
import { useCategory } from './api/get-category.ts'
import { useUpdateCategory } from './api/update-category.ts'
import {
  type CategoryFormValues,
  categoryResolver,
  emptyCategoryForm,
  toCategoryFormValues,
} from './category-form.ts'

function CategoryFields({
  register,
  errors,
}: {
  register: UseFormRegister<CategoryFormValues>
  errors: FieldErrors<CategoryFormValues>
}) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('categories.fields.name')}
        required
        autoComplete="off"
        error={translateMessage(t, errors.name?.message)}
        {...register('name')}
      />
    </SimpleGrid>
  )
}

/** A refusal about the name (400, or 409 when its slug is taken) shows next to it; any other is toasted. */
const placeOrToast = (setError: UseFormSetError<CategoryFormValues>) => (error: unknown) => {
  if (!applyServerErrors(error, setError, ['name'])) notify.error(error)
}

/** Add category (/admin/category). */
export function CategoryCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useForm<CategoryFormValues, unknown, CategoryBody>({
    resolver: categoryResolver,
    defaultValues: emptyCategoryForm,
    mode: 'onTouched',
  })
  const create = useCreateCategory({
    meta: { silent: true },
    onError: placeOrToast(form.setError),
    onSuccess: () => {
      notify.success(t('categories.created'))
      navigate(paths.categories)
    },
  })
  return (
    <>
      <PageHeader
        title={t('categories.addTitle')}
        crumbs={[
          { label: t('categories.listCrumb'), to: paths.categories },
          { label: t('categories.addTitle') },
        ]}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p="md"
        radius="md"
        aria-label={t('categories.addTitle')}
        onSubmit={form.handleSubmit((body) => create.mutate(body))}
      >
        <CategoryFields register={form.register} errors={form.formState.errors} />
        <FormButtons cancelTo={paths.categories} saving={create.isPending} />
      </Paper>
    </>
  )
}

/** Edit category (/admin/category/edit/{id}): loads the category on entry, saves, back to the list. */
export function CategoryEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const category = useCategory(id)
  const form = useForm<CategoryFormValues, unknown, CategoryBody>({
    resolver: categoryResolver,
    defaultValues: emptyCategoryForm,
    mode: 'onTouched',
  })
  const { reset } = form
  const loaded = category.data?.data
  useEffect(() => {
    if (loaded) reset(toCategoryFormValues(loaded))
  }, [loaded, reset])
  // A category that cannot be loaded sends the admin back to the list; the query cache toasts the reason.
  useBackOnFailure(category.isError, paths.categories)

  const update = useUpdateCategory({
    meta: { silent: true },
    onError: placeOrToast(form.setError),
    onSuccess: () => {
      notify.success(t('categories.updated'))
      navigate(paths.categories)
    },
  })
  return (
    <>
      <PageHeader
        title={t('categories.editTitle')}
        crumbs={[
          { label: t('categories.listCrumb'), to: paths.categories },
          { label: t('categories.editTitle') },
        ]}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p="md"
        radius="md"
        pos="relative"
        aria-label={t('categories.editTitle')}
        aria-busy={category.isPending}
        onSubmit={form.handleSubmit((body) => update.mutate({ id, body }))}
      >
        <LoadingOverlay
          visible={category.isPending}
          zIndex={5}
          loaderProps={{ 'aria-label': t('common.loading') }}
        />
        <CategoryFields register={form.register} errors={form.formState.errors} />
        <FormButtons cancelTo={paths.categories} saving={update.isPending} disabled={!loaded} />
      </Paper>
    </>
  )
}
