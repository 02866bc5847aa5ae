import { Alert, LoadingOverlay, Paper } from '@mantine/core'
import type { BaseSyntheticEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditedMeanwhile } from '../lib/use-edited-meanwhile.ts'
import type { UnsavedChanges } from '../lib/use-unsaved-changes.ts'
import { EditedMeanwhileDialog } from './edited-meanwhile-dialog.tsx'
import { FormButtons } from './form-buttons.tsx'
import { LeavePrompt } from './leave-prompt.tsx'
import { type Crumb, PageHeader } from './page-header.tsx'

/** What the screen reads of its edit controller (`useEditController`). */
interface Edit {
  loading: boolean
  saving: boolean
  submit: (event?: BaseSyntheticEvent) => Promise<void>
  back: string
  guard: Pick<UnsavedChanges, 'blocker'>
  /** The question after a save refused as edited meanwhile (CONTRACT 4.6). */
  meanwhile?: EditedMeanwhile
}

/**
 * A whole add or edit screen (spec section 2, form screens): header and breadcrumb, the form with its fields,
 * a loading overlay until the record is there, and Cancel and Save. A screen gives its texts and fields; the
 * controller does the rest. Read-only, for an account that may look but not change (CONTRACT 4.2), the fields
 * are disabled and there is no Save. Leaving with unsaved changes asks first. A save refused because someone
 * else saved the record first asks whether to reload it.
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
  readOnly = false,
  actions,
  children,
}: {
  title: string
  crumbs: Crumb[]
  edit: Edit
  /** Holds Save back (an image still uploading). */
  saveDisabled?: boolean
  /** Shows the record without a way to change it. */
  readOnly?: boolean
  /** Links beside the title, such as the record's history. */
  actions?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} actions={actions} />
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
          loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
        />
        {readOnly ? (
          <>
            <Alert color="gray" mb="md">
              {t('common.readOnly')}
            </Alert>
            {/* A disabled fieldset disables every input and button inside it, whatever kind of field it is. */}
            <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              {children}
            </fieldset>
          </>
        ) : (
          children
        )}
        <FormButtons
          cancelTo={edit.back}
          saving={edit.saving}
          disabled={edit.loading || saveDisabled}
          readOnly={readOnly}
        />
      </Paper>
      <LeavePrompt guard={edit.guard} />
      {edit.meanwhile && <EditedMeanwhileDialog state={edit.meanwhile} />}
    </>
  )
}
