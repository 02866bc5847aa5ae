import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { type AuthUser, profileBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { showRefusal } from './refusal.ts'
import { reloadSoon } from './reload.ts'

/** Spec section 5, profile edit: the name is required; the email is shown but not sent. */
export const profileForm = profileBody
type ProfileForm = z.infer<typeof profileForm>

/** The 'Information' tab of the Setting dialog. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation()
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    mode: 'onChange',
    defaultValues: { name: user.name },
  })
  // PUT /admin/auth/me: every member of staff may change their own name, also one who may not edit customers.
  // Silent: a refusal goes next to its field, and only what cannot be placed is toasted.
  const save = useApiMutation(endpoints.auth.updateProfile, {
    meta: { silent: true },
    // The page reloads once saved.
    refetch: 'none',
    onSuccess: async () => {
      notify.success(t('account.updated'))
      await reloadSoon()
    },
  })
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { body: { name: body.name } },
      { onError: (error) => showRefusal(error, form.setError, ['name']) },
    ),
  )
  const { errors } = form.formState
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('account.fields.name')}
          withAsterisk
          autoComplete="name"
          data-autofocus
          error={translateMessage(t, errors.name?.message)}
          {...form.register('name')}
        />
        <TextInput
          label={t('account.fields.email')}
          value={user.email}
          readOnly
          variant="filled"
          description={t('account.emailReadOnly')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('account.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
