import { Anchor, Button, List, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { AuthFrame } from './auth-frame.tsx'

/**
 * Create Account (spec section 2). The spec's page was a dead mock-up; here it says plainly how a member of staff
 * gets an account (CONTRACT section 3): an administrator adds them, and they choose their password with the
 * set-up link that follows. It offers the ways on from there (sign in, a new link) instead of inputs that do
 * nothing.
 */
export function RegisterPage() {
  const { t } = useTranslation()
  return (
    <AuthFrame title={t('auth.register.title')} subtitle={t('auth.register.notice')}>
      <Stack gap="md">
        <Text size="sm">{t('auth.register.how')}</Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('auth.register.stepAdded')}</List.Item>
          <List.Item>{t('auth.register.stepLink')}</List.Item>
          <List.Item>{t('auth.register.stepSignIn')}</List.Item>
        </List>
        <Button component={Link} to={paths.login} fullWidth size="md">
          {t('auth.register.toLogin')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.register.linkExpired')}{' '}
          <Anchor component={Link} to={paths.forgotPassword} fw={500}>
            {t('auth.register.askLink')}
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  )
}
