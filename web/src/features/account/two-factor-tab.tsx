import { zodResolver } from '@hookform/resolvers/zod'
import {
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { type AuthUser, twoFactorDisableBody, twoFactorEnableBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconCopy } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { RecoveryCodes } from './recovery-codes.tsx'
import { showRefusal } from './refusal.ts'

// The QR code and its encoder are fetched only when someone sets two-step sign-in up.
const QrCode = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })))

/** A field's message kept as this key until shown, so it follows a change of language like the contract's. */
const SIX_DIGITS = 'account.twoFactor.sixDigits'
const fieldError = (t: TFunction, message: string | undefined) =>
  message === SIX_DIGITS ? t(SIX_DIGITS) : translateMessage(t, message)

/** An authenticator app shows the code as '123 456'; typed either way it is the same six digits. */
const digitsOf = (code: string) => code.replace(/\s/g, '')

/** Turning on takes a current code of the app: six digits, checked before anything is sent. */
const enableForm = twoFactorEnableBody.extend({
  code: twoFactorEnableBody.shape.code.refine((code) => /^\d{6}$/.test(digitsOf(code)), SIX_DIGITS),
})
type EnableForm = z.input<typeof enableForm>
/** The field of turning off takes either kind of code: an app's code loses its spaces, a recovery code is kept. */
const appCodeOrAsTyped = (code: string) => (/^\d{6}$/.test(digitsOf(code)) ? digitsOf(code) : code.trim())
type DisableForm = z.input<typeof twoFactorDisableBody>

type Stage =
  | { step: 'status' }
  | { step: 'setup'; secret: string; otpauthUrl: string }
  | { step: 'codes'; codes: string[] }
  | { step: 'disable' }

/**
 * The 'Two-step sign-in' tab of the Setting dialog (CONTRACT 4.3). Off: 'Turn on' starts the set-up (a QR code
 * and the same key as text), a current code confirms it, and the ten recovery codes are shown once. On: 'Turn
 * off' asks for the password and a code. Which state shows comes from `/me`, loaded again after each change.
 */
export function TwoFactorTab({ user }: { user: AuthUser }) {
  const { t } = useTranslation()
  const [stage, setStage] = useState<Stage>({ step: 'status' })
  const setup = useApiMutation(endpoints.auth.twoFactorSetup, {
    onSuccess: (answer) => setStage({ step: 'setup', ...answer.data }),
  })

  if (stage.step === 'setup') {
    return (
      <SetupForm
        secret={stage.secret}
        otpauthUrl={stage.otpauthUrl}
        onEnabled={(codes) => setStage({ step: 'codes', codes })}
        onCancel={() => setStage({ step: 'status' })}
      />
    )
  }
  if (stage.step === 'codes') {
    return (
      <RecoveryCodes codes={stage.codes} email={user.email} onDone={() => setStage({ step: 'status' })} />
    )
  }
  if (stage.step === 'disable' && user.twoFactor) {
    return <DisableForm onDone={() => setStage({ step: 'status' })} />
  }
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600}>{t('account.tabs.twoFactor')}</Text>
        <Badge variant="dot" color={user.twoFactor ? 'green' : 'gray'}>
          {user.twoFactor ? t('account.twoFactor.on') : t('account.twoFactor.off')}
        </Badge>
      </Group>
      <Text size="sm">{user.twoFactor ? t('account.twoFactor.onText') : t('account.twoFactor.offText')}</Text>
      <Group justify="flex-end">
        {user.twoFactor ? (
          <Button variant="light" color="red" onClick={() => setStage({ step: 'disable' })}>
            {t('account.twoFactor.turnOff')}
          </Button>
        ) : (
          // A refusal (already on, from another device) is toasted by the mutation cache.
          <Button loading={setup.isPending} onClick={() => setup.mutate({})}>
            {t('account.twoFactor.turnOn')}
          </Button>
        )}
      </Group>
    </Stack>
  )
}

/** Step two of turning on: the app takes the secret from the QR code or as typed, and proves it with a code. */
function SetupForm({
  secret,
  otpauthUrl,
  onEnabled,
  onCancel,
}: {
  secret: string
  otpauthUrl: string
  onEnabled: (codes: string[]) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useForm<EnableForm>({
    resolver: zodResolver(enableForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  })
  // Silent: a wrong code goes next to its field; what cannot be placed is toasted by `showRefusal`.
  const enable = useApiMutation(endpoints.auth.twoFactorEnable, {
    meta: { silent: true },
    onSuccess: (answer) => onEnabled(answer.data.recoveryCodes),
  })
  const submit = form.handleSubmit(({ code }) =>
    enable.mutate(
      { body: { code: digitsOf(code) } },
      {
        onError: (error) => {
          form.resetField('code')
          showRefusal(error, form.setError, ['code'])
        },
      },
    ),
  )
  return (
    <Stack gap="md">
      <Text size="sm">{t('account.twoFactor.scan')}</Text>
      <Center>
        <Suspense fallback={<Loader role="status" aria-label={t('account.twoFactor.qrLoading')} />}>
          <QrCode value={otpauthUrl} label={t('account.twoFactor.qrLabel')} />
        </Suspense>
      </Center>
      {/* The copy button beside the key, not inside it: in the box it had a fixed 110 px, which cut 'Sao chép
          khóa'. Beside it, it is as wide as its words, and goes under the key where a phone has no room. */}
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('account.twoFactor.key')}
          value={secret}
          readOnly
          variant="filled"
          style={{ flex: '1 1 14rem' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copyKey')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('account.twoFactor.code')}
            description={t('account.twoFactor.codeHint')}
            withAsterisk
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            data-autofocus
            error={fieldError(t, form.formState.errors.code?.message)}
            {...form.register('code')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('account.twoFactor.cancel')}
            </Button>
            <Button type="submit" loading={enable.isPending}>
              {t('account.twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

/** Turning off: the password and a current code (or a recovery code), so a borrowed session cannot do it alone. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const form = useForm<DisableForm>({
    resolver: zodResolver(twoFactorDisableBody),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', code: '' },
  })
  const disable = useApiMutation(endpoints.auth.twoFactorDisable, {
    meta: { silent: true },
    onSuccess: () => {
      notify.success(t('account.twoFactor.disabled'))
      onDone()
    },
  })
  const submit = form.handleSubmit(({ password, code }) =>
    disable.mutate(
      { body: { password, code: appCodeOrAsTyped(code) } },
      { onError: (error) => showRefusal(error, form.setError, ['password', 'code']) },
    ),
  )
  const { errors } = form.formState
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('account.twoFactor.onText')}</Text>
        <PasswordInput
          label={t('account.twoFactor.password')}
          withAsterisk
          autoComplete="current-password"
          data-autofocus
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('account.showPassword') }}
          error={translateMessage(t, errors.password?.message)}
          {...form.register('password')}
        />
        <TextInput
          label={t('account.twoFactor.offCode')}
          withAsterisk
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          error={translateMessage(t, errors.code?.message)}
          {...form.register('code')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('account.twoFactor.cancel')}
          </Button>
          <Button type="submit" color="red" loading={disable.isPending}>
            {t('account.twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
