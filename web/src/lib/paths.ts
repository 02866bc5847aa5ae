import type { AuditEntity } from '@store/contract'

/**
 * Every address of the app in one table (spec section 2). Components build links from here, never by hand.
 *
 * @example <Link to={paths.userEdit(user.id)}>…</Link>
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  /** Asks for a password reset link by email (CONTRACT 4.3). */
  forgotPassword: '/forgot-password',
  /** Where a reset or set-up link leads: `/reset-password?token=…`. */
  resetPassword: '/reset-password',
  users: '/admin/users',
  userNew: '/admin/user',
  userEdit: (id: string) => `/admin/user/edit/${encodeURIComponent(id)}`,
  categories: '/admin/categories',
  categoryNew: '/admin/category',
  categoryEdit: (id: string) => `/admin/category/edit/${encodeURIComponent(id)}`,
  products: '/admin/products',
  productNew: '/admin/product',
  productEdit: (id: string) => `/admin/product/edit/${encodeURIComponent(id)}`,
  /** Products from a CSV file (CONTRACT 4.1). */
  productImport: '/admin/products/import',
  /** The stock count from the stock sheet, a CSV file (CONTRACT 5.4). */
  stockImport: '/admin/products/stock-import',
  reviews: '/admin/product-reviews',
  brands: '/admin/brands',
  brandNew: '/admin/brand',
  brandEdit: (id: string) => `/admin/brand/edit/${encodeURIComponent(id)}`,
  orders: '/admin/orders',
  /** An order staff take by phone, chat or at the counter (CONTRACT 5.1). */
  orderNew: '/admin/order/new',
  orderEdit: (id: string) => `/admin/order/edit/${encodeURIComponent(id)}`,
  /** The list links pass the order id for both parameters, as the spec's client did. */
  orderDetail: (id: string) => `/admin/order/${encodeURIComponent(id)}/detail/${encodeURIComponent(id)}`,
  /** The COD a carrier paid over, by tracking numbers or its statement (CONTRACT 5.5). */
  cod: '/admin/cod',
  staff: '/admin/staff',
  staffNew: '/admin/staff/add',
  staffEdit: (id: string) => `/admin/staff/edit/${encodeURIComponent(id)}`,
  auditLog: '/admin/audit-log',
  /** The shop's details, bank account and low-stock threshold (CONTRACT 4.7). */
  settings: '/admin/settings',
  /** The audit log filtered to one record's entries: the 'History' link of its edit screen. */
  history: (entity: AuditEntity, id: string) =>
    `/admin/audit-log?${new URLSearchParams({ entity, entityId: id }).toString()}`,
} as const

/** The address of an uploaded image: the file endpoint plus its stored path. */
export const fileUrl = (stored: string | null | undefined) => (stored ? `/api/file${stored}` : undefined)
