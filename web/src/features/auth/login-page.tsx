import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { type LoginBody, loginBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, type Location, Navigate, useLocation } from 'react-router'
import { errorText } from '../../lib/error-text.ts'
import { ApiError } from '../../lib/http.ts'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { useSession } from '../../lib/session.tsx'
import { translate, translateMessage } from '../../lib/validation.ts'
import { AuthFrame } from './auth-frame.tsx'
import { TwoStepForm } from './two-step-form.tsx'

/** Where to go once signed in: the page the guard turned away from, else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from
  if (!from?.pathname || from.pathname === paths.login) return paths.home
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/**
 * The sign-in page (spec section 2): email and password, checked as the user types. With two-step sign-in on
 * (CONTRACT 4.3) the password step answers a token instead of a session, and the page asks for a code.
 */
export function LoginPage() {
  const { t } = useTranslation()
  const { hasToken, signIn } = useSession()
  const location = useLocation()
  // The token of a password step that asks for a code; null while the email and password are asked.
  const [mfaToken, setMfaToken] = useState<string | null>(null)
  // The code step took too long: the email and password are asked again, and the page says why.
  const [expired, setExpired] = useState(false)
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

  /** Back from the code step: the email stays, the password is typed again. */
  const restart = (why: 'expired' | 'back') => {
    setMfaToken(null)
    setExpired(why === 'expired')
    login.reset()
    form.resetField('password')
  }

  if (mfaToken) {
    return (
      <TwoStepForm
        mfaToken={mfaToken}
        onSignedIn={signIn}
        onExpired={() => restart('expired')}
        onBack={() => restart('back')}
      />
    )
  }

  const submit = form.handleSubmit((body) => {
    setExpired(false)
    login.mutate(
      { body },
      {
        onSuccess: (answer) => {
          if ('mfaRequired' in answer.data) setMfaToken(answer.data.mfaToken)
          else signIn(answer.data.tokens, answer.data.user)
        },
        // The typed email stays; the password is cleared for the next try.
        onError: () => form.resetField('password'),
      },
    )
  })

  const failure = expired
    ? translate(t, { code: 'mfaTokenInvalid' })
    : login.error instanceof ApiError && login.error.status === 401
      ? t('auth.wrongCredentials')
      : login.error && errorText(login.error)

  return (
    <AuthFrame title={t('auth.title')} subtitle={t('auth.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={expired ? t('auth.signInAgain') : t('auth.failed')}
            >
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
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.forgot.link')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('auth.login')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.noAccount')}{' '}
            <Anchor component={Link} to={paths.register} fw={500}>
              {t('auth.toRegister')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  )
}
