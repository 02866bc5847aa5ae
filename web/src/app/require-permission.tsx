import type { Permission } from '@store/contract'
import type { ReactNode } from 'react'
import { useCan } from '../lib/permissions.tsx'
import { NotAllowedPage } from './not-allowed-page.tsx'

/**
 * Shows a route's screen only to an account with the permission it needs; any other sees 'Not allowed' at the
 * same address. No redirect: the address stays what was asked for, and nothing loops.
 *
 * @example <RequirePermission permission="staff:manage"><StaffListPage /></RequirePermission>
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? children : <NotAllowedPage />
}
