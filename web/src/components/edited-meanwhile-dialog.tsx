import { Button, Group, List, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { fieldLabel } from '../lib/field-labels.ts'
import { useFormat } from '../lib/format.ts'
import type { EditedMeanwhile } from '../lib/use-edited-meanwhile.ts'

/**
 * 'Changed by someone else' after a save was refused because the record changed since the form was filled
 * (CONTRACT 4.6): who saved it meanwhile and when, and which fields of this form differ from what is stored now,
 * by their labels. Reload puts the record as it is now into the form, dropping this form's changes; Cancel (or
 * closing) keeps editing with nothing lost. Neither happens without the user choosing it.
 *
 * @example const meanwhile = useEditedMeanwhile(reload); return <EditedMeanwhileDialog state={meanwhile} />
 */
export function EditedMeanwhileDialog({ state }: { state: EditedMeanwhile }) {
  const { t } = useTranslation()
  const format = useFormat()
  const keepEditing = () => {
    if (!state.reloading) state.cancel()
  }
  const { savedBy, differs } = state
  return (
    <Modal
      opened={state.opened}
      onClose={keepEditing}
      title={t('common.editedMeanwhile.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm" mb="sm">
        {savedBy
          ? t('common.editedMeanwhile.savedBy', { name: savedBy.name, time: format.dateTime(savedBy.at) })
          : t('common.editedMeanwhile.body')}
      </Text>
      {differs.length > 0 && (
        <>
          <Text size="sm" id="edited-meanwhile-differs">
            {t('common.editedMeanwhile.differs')}
          </Text>
          <List size="sm" mb="sm" withPadding aria-labelledby="edited-meanwhile-differs">
            {differs.map((field) => (
              <List.Item key={field}>{fieldLabel(t, field)}</List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="sm" mb="lg">
        {t('common.editedMeanwhile.choice')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={keepEditing} disabled={state.reloading} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void state.reload()} loading={state.reloading}>
          {t('common.reload')}
        </Button>
      </Group>
    </Modal>
  )
}
