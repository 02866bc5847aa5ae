import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core'
import { changePasswordForm } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { type Path, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { tokens } from '../../lib/http.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { showRefusal } from './refusal.ts'
import { reloadSoon } from './reload.ts'

type ChangePasswordForm = z.input<typeof changePasswordForm>
const FIELDS = [
  'currentPassword',
  'password',
  'confirmPassword',
] as const satisfies Path<ChangePasswordForm>[]

/**
 * The 'Change Password' tab: the current password (CONTRACT section 3: the spec's dialog sent only the new
 * one), the new one and its confirmation, checked as the user types with the messages of spec section 5.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    mode: 'onChange',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  })
  // The server revokes every refresh token of the account and answers a new pair for this browser. Silent: a
  // wrong current password goes next to its field, and only what cannot be placed is toasted.
  const save = useApiMutation(endpoints.auth.changePassword, {
    meta: { silent: true },
    // The page reloads once saved.
    refetch: 'none',
    onSuccess: async (answer) => {
      // First of all: the old refresh token is revoked now, so the new pair is the only way to stay signed in.
      tokens.save(answer.data.tokens)
      notify.success(t('account.passwordChanged'))
      await reloadSoon()
    },
  })
  const submit = form.handleSubmit(({ currentPassword, password }) =>
    // A wrong current password comes back as a 400 on `currentPassword`: shown there, the dialog stays open.
    save.mutate(
      { body: { currentPassword, password } },
      { onError: (error) => showRefusal(error, form.setError, FIELDS) },
    ),
  )
  const { errors } = form.formState
  const password = form.register('password', {
    // A changed password can make an already typed confirmation (mis)match.
    onChange: () => {
      if (form.getFieldState('confirmPassword').isDirty) void form.trigger('confirmPassword')
    },
  })
  const toggle = { 'aria-label': t('account.showPassword') }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('account.fields.currentPassword')}
          withAsterisk
          autoComplete="current-password"
          data-autofocus
          visibilityToggleFocusable
          visibilityToggleButtonProps={toggle}
          error={translateMessage(t, errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label={t('account.fields.password')}
          withAsterisk
          autoComplete="new-password"
          description={t('account.passwordHint')}
          visibilityToggleFocusable
          visibilityToggleButtonProps={toggle}
          error={translateMessage(t, errors.password?.message)}
          {...password}
        />
        <PasswordInput
          label={t('account.fields.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={toggle}
          error={translateMessage(t, errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          {t('account.otherSessions')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('account.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
