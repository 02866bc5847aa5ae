import { Modal, Tabs } from '@mantine/core'
import { IconDevices, IconLock, IconShieldLock, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../lib/session.tsx'
import { useMedia } from '../../lib/use-media.ts'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { SessionsTab } from './sessions-tab.tsx'
import { TwoFactorTab } from './two-factor-tab.tsx'

/**
 * The Setting dialog of the avatar menu (spec section 2): 'Information' edits one's name, 'Change Password'
 * one's password; each of those saves reloads the page once its success toast has shown (spec section 4).
 * 'Two-step sign-in' and 'Sessions' (CONTRACT 4.3) change the account without a reload: they load what they show
 * again after each change.
 */
export function SettingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const phone = useMedia('(max-width: 576px)')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('account.title')}
      closeButtonProps={{ 'aria-label': t('account.close') }}
      size="xl"
      centered
      fullScreen={phone}
    >
      {user && (
        <Tabs defaultValue="information" keepMounted={false}>
          <Tabs.List mb="md" grow={!phone}>
            <Tabs.Tab value="information" leftSection={<IconUser size={16} aria-hidden />}>
              {t('account.tabs.information')}
            </Tabs.Tab>
            <Tabs.Tab value="password" leftSection={<IconLock size={16} aria-hidden />}>
              {t('account.tabs.password')}
            </Tabs.Tab>
            <Tabs.Tab value="two-factor" leftSection={<IconShieldLock size={16} aria-hidden />}>
              {t('account.tabs.twoFactor')}
            </Tabs.Tab>
            <Tabs.Tab value="sessions" leftSection={<IconDevices size={16} aria-hidden />}>
              {t('account.tabs.sessions')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="information">
            <ProfileForm user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="password">
            <ChangePasswordForm />
          </Tabs.Panel>
          <Tabs.Panel value="two-factor">
            <TwoFactorTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="sessions">
            <SessionsTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  )
}
