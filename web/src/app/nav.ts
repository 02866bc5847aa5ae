import type { Permission } from '@store/contract'
import {
  IconBuildingStore,
  IconCash,
  IconCategory,
  IconHistory,
  IconLayoutDashboard,
  IconMessageStar,
  IconPackage,
  IconReceipt,
  IconSquarePlus,
  IconTags,
  IconUserPlus,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react'
import { paths } from '../lib/paths.ts'

export type NavKey =
  | 'dashboard'
  | 'users'
  | 'userNew'
  | 'reviews'
  | 'products'
  | 'productNew'
  | 'categories'
  | 'brands'
  | 'orders'
  | 'cod'
  | 'staff'
  | 'audit'
  | 'settings'

/**
 * The sidebar of spec section 2, then the administrators' screens; `also` marks the link active on the screens
 * reached from it. Each link shows only to an account with the permission its screen needs (CONTRACT 4.2). The
 * command palette offers the same screens, named the same (`layout.nav.<key>`).
 */
export const NAV: {
  key: NavKey
  to: string
  icon: typeof IconUsers
  permission: Permission
  also?: RegExp
}[] = [
  { key: 'dashboard', to: paths.home, icon: IconLayoutDashboard, permission: 'dashboard:read' },
  {
    key: 'users',
    to: paths.users,
    icon: IconUsers,
    permission: 'customers:read',
    also: /^\/admin\/user\/edit\//,
  },
  { key: 'userNew', to: paths.userNew, icon: IconUserPlus, permission: 'customers:write' },
  { key: 'reviews', to: paths.reviews, icon: IconMessageStar, permission: 'reviews:read' },
  {
    key: 'products',
    to: paths.products,
    icon: IconPackage,
    permission: 'catalog:read',
    also: /^\/admin\/product\/edit\//,
  },
  { key: 'productNew', to: paths.productNew, icon: IconSquarePlus, permission: 'catalog:write' },
  {
    key: 'categories',
    to: paths.categories,
    icon: IconCategory,
    permission: 'catalog:read',
    also: /^\/admin\/category(\/|$)/,
  },
  {
    key: 'brands',
    to: paths.brands,
    icon: IconTags,
    permission: 'catalog:read',
    also: /^\/admin\/brand(\/|$)/,
  },
  {
    key: 'orders',
    to: paths.orders,
    icon: IconReceipt,
    permission: 'orders:read',
    also: /^\/admin\/order\//,
  },
  { key: 'cod', to: paths.cod, icon: IconCash, permission: 'orders:write' },
  {
    key: 'staff',
    to: paths.staff,
    icon: IconUserShield,
    permission: 'staff:manage',
    also: /^\/admin\/staff\//,
  },
  { key: 'audit', to: paths.auditLog, icon: IconHistory, permission: 'audit:read' },
  { key: 'settings', to: paths.settings, icon: IconBuildingStore, permission: 'settings:manage' },
]
