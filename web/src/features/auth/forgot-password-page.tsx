import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { forgotPasswordBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { z } from 'zod'
import { errorText } from '../../lib/error-text.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { translate, translateMessage } from '../../lib/validation.ts'
import { AuthFrame } from './auth-frame.tsx'

type ForgotPasswordForm = z.input<typeof forgotPasswordBody>

/**
 * /forgot-password, where 'Forget Password?' leads (CONTRACT 4.3): one email field, then the same confirmation
 * whatever the server found, so the page never tells whether an address has an account. Only a refusal that
 * says nothing about the account shows: too many requests (429), a malformed email, an unreachable server.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation()
  // Silent: the page shows the refusal on itself.
  const request = useApiMutation(endpoints.auth.forgotPassword, { meta: { silent: true } })
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordBody),
    mode: 'onChange',
    defaultValues: { email: '' },
  })
  const submit = form.handleSubmit((body) =>
    request.mutate(
      { body },
      {
        // A refusal about the email goes next to the field, and only there.
        onError: (error) => {
          if (applyServerErrors(error, form.setError, ['email'])) request.reset()
        },
      },
    ),
  )
  const { errors } = form.formState
  const failure = request.isError ? errorText(request.error, { withField: false }) : undefined

  const backToLogin = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login} fw={500}>
        {t('auth.forgot.toLogin')}
      </Anchor>
    </Text>
  )

  if (request.isSuccess) {
    return (
      <AuthFrame title={t('auth.forgot.sentTitle')} subtitle={form.getValues('email').trim()}>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {translate(t, { code: 'resetLinkSent' })}. {t('auth.forgot.validFor')}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('auth.forgot.noMail')}
          </Text>
          {backToLogin}
        </Stack>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t('auth.forgot.failed')}
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
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            {t('auth.forgot.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthFrame>
  )
}
