import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core'
import { type AuthUser, login2faBody, type TokenPair } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { errorText } from '../../lib/error-text.ts'
import { ApiError } from '../../lib/http.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { translateMessage } from '../../lib/validation.ts'
import { AuthFrame } from './auth-frame.tsx'

/** A field's message kept as this key until shown, so it follows a change of language like the contract's. */
const SIX_DIGITS = 'auth.twoStep.sixDigits'
const fieldError = (t: TFunction, message: string | undefined) =>
  message === SIX_DIGITS ? t(SIX_DIGITS) : translateMessage(t, message)

/** An authenticator app shows the code as '123 456'; typed either way it is the same six digits. */
const digitsOf = (code: string) => code.replace(/\s/g, '')

const appCodeForm = z.object({
  code: login2faBody.shape.code.refine((code) => /^\d{6}$/.test(digitsOf(code)), SIX_DIGITS),
})
const recoveryCodeForm = z.object({ code: login2faBody.shape.code })
type CodeForm = z.input<typeof appCodeForm>

type Kind = 'app' | 'recovery'

/**
 * The second step of signing in when two-step sign-in is on (CONTRACT 4.3): a code of the authenticator app, or
 * one of the recovery codes, sent with the token the password step answered. A sign-in that waited too long
 * (the token is spent or expired) goes back to the email and password.
 *
 * @example <TwoStepForm mfaToken={token} onSignedIn={signIn} onExpired={restart} onBack={restart} />
 */
export function TwoStepForm({
  mfaToken,
  onSignedIn,
  onExpired,
  onBack,
}: {
  mfaToken: string
  onSignedIn: (tokens: TokenPair, user: AuthUser) => void
  onExpired: () => void
  onBack: () => void
}) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<Kind>('app')
  // Silent: the page shows the refusal on itself.
  const verify = useApiMutation(endpoints.auth.login2fa, { meta: { silent: true } })
  const failure = verify.error && errorText(verify.error, { withField: false })

  const switchKind = () => {
    verify.reset()
    setKind((k) => (k === 'app' ? 'recovery' : 'app'))
  }
  const send = (code: string, onRefused: () => void) =>
    verify.mutate(
      { body: { mfaToken, code } },
      {
        onSuccess: (answer) => onSignedIn(answer.data.tokens, answer.data.user),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'mfaTokenInvalid') onExpired()
          else onRefused()
        },
      },
    )

  return (
    <AuthFrame
      title={t('auth.twoStep.title')}
      subtitle={kind === 'app' ? t('auth.twoStep.subtitle') : t('auth.twoStep.recoverySubtitle')}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('auth.failed')}>
            {failure}
          </Alert>
        )}
        {/* A form each kind, so switching starts from an empty field with its own rules. */}
        <CodeForm key={kind} kind={kind} busy={verify.isPending} onSend={send} />
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.twoStep.back')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {kind === 'app' ? t('auth.twoStep.useRecovery') : t('auth.twoStep.useApp')}
          </Anchor>
        </Group>
      </Stack>
    </AuthFrame>
  )
}

function CodeForm({
  kind,
  busy,
  onSend,
}: {
  kind: Kind
  busy: boolean
  onSend: (code: string, onRefused: () => void) => void
}) {
  const { t } = useTranslation()
  const form = useForm<CodeForm>({
    resolver: zodResolver(kind === 'app' ? appCodeForm : recoveryCodeForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  })
  const submit = form.handleSubmit(({ code }) =>
    onSend(kind === 'app' ? digitsOf(code) : code.trim(), () => {
      // A refused code is spent or wrong either way: the field empties for the next one.
      form.resetField('code')
      form.setFocus('code')
    }),
  )
  const error = fieldError(t, form.formState.errors.code?.message)
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {kind === 'app' ? (
          <TextInput
            label={t('auth.twoStep.code')}
            withAsterisk
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={error}
            {...form.register('code')}
          />
        ) : (
          <TextInput
            label={t('auth.twoStep.recoveryCode')}
            withAsterisk
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={error}
            {...form.register('code')}
          />
        )}
        <Button type="submit" fullWidth size="md" loading={busy}>
          {t('auth.twoStep.verify')}
        </Button>
      </Stack>
    </form>
  )
}
