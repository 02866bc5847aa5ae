import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * The spec's delete confirmation: 'Are you sure?', 'No' and 'Yes, Delete it!'. Another step that cannot be
 * taken back (cancelling an order) asks its own question and names its own Yes.
 *
 * @example <ConfirmDialog opened={asking} onCancel={…} onConfirm={…} detail="Order #12" question="Cancel this order?" confirmLabel="Yes, cancel it" />
 */
export function ConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  busy = false,
  detail,
  question,
  confirmLabel,
}: {
  opened: boolean
  onCancel: () => void
  onConfirm: () => void
  busy?: boolean
  /** What is about to be deleted, shown under the question. */
  detail?: string
  /** The question in place of the delete's. */
  question?: string
  /** The Yes button's text in place of the delete's. */
  confirmLabel?: string
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
        {question ?? t('common.confirm.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.confirm.no')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel ?? t('common.confirm.yes')}
        </Button>
      </Group>
    </Modal>
  )
}
