import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { UnsavedChanges } from '../lib/use-unsaved-changes.ts'

/**
 * 'Leave without saving?' while `useUnsavedChanges` holds a navigation: Stay keeps the form as it is, Leave goes
 * where the user was going and drops the changes.
 *
 * @example const guard = useUnsavedChanges(form.formState.isDirty); return <LeavePrompt guard={guard} />
 */
export function LeavePrompt({ guard }: { guard: Pick<UnsavedChanges, 'blocker'> }) {
  const { t } = useTranslation()
  const { blocker } = guard
  const blocked = blocker.state === 'blocked'
  const stay = () => blocker.reset?.()
  return (
    <Modal
      opened={blocked}
      onClose={stay}
      title={t('common.unsaved.title')}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm" mb="lg">
        {t('common.unsaved.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={stay} data-autofocus>
          {t('common.unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('common.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  )
}
