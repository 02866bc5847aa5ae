import { Alert, Paper, SimpleGrid, TextInput } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormButtons } from '../../components/form-buttons.tsx'
import { LeavePrompt } from '../../components/leave-prompt.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts'
import { translateMessage } from '../../lib/validation.ts'
import { LinkDialog, type OneTimeLink } from './link-dialog.tsx'
import { RoleSelect } from './staff-fields.tsx'
import { emptyStaffCreate, placeRefusal, type StaffCreateValues, staffCreateResolver } from './staff-form.ts'

const FIELDS = ['name', 'email', 'role'] as const

/**
 * Add a member of staff (/admin/staff/add): name, e-mail and role. The member has no password yet: once saved,
 * the screen shows the one-time link to choose one (and whether it was e-mailed), then goes back to the list.
 */
export function StaffCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useForm<StaffCreateValues, unknown, StaffCreateValues>({
    resolver: staffCreateResolver,
    defaultValues: emptyStaffCreate,
    mode: 'onTouched',
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const [made, setMade] = useState<OneTimeLink | null>(null)
  const guard = useUnsavedChanges(form.formState.isDirty)
  const create = useApiMutation(endpoints.staff.create, {
    meta: { silent: true },
    onError: (error) => setRefusal(placeRefusal(error, form.setError, FIELDS)),
    onSuccess: ({ data }) => {
      notify.success(t('staff.created'))
      guard.release()
      setMade({
        kind: 'setup',
        name: data.name,
        email: data.email,
        link: data.setupLink,
        expiresAt: data.setupLinkExpiresAt,
        emailed: data.emailed,
      })
    },
  })
  const { errors } = form.formState
  const error = (field: (typeof FIELDS)[number]) => translateMessage(t, errors[field]?.message)
  const title = t('staff.addTitle')
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('staff.listCrumb'), to: paths.staff }, { label: title }]}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="md"
        aria-label={title}
        onSubmit={form.handleSubmit((body) => {
          setRefusal(null)
          create.mutate({ body })
        })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('staff.fields.name')}
            required
            autoComplete="off"
            error={error('name')}
            {...form.register('name')}
          />
          <TextInput
            label={t('staff.fields.email')}
            type="email"
            required
            autoComplete="off"
            error={error('email')}
            {...form.register('email')}
          />
          <RoleSelect error={error('role')} {...form.register('role')} />
        </SimpleGrid>
        {refusal && (
          <Alert color="red" mt="md" title={t('staff.notSaved')}>
            {refusal}
          </Alert>
        )}
        {/* Once the link shows, the member exists: a second Save would add them again. */}
        <FormButtons cancelTo={paths.staff} saving={create.isPending} disabled={made !== null} />
      </Paper>
      <LinkDialog link={made} onClose={() => navigate(paths.staff)} />
      <LeavePrompt guard={guard} />
    </>
  )
}
