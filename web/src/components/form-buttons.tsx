import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { KEYSHORTCUTS } from '../lib/keyshortcuts.ts'

/**
 * A form's Cancel (back to its list) and Save; Save spins while the call runs and can be held back (an upload
 * still in flight). A read-only form has Back alone.
 *
 * @example <FormButtons cancelTo={paths.users} saving={save.isPending} />
 */
export function FormButtons({
  cancelTo,
  saving,
  disabled,
  readOnly = false,
}: {
  cancelTo: string
  saving: boolean
  disabled?: boolean
  readOnly?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Group justify="flex-end" mt="xl" gap="sm">
      <Button component={Link} to={cancelTo} variant="default">
        {readOnly ? t('common.back') : t('common.cancel')}
      </Button>
      {!readOnly && (
        // Ctrl+Enter (⌘Enter) presses it (app/shortcuts.ts).
        <Button type="submit" loading={saving} disabled={disabled} aria-keyshortcuts={KEYSHORTCUTS.save}>
          {t('common.save')}
        </Button>
      )}
    </Group>
  )
}
