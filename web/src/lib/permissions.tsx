import type { Permission } from '@store/contract'
import { createContext, type ReactNode, useContext } from 'react'

/**
 * What the signed-in account may do (`/me` answers it, CONTRACT 4.2). Nothing until the signed-in frame
 * provides it: a screen outside the frame offers no write action rather than guess.
 */
const PermissionsContext = createContext<readonly Permission[]>([])

/**
 * Hands the account's permissions to every screen below it; the signed-in frame wraps the routes in it.
 *
 * @example <PermissionsProvider permissions={user.permissions}><Outlet /></PermissionsProvider>
 */
export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly Permission[]
  children: ReactNode
}) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>
}

/**
 * Whether the signed-in account has a permission: the screens hide what it lacks (the server refuses it anyway,
 * with a 403 that changes nothing).
 *
 * @example const canWrite = useCan('catalog:write'); return canWrite && <Button>Add</Button>
 */
export function useCan(permission: Permission): boolean {
  return useContext(PermissionsContext).includes(permission)
}
