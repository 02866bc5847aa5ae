import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { type AuthUser, userUpdateBody } from '@store/contract'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { useUpdateProfile } from './api/update-profile.ts'
import { showRefusal } from './refusal.ts'
import { reloadSoon } from './reload.ts'

/** Spec section 5, profile edit: the name is required; the e-mail is shown but not sent. */
export const profileForm = z.object({ name: userUpdateBody.shape.name.unwrap() })
type ProfileForm = z.infer<typeof profileForm>

/** The 'Information' tab of the Setting dialog. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation()
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    mode: 'onChange',
    defaultValues: { name: user.name },
  })
  const save = useUpdateProfile({
    onSuccess: async () => {
      notify.success(t('account.updated'))
      await reloadSoon()
    },
  })
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: user.id, name: body.name },
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
