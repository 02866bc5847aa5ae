import { Button } from '@mantine/core'
import type { AuditEntity } from '@store/contract'
import { IconHistory } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'
import { useCan } from '../lib/permissions.tsx'

/**
 * An edit screen's link to its record's entries in the audit log (CONTRACT 4.4); nothing for an account that
 * may not read the log.
 *
 * @example <EditScreen actions={<HistoryLink entity="product" id={id} />} …>
 */
export function HistoryLink({ entity, id }: { entity: AuditEntity; id: string }) {
  const { t } = useTranslation()
  const allowed = useCan('audit:read')
  if (!allowed || !id) return null
  return (
    <Button
      component={Link}
      to={paths.history(entity, id)}
      variant="light"
      leftSection={<IconHistory size={16} aria-hidden />}
    >
      {t('common.history')}
    </Button>
  )
}
