import { messageTexts } from '@store/contract'
import { account as enAccount } from './account.ts'
import { audit as enAudit } from './audit.ts'
import { auditFields as enAuditFields } from './audit-fields.ts'
import { auth as enAuth } from './auth.ts'
import { brands as enBrands } from './brands.ts'
import { categories as enCategories } from './categories.ts'
import { cod as enCod } from './cod.ts'
import { common as enCommon } from './common.ts'
import { dashboard as enDashboard } from './dashboard.ts'
import { enums as enEnums } from './enums.ts'
import { layout as enLayout } from './layout.ts'
import { newOrder as enNewOrder } from './new-order.ts'
import { orders as enOrders } from './orders.ts'
import { places as enPlaces } from './places.ts'
import { products as enProducts } from './products.ts'
import { reviews as enReviews } from './reviews.ts'
import { settings as enSettings } from './settings.ts'
import { shell as enShell } from './shell.ts'
import { staff as enStaff } from './staff.ts'
import { users as enUsers } from './users.ts'

/** One namespace a screen family (`users.*`), plus `common.*`, `layout.*`, `enums.*` and `messages.*` (by the API's message codes). */
export const en = {
  common: enCommon,
  /** The API's and the forms' messages by code: English is the contract's own table. */
  messages: messageTexts,
  layout: enLayout,
  shell: enShell,
  enums: enEnums,
  auth: enAuth,
  account: enAccount,
  dashboard: enDashboard,
  users: enUsers,
  categories: enCategories,
  brands: enBrands,
  products: enProducts,
  orders: enOrders,
  places: enPlaces,
  newOrder: enNewOrder,
  reviews: enReviews,
  staff: enStaff,
  audit: enAudit,
  /** Every field an audit entry can name, by its key (the contract's `AUDIT_FIELDS`). */
  auditFields: enAuditFields,
  settings: enSettings,
  cod: enCod,
}
