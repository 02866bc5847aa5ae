import type { Role } from './enums.ts'

/**
 * What an account may do, by name (CONTRACT 4.2). Each call of the endpoint table names the one it needs; the
 * server checks it in one hook, and the web app hides what the signed-in account lacks (`/me` answers them).
 */
export const PERMISSIONS = [
  'dashboard:read',
  'catalog:read',
  'catalog:write',
  'orders:read',
  'orders:write',
  /** Deleting an order, which only an admin does (CONTRACT 5.2): staff cancel. */
  'orders:delete',
  'reviews:read',
  'reviews:write',
  'customers:read',
  'customers:write',
  'staff:manage',
  'settings:manage',
  'audit:read',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** The roles that sign in to the back-office; a customer (`user`) never does. */
export const STAFF_ROLES = ['admin', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * `admin` may do everything. `staff` runs the shop day to day: the dashboard, the catalogue, orders and reviews,
 * reading and writing (but deleting an order), and customers read-only; no staff accounts, settings or audit log.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  staff: [
    'dashboard:read',
    'catalog:read',
    'catalog:write',
    'orders:read',
    'orders:write',
    'reviews:read',
    'reviews:write',
    'customers:read',
  ],
}

export const isStaffRole = (role: Role | string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role)

/** The permissions of a role; none for a customer. */
export const permissionsOf = (role: Role | string): readonly Permission[] =>
  isStaffRole(role) ? ROLE_PERMISSIONS[role] : []
