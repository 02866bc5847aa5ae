import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The spec's delete confirmation: 'Are you sure?', 'No' and 'Yes, Delete it!'. */
export function ConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  busy = false,
  detail,
}: {
  opened: boolean
  onCancel: () => void
  onConfirm: () => void
  busy?: boolean
  /** What is about to be deleted, shown under the question. */
  detail?: string
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('common.confirm.title')}
      centered
      size="sm"
      // Mantine's close button is an icon with no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm" mb="lg">
        {detail ? `${detail} — ` : ''}
        {t('common.confirm.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.confirm.no')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {t('common.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  )
}
