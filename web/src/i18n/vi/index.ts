import type { en } from '../en/index.ts'
import type { Messages } from '../types.ts'
import { account as viAccount } from './account.ts'
import { audit as viAudit } from './audit.ts'
import { auditFields as viAuditFields } from './audit-fields.ts'
import { auth as viAuth } from './auth.ts'
import { brands as viBrands } from './brands.ts'
import { categories as viCategories } from './categories.ts'
import { cod as viCod } from './cod.ts'
import { common as viCommon } from './common.ts'
import { dashboard as viDashboard } from './dashboard.ts'
import { enums as viEnums } from './enums.ts'
import { layout as viLayout } from './layout.ts'
import { messages as viMessages } from './messages.ts'
import { newOrder as viNewOrder } from './new-order.ts'
import { orders as viOrders } from './orders.ts'
import { places as viPlaces } from './places.ts'
import { products as viProducts } from './products.ts'
import { reviews as viReviews } from './reviews.ts'
import { settings as viSettings } from './settings.ts'
import { shell as viShell } from './shell.ts'
import { staff as viStaff } from './staff.ts'
import { users as viUsers } from './users.ts'

export const vi: Messages<typeof en> = {
  common: viCommon,
  messages: viMessages,
  layout: viLayout,
  shell: viShell,
  enums: viEnums,
  auth: viAuth,
  account: viAccount,
  dashboard: viDashboard,
  users: viUsers,
  categories: viCategories,
  brands: viBrands,
  products: viProducts,
  orders: viOrders,
  places: viPlaces,
  newOrder: viNewOrder,
  reviews: viReviews,
  staff: viStaff,
  audit: viAudit,
  auditFields: viAuditFields,
  settings: viSettings,
  cod: viCod,
}
