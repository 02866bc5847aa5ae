import { messageTexts } from '@store/contract'
import { account as enAccount } from './en/account.ts'
import { audit as enAudit } from './en/audit.ts'
import { auth as enAuth } from './en/auth.ts'
import { brands as enBrands } from './en/brands.ts'
import { categories as enCategories } from './en/categories.ts'
import { common as enCommon } from './en/common.ts'
import { dashboard as enDashboard } from './en/dashboard.ts'
import { enums as enEnums } from './en/enums.ts'
import { layout as enLayout } from './en/layout.ts'
import { orders as enOrders } from './en/orders.ts'
import { products as enProducts } from './en/products.ts'
import { reviews as enReviews } from './en/reviews.ts'
import { settings as enSettings } from './en/settings.ts'
import { staff as enStaff } from './en/staff.ts'
import { users as enUsers } from './en/users.ts'
import type { Messages } from './types.ts'
import { account as viAccount } from './vi/account.ts'
import { audit as viAudit } from './vi/audit.ts'
import { auth as viAuth } from './vi/auth.ts'
import { brands as viBrands } from './vi/brands.ts'
import { categories as viCategories } from './vi/categories.ts'
import { common as viCommon } from './vi/common.ts'
import { dashboard as viDashboard } from './vi/dashboard.ts'
import { enums as viEnums } from './vi/enums.ts'
import { layout as viLayout } from './vi/layout.ts'
import { messages as viMessages } from './vi/messages.ts'
import { orders as viOrders } from './vi/orders.ts'
import { products as viProducts } from './vi/products.ts'
import { reviews as viReviews } from './vi/reviews.ts'
import { settings as viSettings } from './vi/settings.ts'
import { staff as viStaff } from './vi/staff.ts'
import { users as viUsers } from './vi/users.ts'

/** One namespace a screen family (`users.*`), plus `common.*`, `layout.*`, `enums.*` and `messages.*` (by the API's message codes). */
export const en = {
  common: enCommon,
  /** The API's and the forms' messages by code: English is the contract's own table. */
  messages: messageTexts,
  layout: enLayout,
  enums: enEnums,
  auth: enAuth,
  account: enAccount,
  dashboard: enDashboard,
  users: enUsers,
  categories: enCategories,
  brands: enBrands,
  products: enProducts,
  orders: enOrders,
  reviews: enReviews,
  staff: enStaff,
  audit: enAudit,
  settings: enSettings,
}

export const vi: Messages<typeof en> = {
  common: viCommon,
  messages: viMessages,
  layout: viLayout,
  enums: viEnums,
  auth: viAuth,
  account: viAccount,
  dashboard: viDashboard,
  users: viUsers,
  categories: viCategories,
  brands: viBrands,
  products: viProducts,
  orders: viOrders,
  reviews: viReviews,
  staff: viStaff,
  audit: viAudit,
  settings: viSettings,
}

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'vi', label: 'Tiếng Việt' },
] as const
export type Language = (typeof LANGUAGES)[number]['code']
