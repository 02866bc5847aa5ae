import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Group, PasswordInput, Popover, Stack, Text, TextInput } from '@mantine/core'
import { type LoginBody, loginBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, type Location, Navigate, useLocation } from 'react-router'
import { ApiError } from '../../lib/http.ts'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useSession } from '../../lib/session.tsx'
import { errorText } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { AuthFrame } from './auth-frame.tsx'

/** Where to go once signed in: the page the guard turned away from, else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from
  if (!from?.pathname || from.pathname === paths.login) return paths.home
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** The sign-in page (spec section 2): e-mail and password, checked as the user types. */
export function LoginPage() {
  const { t } = useTranslation()
  const { hasToken, signIn } = useSession()
  const location = useLocation()
  // Silent: the form shows the refusal on itself, so it is not toasted as well.
  const login = useApiMutation(endpoints.auth.login, { meta: { silent: true } })
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  // Signing in sets `hasToken`, so this one redirect serves both an arriving signed-in user and a fresh sign-in.
  if (hasToken) return <Navigate to={destination(location.state)} replace />

  const submit = form.handleSubmit((body) => {
    login.mutate(
      { body },
      {
        onSuccess: (answer) => signIn(answer.data.tokens, answer.data.user),
        // The typed e-mail stays; the password is cleared for the next try.
        onError: () => form.resetField('password'),
      },
    )
  })

  const failure =
    login.error instanceof ApiError && login.error.status === 401
      ? t('auth.wrongCredentials')
      : login.error && errorText(login.error)

  return (
    <AuthFrame title={t('auth.title')} subtitle={t('auth.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('auth.failed')}>
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="username"
            withAsterisk
            autoFocus
            error={translateMessage(t, errors.email?.message)}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            error={translateMessage(t, errors.password?.message)}
            {...form.register('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <ForgotPassword />
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('auth.login')}
          </Button>
          <Text size="sm" ta="center" c="gray.7">
            {t('auth.noAccount')}{' '}
            <Anchor c="blue.8" component={Link} to={paths.register} fw={500}>
              {t('auth.toRegister')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  )
}

/**
 * 'Forget Password?' stays where staff look for it, and says how a password is reset here: by an
 * administrator (CONTRACT section 3; the spec's link went nowhere).
 */
function ForgotPassword() {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={280}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Anchor c="blue.8" component="button" type="button" size="sm" onClick={() => setOpened((o) => !o)}>
          {t('auth.forgot.link')}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('auth.forgot.text')}</Text>
        </Group>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="light" onClick={() => setOpened(false)} data-autofocus>
            {t('auth.forgot.close')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  )
}
