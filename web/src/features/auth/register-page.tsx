import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { AuthFrame } from './auth-frame.tsx'

/**
 * Create Account (spec section 2). The spec's page was a dead mock-up; here it says plainly that an
 * administrator creates accounts (CONTRACT section 3), and its inputs are disabled rather than pretending.
 */
export function RegisterPage() {
  const { t } = useTranslation()
  return (
    <AuthFrame title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Stack gap="md">
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={t('auth.register.notice')}
        >
          {t('auth.register.noticeText')}
        </Alert>
        <TextInput label={t('auth.fields.email')} type="email" disabled />
        <PasswordInput label={t('auth.fields.password')} disabled />
        <Button fullWidth size="md" disabled>
          {t('auth.register.submit')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login} fw={500}>
            {t('auth.register.toLogin')}
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  )
}
