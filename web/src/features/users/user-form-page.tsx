import { LoadingOverlay, NativeSelect, Paper, PasswordInput, SimpleGrid, TextInput } from '@mantine/core'
import type { UserCreateBody } from '@store/contract'
import { useEffect } from 'react'
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { FormButtons } from '../../components/form-buttons.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { translateMessage } from '../../lib/validation.ts'
import { useCreateUser } from './api/create-user.ts'
import { useUser } from './api/get-user.ts'
import { useUpdateUser } from './api/update-user.ts'
import {
  emptyUserForm,
  toUserFormValues,
  type UserEditBody,
  type UserFormValues,
  userCreateResolver,
  userEditResolver,
} from './user-form.ts'

/** Fields the server may refuse one by one (400, or 409 on a taken e-mail): shown next to the field. */
const SERVER_FIELDS = ['name', 'email', 'password', 'phoneNumber', 'gender', 'dob', 'location'] as const

/** Today as YYYY-MM-DD in the browser's calendar: a date of birth cannot be later. */
const today = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

function UserFields({
  register,
  errors,
  withPassword,
}: {
  register: UseFormRegister<UserFormValues>
  errors: FieldErrors<UserFormValues>
  withPassword: boolean
}) {
  const { t } = useTranslation()
  const error = (field: keyof UserFormValues) => translateMessage(t, errors[field]?.message)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label={t('users.fields.name')}
        required
        autoComplete="off"
        error={error('name')}
        {...register('name')}
      />
      <TextInput
        label={t('users.fields.email')}
        type="email"
        required
        autoComplete="off"
        error={error('email')}
        {...register('email')}
      />
      {withPassword && (
        <PasswordInput
          label={t('users.fields.password')}
          required
          autoComplete="new-password"
          error={error('password')}
          {...register('password')}
        />
      )}
      <TextInput
        label={t('users.fields.phoneNumber')}
        type="tel"
        inputMode="numeric"
        required
        autoComplete="off"
        error={error('phoneNumber')}
        {...register('phoneNumber')}
      />
      <NativeSelect
        label={t('users.fields.gender')}
        required={withPassword}
        error={error('gender')}
        data={[
          { value: '', label: t('common.select') },
          { value: '1', label: t('enums.gender.1') },
          { value: '2', label: t('enums.gender.2') },
        ]}
        {...register('gender')}
      />
      <TextInput
        label={t('users.fields.dob')}
        type="date"
        max={today()}
        error={error('dob')}
        {...register('dob')}
      />
      <TextInput
        label={t('users.fields.location')}
        autoComplete="off"
        error={error('location')}
        {...register('location')}
      />
    </SimpleGrid>
  )
}

/** Add user (/admin/user): creates a customer, then goes back to the list. */
export function UserCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useForm<UserFormValues, unknown, UserCreateBody>({
    resolver: userCreateResolver,
    defaultValues: emptyUserForm,
    mode: 'onTouched',
  })
  const create = useCreateUser({
    // A refusal about a field shows next to it (the form keeps its values); any other is toasted.
    meta: { silent: true },
    onError: (error) => {
      if (!applyServerErrors(error, form.setError, SERVER_FIELDS)) notify.error(error)
    },
    onSuccess: () => {
      notify.success(t('users.created'))
      navigate(paths.users)
    },
  })
  return (
    <>
      <PageHeader
        title={t('users.addTitle')}
        crumbs={[{ label: t('users.listCrumb'), to: paths.users }, { label: t('users.addTitle') }]}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p="md"
        radius="md"
        aria-label={t('users.addTitle')}
        onSubmit={form.handleSubmit((body) => create.mutate(body))}
      >
        <UserFields register={form.register} errors={form.formState.errors} withPassword />
        <FormButtons cancelTo={paths.users} saving={create.isPending} />
      </Paper>
    </>
  )
}

/** Edit user (/admin/user/edit/{id}): loads the user on entry, validates on each change, saves, back to the list. */
export function UserEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const user = useUser(id)
  const form = useForm<UserFormValues, unknown, UserEditBody>({
    resolver: userEditResolver,
    defaultValues: emptyUserForm,
    mode: 'onChange',
  })
  const { reset } = form
  const loaded = user.data?.data
  useEffect(() => {
    if (loaded) reset(toUserFormValues(loaded))
  }, [loaded, reset])
  // Spec section 8: a user that cannot be loaded (unknown or malformed id) sends the admin back to the list; the
  // failure itself is toasted with the server's message by the query cache.
  useBackOnFailure(user.isError, paths.users)

  const update = useUpdateUser({
    meta: { silent: true },
    onError: (error) => {
      if (!applyServerErrors(error, form.setError, SERVER_FIELDS)) notify.error(error)
    },
    onSuccess: () => {
      notify.success(t('users.updated'))
      navigate(paths.users)
    },
  })
  return (
    <>
      <PageHeader
        title={t('users.editTitle')}
        crumbs={[{ label: t('users.listCrumb'), to: paths.users }, { label: t('users.editTitle') }]}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p="md"
        radius="md"
        pos="relative"
        aria-label={t('users.editTitle')}
        aria-busy={user.isPending}
        onSubmit={form.handleSubmit((body) => update.mutate({ id, body }))}
      >
        <LoadingOverlay
          visible={user.isPending}
          zIndex={5}
          loaderProps={{ 'aria-label': t('common.loading') }}
        />
        <UserFields register={form.register} errors={form.formState.errors} withPassword={false} />
        <FormButtons cancelTo={paths.users} saving={update.isPending} disabled={!loaded} />
      </Paper>
    </>
  )
}
