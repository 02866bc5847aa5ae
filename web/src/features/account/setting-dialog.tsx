import { Modal, Tabs } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconLock, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../lib/session.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ProfileForm } from './profile-form.tsx'

/**
 * The Setting dialog of the avatar menu (spec section 2): 'Information' edits one's name, 'Change Password'
 * one's password. Each save reloads the page once its success toast has shown (spec section 4).
 */
export function SettingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const phone = useMediaQuery('(max-width: 576px)', false) ?? false
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('account.title')}
      closeButtonProps={{ 'aria-label': t('account.close') }}
      size="md"
      centered
      fullScreen={phone}
    >
      {user && (
        <Tabs defaultValue="information" keepMounted={false}>
          <Tabs.List mb="md" grow>
            <Tabs.Tab value="information" leftSection={<IconUser size={16} aria-hidden />}>
              {t('account.tabs.information')}
            </Tabs.Tab>
            <Tabs.Tab value="password" leftSection={<IconLock size={16} aria-hidden />}>
              {t('account.tabs.password')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="information">
            <ProfileForm user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="password">
            <ChangePasswordForm />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  )
}
