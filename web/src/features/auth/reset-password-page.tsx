import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core'
import { resetPasswordForm } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { errorText } from '../../lib/error-text.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'
import { paths } from '../../lib/paths.ts'
import { apiQuery, useApiMutation } from '../../lib/queries.ts'
import { useSession } from '../../lib/session.tsx'
import { translate, translateMessage } from '../../lib/validation.ts'
import { AuthFrame } from './auth-frame.tsx'

type ResetPasswordForm = z.input<typeof resetPasswordForm>

/** The server's word for a used, expired or unknown link, on the whole answer or on its `token` field. */
const isSpentLink = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'resetLinkInvalid' || error.fields.token?.code === 'resetLinkInvalid')

/**
 * /reset-password?token=…, where a reset email and an administrator's set-up link lead (CONTRACT 4.2, 4.3): the
 * new password twice, with the rules of spec section 5. The page first asks whether the link still works (a read
 * that spends nothing), so a used or expired link says so at once, before anything is typed, and leads to a new
 * request; a new member's set-up link is titled as such. The link's `lang` has set the page's language already
 * (lib/i18n.ts).
 *
 * The page works the same signed in or not. An administrator may open a set-up link made for someone else in
 * their own browser; the link alone says whose password it sets, so the page says who is signed in here and
 * that the link need not be for that account, and sets the password of the link's account without touching
 * this browser's session. If the link was for the signed-in account, the server ends its sessions, this one
 * too, and the app says so as it goes back to sign-in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const { user } = useSession()
  // Kept here rather than read from the call: a reset of the signed-in account ends the session, which empties
  // the query client, the call's state with it.
  const [outcome, setOutcome] = useState<'form' | 'done' | 'spent'>(token ? 'form' : 'spent')
  const reset = useApiMutation(endpoints.auth.resetPassword, {
    meta: { silent: true },
    onSuccess: () => setOutcome('done'),
  })
  // Asked once (`static`: not even the reset's refresh of the account's calls asks again, which would only find
  // the link spent, and count as a link that does not work). The reset itself refuses a link spent meanwhile. A
  // refusal for another reason (too many links tried, the server away) leaves the form to the reset to decide.
  const link = useQuery({
    ...apiQuery(endpoints.auth.checkResetLink, { query: { token } }),
    enabled: outcome === 'form',
    staleTime: 'static',
    meta: { silent: true },
  })
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  })
  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { body: { token, password } },
      {
        onError: (error) => {
          if (isSpentLink(error)) setOutcome('spent')
          else if (applyServerErrors(error, form.setError, ['password'])) reset.reset()
        },
      },
    ),
  )
  const { errors } = form.formState
  const password = form.register('password', {
    // A changed password can make an already typed confirmation (mis)match.
    onChange: () => {
      if (form.getFieldState('confirmPassword').isDirty) void form.trigger('confirmPassword')
    },
  })
  const toggle = { 'aria-label': t('auth.showPassword') }

  if (outcome === 'spent' || (outcome === 'form' && isSpentLink(link.error))) {
    return (
      <AuthFrame title={t('auth.reset.invalidTitle')} subtitle={translate(t, { code: 'resetLinkInvalid' })}>
        <Stack gap="md">
          <Text size="sm">{t('auth.reset.invalidHelp')}</Text>
          <Button component={Link} to={paths.forgotPassword} fullWidth size="md">
            {t('auth.reset.askAgain')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.login} fw={500}>
              {t('auth.forgot.toLogin')}
            </Anchor>
          </Text>
        </Stack>
      </AuthFrame>
    )
  }

  if (outcome === 'done') {
    return (
      <AuthFrame title={t('auth.reset.doneTitle')} subtitle={t('auth.reset.done')}>
        <Stack gap="md">
          {user ? (
            <Button component={Link} to={paths.home} fullWidth size="md">
              {t('auth.reset.toHome')}
            </Button>
          ) : (
            <Button component={Link} to={paths.login} fullWidth size="md">
              {t('auth.reset.toLogin')}
            </Button>
          )}
        </Stack>
      </AuthFrame>
    )
  }

  if (link.isPending) {
    return (
      <AuthFrame title={t('auth.reset.title')} subtitle={t('auth.reset.checking')}>
        <Stack align="center" py="md">
          <Loader size="sm" role="status" aria-label={t('auth.reset.checking')} />
        </Stack>
      </AuthFrame>
    )
  }

  const failure = reset.isError ? errorText(reset.error, { withField: false }) : undefined
  const setup = link.data?.data.purpose === 'setup'
  return (
    <AuthFrame
      title={setup ? t('auth.reset.setupTitle') : t('auth.reset.title')}
      subtitle={setup ? t('auth.reset.setupSubtitle') : t('auth.reset.subtitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {user && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              title={t('auth.reset.signedInTitle', { name: user.name })}
            >
              {t('auth.reset.signedIn')}
            </Alert>
          )}
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t('auth.reset.failed')}
            >
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.reset.fields.password')}
            description={t('auth.reset.hint')}
            withAsterisk
            autoComplete="new-password"
            autoFocus
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            error={translateMessage(t, errors.password?.message)}
            {...password}
          />
          <PasswordInput
            label={t('auth.reset.fields.confirmPassword')}
            withAsterisk
            autoComplete="new-password"
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            error={translateMessage(t, errors.confirmPassword?.message)}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  )
}
