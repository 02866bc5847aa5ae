import {
  Alert,
  Badge,
  Button,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import type { StaffMember } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconLink } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { EditedMeanwhileDialog } from '../../components/edited-meanwhile-dialog.tsx'
import { FormButtons } from '../../components/form-buttons.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { LeavePrompt } from '../../components/leave-prompt.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { apiQuery, useApiMutation } from '../../lib/queries.ts'
import { useSession } from '../../lib/session.tsx'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { useEditedMeanwhile } from '../../lib/use-edited-meanwhile.ts'
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts'
import { translateMessage } from '../../lib/validation.ts'
import { LinkDialog, type OneTimeLink } from './link-dialog.tsx'
import { RoleSelect } from './staff-fields.tsx'
import {
  changedFields,
  placeRefusal,
  type StaffEditValues,
  staffEditResolver,
  toStaffEditValues,
} from './staff-form.ts'

const FIELDS = ['name', 'role', 'active'] as const

/**
 * Edit a member of staff (/admin/staff/edit/{id}): name, role and whether the account is active; 'Make reset
 * link' hands out a one-time link to choose a new password. One's own role and active flag are not offered:
 * the server refuses both (CONTRACT 4.2), and the screen says why instead. A save goes with the version the form
 * was filled from; when someone else saved the member first, the screen asks whether to reload (CONTRACT 4.6).
 */
export function StaffEditPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const { user } = useSession()
  const own = user?.id === id

  // Loaded afresh on every entry, as the other edit screens: what shows is what the server has now.
  const record = useQuery({
    ...apiQuery(endpoints.staff.get, { params: { id } }),
    select: (answer) => answer.data,
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
  })
  const member = record.isFetchedAfterMount ? record.data : undefined
  useBackOnFailure(record.isError, paths.staff)

  const form = useForm<StaffEditValues, unknown, StaffEditValues>({
    resolver: staffEditResolver,
    defaultValues: { name: '', role: 'staff', active: true },
    mode: 'onTouched',
  })
  // The form starts from the member as loaded, once per member: a later refetch never overwrites what is typed.
  // The member it was filled from is what a save compares with, and its version goes with the save.
  const filledFrom = useRef<StaffMember | null>(null)
  const { reset } = form
  useEffect(() => {
    if (!member || filledFrom.current?.id === member.id) return
    filledFrom.current = member
    reset(toStaffEditValues(member))
  }, [member, reset])
  const { refetch } = record
  const meanwhile = useEditedMeanwhile(
    useCallback(async () => {
      const fresh = (await refetch()).data
      if (!fresh) return
      filledFrom.current = fresh
      reset(toStaffEditValues(fresh))
    }, [refetch, reset]),
  )

  const [refusal, setRefusal] = useState<string | null>(null)
  const guard = useUnsavedChanges(form.formState.isDirty)
  const update = useApiMutation(endpoints.staff.update, {
    meta: { silent: true },
    refetch: 'none',
    onError: (error) => {
      if (!meanwhile.refused(error)) setRefusal(placeRefusal(error, form.setError, FIELDS))
    },
    onSuccess: () => {
      notify.success(t('staff.updated'))
      guard.release()
      navigate(paths.staff)
    },
  })
  const [made, setMade] = useState<OneTimeLink | null>(null)
  const resetLink = useApiMutation(endpoints.staff.resetLink, {
    onSuccess: ({ data }) =>
      member && setMade({ kind: 'reset', name: member.name, email: member.email, ...data }),
  })

  const { errors } = form.formState
  const error = (field: (typeof FIELDS)[number]) => translateMessage(t, errors[field]?.message)
  const title = t('staff.editTitle')
  const loading = member === undefined
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('staff.listCrumb'), to: paths.staff }, { label: title }]}
        actions={
          <>
            <HistoryLink entity="staff" id={id} />
            <Button
              variant="default"
              leftSection={<IconLink size={16} aria-hidden />}
              loading={resetLink.isPending}
              disabled={loading}
              onClick={() => resetLink.mutate({ params: { id } })}
            >
              {t('staff.makeResetLink')}
            </Button>
          </>
        }
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="md"
        pos="relative"
        aria-label={title}
        aria-busy={loading}
        onSubmit={form.handleSubmit((values) => {
          const from = filledFrom.current
          if (!from) return
          setRefusal(null)
          update.mutate({ params: { id }, body: { ...changedFields(from, values), version: from.version } })
        })}
      >
        <LoadingOverlay visible={loading} zIndex={5} loaderProps={{ 'aria-label': t('common.loading') }} />
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
        {refusal && (
          <Alert color="red" mt="md" title={t('staff.notSaved')}>
            {refusal}
          </Alert>
        )}
        <FormButtons cancelTo={paths.staff} saving={update.isPending} disabled={loading} />
      </Paper>
      <LinkDialog link={made} onClose={() => setMade(null)} />
      <LeavePrompt guard={guard} />
      <EditedMeanwhileDialog state={meanwhile} />
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
