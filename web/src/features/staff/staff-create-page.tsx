import { Alert, SimpleGrid, TextInput } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { emailTakenCheck } from '../../lib/email-taken.ts'
import { paths } from '../../lib/paths.ts'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { translateMessage } from '../../lib/validation.ts'
import { LinkDialog, type OneTimeLink } from './link-dialog.tsx'
import { RoleSelect } from './staff-fields.tsx'
import { emptyStaffCreate, placeRefusal, type StaffCreateValues, staffCreateResolver } from './staff-form.ts'

/**
 * Add a member of staff (/admin/staff/add): name, email and role. The member has no password yet: once saved,
 * the screen stays to show the one-time link to choose one (and whether it was emailed), then goes back to
 * the list when the link is closed. A refusal no field takes shows above the buttons.
 */
export function StaffCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [made, setMade] = useState<OneTimeLink | null>(null)
  const edit = useEditController({
    empty: emptyStaffCreate,
    resolver: staffCreateResolver,
    save: { endpoint: endpoints.staff.create, input: (body) => ({ body }) },
    placeRefusal,
    // A taken email shows with the rules' messages after one save (the server checks it only once they hold).
    alsoWhenRulesBreak: emailTakenCheck,
    back: paths.staff,
    saved: t('staff.created'),
    stay: true,
    onSaved: ({ data }) =>
      setMade({
        kind: 'setup',
        name: data.name,
        email: data.email,
        link: data.setupLink,
        expiresAt: data.setupLinkExpiresAt,
        emailed: data.emailed,
      }),
  })
  const { errors } = edit.form.formState
  const error = (field: keyof StaffCreateValues) => translateMessage(t, errors[field]?.message)
  const title = t('staff.addTitle')
  return (
    <>
      {/* Once the link shows, the member exists: a second Save would add them again. */}
      <EditScreen
        title={title}
        crumbs={[{ label: t('staff.listCrumb'), to: paths.staff }, { label: title }]}
        edit={edit}
        saveDisabled={made !== null}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('staff.fields.name')}
            required
            autoComplete="off"
            error={error('name')}
            {...edit.form.register('name')}
          />
          <TextInput
            label={t('staff.fields.email')}
            type="email"
            required
            autoComplete="off"
            error={error('email')}
            {...edit.form.register('email')}
          />
          <RoleSelect error={error('role')} {...edit.form.register('role')} />
        </SimpleGrid>
        {edit.refusal && (
          <Alert color="red" mt="md" title={t('staff.notSaved')}>
            {edit.refusal}
          </Alert>
        )}
      </EditScreen>
      <LinkDialog link={made} onClose={() => navigate(paths.staff)} />
    </>
  )
}
