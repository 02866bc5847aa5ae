import { useTranslation } from 'react-i18next'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'

/**
 * The order list's way to the New order screen, for an account that may take orders (`orders:write`); nothing
 * for one that may not. Kept apart from the screen, so the list's code does not carry the screen's.
 *
 * @example <ListScreen add={useNewOrderLink()} … />
 */
export function useNewOrderLink(): { to: string; label: string } | undefined {
  const { t } = useTranslation()
  const canTake = useCan('orders:write')
  return canTake ? { to: paths.orderNew, label: t('newOrder.add') } : undefined
}
