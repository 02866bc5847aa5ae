import { Alert, Badge, Button, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import type { StaffMember } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconLink } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useSession } from '../../lib/session.tsx'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { translateMessage } from '../../lib/validation.ts'
import { LinkDialog, type OneTimeLink } from './link-dialog.tsx'
import { RoleSelect } from './staff-fields.tsx'
import {
  emptyStaffEdit,
  orNameAlone,
  placeRefusal,
  type StaffEditValues,
  staffEditResolver,
  toStaffEditValues,
} from './staff-form.ts'

/**
 * Edit a member of staff (/admin/staff/edit/{id}): name, role and whether the account is active; 'Make reset
 * link' hands out a one-time link to choose a new password. One's own role and active flag are not offered:
 * the server refuses both (CONTRACT 4.2), and the screen says why instead. A save sends only what changed, with
 * the version the form was filled from; when someone else saved the member first, the screen asks whether to
 * reload (CONTRACT 4.6). A refusal no field takes shows above the buttons.
 */
export function StaffEditPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const { id = '' } = useParams()
  const { user } = useSession()
  const own = user?.id === id
  const edit = useEditController({
    load: { endpoint: endpoints.staff.get, id },
    toValues: toStaffEditValues,
    empty: emptyStaffEdit,
    resolver: staffEditResolver,
    // A name change never carries a role or active flag the server would have to check again.
    onlyChanged: true,
    transform: orNameAlone,
    save: { endpoint: endpoints.staff.update, input: (body) => ({ params: { id }, body }) },
    placeRefusal,
    back: paths.staff,
    saved: t('staff.updated'),
  })
  const { form, record: member } = edit
  const [made, setMade] = useState<OneTimeLink | null>(null)
  const resetLink = useApiMutation(endpoints.staff.resetLink, {
    onSuccess: ({ data }) =>
      member && setMade({ kind: 'reset', name: member.name, email: member.email, ...data }),
  })

  const { errors } = form.formState
  const error = (field: keyof StaffEditValues) => translateMessage(t, errors[field]?.message)
  const title = t('staff.editTitle')
  return (
    <>
      <EditScreen
        title={title}
        crumbs={[{ label: t('staff.listCrumb'), to: paths.staff }, { label: title }]}
        edit={edit}
        actions={
          <>
            <HistoryLink entity="staff" id={id} />
            <Button
              variant="default"
              leftSection={<IconLink size={16} aria-hidden />}
              loading={resetLink.isPending}
              disabled={edit.loading}
              onClick={() => resetLink.mutate({ params: { id } })}
            >
              {t('staff.makeResetLink')}
            </Button>
          </>
        }
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('staff.fields.name')}
              required
              autoComplete="off"
              error={error('name')}
              {...form.register('name')}
            />
            <TextInput label={t('staff.fields.email')} value={member?.email ?? ''} readOnly />
            {/* Disabled on the input only: a field disabled in the form would drop out of the saved values. */}
            <RoleSelect
              error={error('role')}
              description={own ? t('staff.ownAccount') : undefined}
              {...form.register('role')}
              disabled={own}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field: { value, onChange, ...field } }) => (
                <Switch
                  {...field}
                  checked={value}
                  onChange={(event) => onChange(event.currentTarget.checked)}
                  disabled={own}
                  label={t('staff.fields.active')}
                  description={own ? t('staff.ownAccount') : t('staff.activeHint')}
                  error={error('active')}
                  mt={{ sm: 'xl' }}
                />
              )}
            />
          </SimpleGrid>
          {member && <MemberFacts member={member} format={format} />}
        </Stack>
        {edit.refusal && (
          <Alert color="red" mt="md" title={t('staff.notSaved')}>
            {edit.refusal}
          </Alert>
        )}
      </EditScreen>
      <LinkDialog link={made} onClose={() => setMade(null)} />
    </>
  )
}

/** What the screen shows of a member but does not change: two-step sign-in, last sign-in, when added. */
function MemberFacts({ member, format }: { member: StaffMember; format: ReturnType<typeof useFormat> }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0}>
      <Fact term={t('staff.fields.twoFactor')}>
        <Badge color={member.twoFactor ? 'teal' : 'gray'} variant="dot">
          {member.twoFactor ? t('staff.twoFactor.on') : t('staff.twoFactor.off')}
        </Badge>
      </Fact>
      <Fact term={t('staff.fields.lastLoginAt')}>
        {member.lastLoginAt ? (
          <time dateTime={member.lastLoginAt}>{format.dateTime(member.lastLoginAt)}</time>
        ) : (
          t('staff.never')
        )}
      </Fact>
      <Fact term={t('staff.fields.createdAt')}>
        <time dateTime={member.createdAt}>{format.dateTime(member.createdAt)}</time>
      </Fact>
    </SimpleGrid>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Stack>
  )
}
