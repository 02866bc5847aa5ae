import { LoadingOverlay, Paper } from '@mantine/core'
import type { BaseSyntheticEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FormButtons } from './form-buttons.tsx'
import { type Crumb, PageHeader } from './page-header.tsx'

/** What the screen reads of its edit controller (`useEditController`). */
interface Edit {
  loading: boolean
  saving: boolean
  submit: (event?: BaseSyntheticEvent) => Promise<void>
  back: string
}

/**
 * A whole add or edit screen (spec section 2, form screens): header and breadcrumb, the form with its fields,
 * a loading overlay until the record is there, and Cancel and Save. A screen gives its texts and fields; the
 * controller does the rest.
 *
 * @example
 * const edit = useEditController({ … })
 * return <EditScreen title="Edit Category" crumbs={[…]} edit={edit}><CategoryFields form={edit.form} /></EditScreen>
 */
export function EditScreen({
  title,
  crumbs,
  edit,
  saveDisabled = false,
  children,
}: {
  title: string
  crumbs: Crumb[]
  edit: Edit
  /** Holds Save back (an image still uploading). */
  saveDisabled?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <Paper
        component="form"
        noValidate
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="md"
        pos="relative"
        aria-label={title}
        aria-busy={edit.loading}
        onSubmit={edit.submit}
      >
        <LoadingOverlay
          visible={edit.loading}
          zIndex={5}
          loaderProps={{ 'aria-label': t('common.loading') }}
        />
        {children}
        <FormButtons cancelTo={edit.back} saving={edit.saving} disabled={edit.loading || saveDisabled} />
      </Paper>
    </>
  )
}
