// Written by `npm run generate` from endpoints.ts: do not edit by hand.
import type { Routes } from './endpoint.ts'
import type { endpoints as table } from './endpoints.ts'

export { pathOf } from './endpoint.ts'

/**
 * The endpoint table as a client needs it at run time: each call's method and path, typed by its schemas but
 * without them, so the web app's first page load carries no zod.
 *
 * @example api(endpoints.products.list, { query: { page: 2 } })
 */
export const endpoints: Routes<typeof table> = {
  operations: {
    health: { method: 'GET', path: '/health', resource: 'operations', operation: 'health' },
    config: { method: 'GET', path: '/admin/config', resource: 'operations', operation: 'config' },
  },
  auth: {
    login: { method: 'POST', path: '/admin/auth/login', resource: 'auth', operation: 'login' },
    login2fa: { method: 'POST', path: '/admin/auth/login/2fa', resource: 'auth', operation: 'login2fa' },
    refresh: { method: 'POST', path: '/admin/auth/refresh-tokens', resource: 'auth', operation: 'refresh' },
    logout: { method: 'POST', path: '/admin/auth/logout', resource: 'auth', operation: 'logout' },
    me: { method: 'GET', path: '/admin/auth/me', resource: 'auth', operation: 'me' },
    updateProfile: { method: 'PUT', path: '/admin/auth/me', resource: 'auth', operation: 'updateProfile' },
    changePassword: {
      method: 'PUT',
      path: '/admin/auth/change-password',
      resource: 'auth',
      operation: 'changePassword',
    },
    forgotPassword: {
      method: 'POST',
      path: '/admin/auth/forgot-password',
      resource: 'auth',
      operation: 'forgotPassword',
    },
    checkResetLink: {
      method: 'GET',
      path: '/admin/auth/reset-password',
      resource: 'auth',
      operation: 'checkResetLink',
    },
    resetPassword: {
      method: 'POST',
      path: '/admin/auth/reset-password',
      resource: 'auth',
      operation: 'resetPassword',
    },
    twoFactorSetup: {
      method: 'POST',
      path: '/admin/auth/2fa/setup',
      resource: 'auth',
      operation: 'twoFactorSetup',
    },
    twoFactorEnable: {
      method: 'POST',
      path: '/admin/auth/2fa/enable',
      resource: 'auth',
      operation: 'twoFactorEnable',
    },
    twoFactorDisable: {
      method: 'POST',
      path: '/admin/auth/2fa/disable',
      resource: 'auth',
      operation: 'twoFactorDisable',
    },
    sessions: { method: 'GET', path: '/admin/auth/sessions', resource: 'auth', operation: 'sessions' },
    endSession: {
      method: 'DELETE',
      path: '/admin/auth/sessions/:id',
      resource: 'auth',
      operation: 'endSession',
    },
    endOtherSessions: {
      method: 'DELETE',
      path: '/admin/auth/sessions',
      resource: 'auth',
      operation: 'endOtherSessions',
    },
  },
  users: {
    list: { method: 'GET', path: '/admin/users', resource: 'users', operation: 'list' },
    export: { method: 'GET', path: '/admin/users/export', resource: 'users', operation: 'export' },
    emailTaken: {
      method: 'GET',
      path: '/admin/users/email-taken',
      resource: 'users',
      operation: 'emailTaken',
    },
    get: { method: 'GET', path: '/admin/users/:id', resource: 'users', operation: 'get' },
    create: { method: 'POST', path: '/admin/users', resource: 'users', operation: 'create' },
    update: { method: 'PUT', path: '/admin/users/:id', resource: 'users', operation: 'update' },
    remove: { method: 'DELETE', path: '/admin/users/:id', resource: 'users', operation: 'remove' },
  },
  categories: {
    list: { method: 'GET', path: '/admin/categories', resource: 'categories', operation: 'list' },
    export: { method: 'GET', path: '/admin/categories/export', resource: 'categories', operation: 'export' },
    all: { method: 'GET', path: '/admin/categories/all', resource: 'categories', operation: 'all' },
    get: { method: 'GET', path: '/admin/categories/:id', resource: 'categories', operation: 'get' },
    create: { method: 'POST', path: '/admin/categories', resource: 'categories', operation: 'create' },
    update: { method: 'PUT', path: '/admin/categories/:id', resource: 'categories', operation: 'update' },
    remove: { method: 'DELETE', path: '/admin/categories/:id', resource: 'categories', operation: 'remove' },
  },
  brands: {
    list: { method: 'GET', path: '/admin/brands', resource: 'brands', operation: 'list' },
    export: { method: 'GET', path: '/admin/brands/export', resource: 'brands', operation: 'export' },
    all: { method: 'GET', path: '/admin/brands/all', resource: 'brands', operation: 'all' },
    get: { method: 'GET', path: '/admin/brands/:id', resource: 'brands', operation: 'get' },
    create: { method: 'POST', path: '/admin/brands', resource: 'brands', operation: 'create' },
    update: { method: 'PUT', path: '/admin/brands/:id', resource: 'brands', operation: 'update' },
    remove: { method: 'DELETE', path: '/admin/brands/:id', resource: 'brands', operation: 'remove' },
  },
  products: {
    list: { method: 'GET', path: '/admin/products', resource: 'products', operation: 'list' },
    export: { method: 'GET', path: '/admin/products/export', resource: 'products', operation: 'export' },
    import: { method: 'POST', path: '/admin/products/import', resource: 'products', operation: 'import' },
    stockExport: {
      method: 'GET',
      path: '/admin/products/variants/export',
      resource: 'products',
      operation: 'stockExport',
    },
    stockImport: {
      method: 'POST',
      path: '/admin/products/stock-import',
      resource: 'products',
      operation: 'stockImport',
    },
    bulkDelete: {
      method: 'POST',
      path: '/admin/products/bulk-delete',
      resource: 'products',
      operation: 'bulkDelete',
    },
    get: { method: 'GET', path: '/admin/products/:id', resource: 'products', operation: 'get' },
    create: { method: 'POST', path: '/admin/products', resource: 'products', operation: 'create' },
    update: { method: 'PUT', path: '/admin/products/:id', resource: 'products', operation: 'update' },
    stockMovements: {
      method: 'GET',
      path: '/admin/products/:id/stock-movements',
      resource: 'products',
      operation: 'stockMovements',
    },
    adjustStock: {
      method: 'POST',
      path: '/admin/products/:id/stock-adjustments',
      resource: 'products',
      operation: 'adjustStock',
    },
    remove: { method: 'DELETE', path: '/admin/products/:id', resource: 'products', operation: 'remove' },
  },
  reviews: {
    list: { method: 'GET', path: '/admin/product-reviews', resource: 'reviews', operation: 'list' },
    export: {
      method: 'GET',
      path: '/admin/product-reviews/export',
      resource: 'reviews',
      operation: 'export',
    },
    bulkStatus: {
      method: 'POST',
      path: '/admin/product-reviews/bulk-status',
      resource: 'reviews',
      operation: 'bulkStatus',
    },
    update: { method: 'PUT', path: '/admin/product-reviews/:id', resource: 'reviews', operation: 'update' },
    remove: {
      method: 'DELETE',
      path: '/admin/product-reviews/:commentId',
      resource: 'reviews',
      operation: 'remove',
    },
  },
  orders: {
    list: { method: 'GET', path: '/admin/orders', resource: 'orders', operation: 'list' },
    export: { method: 'GET', path: '/admin/orders/export', resource: 'orders', operation: 'export' },
    bulkStatus: {
      method: 'POST',
      path: '/admin/orders/bulk-status',
      resource: 'orders',
      operation: 'bulkStatus',
    },
    packingSlips: {
      method: 'GET',
      path: '/admin/orders/packing-slips.pdf',
      resource: 'orders',
      operation: 'packingSlips',
    },
    labels: { method: 'GET', path: '/admin/orders/labels.pdf', resource: 'orders', operation: 'labels' },
    get: { method: 'GET', path: '/admin/orders/:id', resource: 'orders', operation: 'get' },
    invoice: {
      method: 'GET',
      path: '/admin/orders/:id/invoice.pdf',
      resource: 'orders',
      operation: 'invoice',
    },
    events: { method: 'GET', path: '/admin/orders/:id/events', resource: 'orders', operation: 'events' },
    addNote: { method: 'POST', path: '/admin/orders/:id/notes', resource: 'orders', operation: 'addNote' },
    create: { method: 'POST', path: '/admin/orders', resource: 'orders', operation: 'create' },
    addLine: { method: 'POST', path: '/admin/orders/:id/lines', resource: 'orders', operation: 'addLine' },
    changeLine: {
      method: 'PUT',
      path: '/admin/orders/:orderId/lines/:id',
      resource: 'orders',
      operation: 'changeLine',
    },
    update: { method: 'PUT', path: '/admin/orders/:id', resource: 'orders', operation: 'update' },
    remove: { method: 'DELETE', path: '/admin/orders/:id', resource: 'orders', operation: 'remove' },
    lines: {
      method: 'GET',
      path: '/admin/orders/:orderId/detail/:id',
      resource: 'orders',
      operation: 'lines',
    },
    removeLine: {
      method: 'DELETE',
      path: '/admin/orders/:orderId/detail/:id',
      resource: 'orders',
      operation: 'removeLine',
    },
  },
  shipments: {
    create: {
      method: 'POST',
      path: '/admin/orders/:id/shipment',
      resource: 'shipments',
      operation: 'create',
    },
    update: { method: 'PUT', path: '/admin/orders/:id/shipment', resource: 'shipments', operation: 'update' },
    bulkCreate: {
      method: 'POST',
      path: '/admin/orders/bulk-shipment',
      resource: 'shipments',
      operation: 'bulkCreate',
    },
    codCollected: {
      method: 'POST',
      path: '/admin/shipments/cod-collected',
      resource: 'shipments',
      operation: 'codCollected',
    },
  },
  analytics: {
    figures: { method: 'GET', path: '/admin/analytics', resource: 'analytics', operation: 'figures' },
    salesPerDay: {
      method: 'GET',
      path: '/admin/analytics/sales-per-day',
      resource: 'analytics',
      operation: 'salesPerDay',
    },
    report: { method: 'GET', path: '/admin/analytics/report', resource: 'analytics', operation: 'report' },
    reportExport: {
      method: 'GET',
      path: '/admin/analytics/report/export',
      resource: 'analytics',
      operation: 'reportExport',
    },
  },
  files: {
    upload: { method: 'POST', path: '/file', resource: 'files', operation: 'upload' },
    get: { method: 'GET', path: '/file/*', resource: 'files', operation: 'get' },
  },
  staff: {
    list: { method: 'GET', path: '/admin/staff', resource: 'staff', operation: 'list' },
    get: { method: 'GET', path: '/admin/staff/:id', resource: 'staff', operation: 'get' },
    create: { method: 'POST', path: '/admin/staff', resource: 'staff', operation: 'create' },
    update: { method: 'PUT', path: '/admin/staff/:id', resource: 'staff', operation: 'update' },
    resetLink: {
      method: 'POST',
      path: '/admin/staff/:id/reset-link',
      resource: 'staff',
      operation: 'resetLink',
    },
  },
  audit: {
    list: { method: 'GET', path: '/admin/audit-log', resource: 'audit', operation: 'list' },
    export: { method: 'GET', path: '/admin/audit-log/export', resource: 'audit', operation: 'export' },
  },
  settings: {
    get: { method: 'GET', path: '/admin/settings', resource: 'settings', operation: 'get' },
    update: { method: 'PUT', path: '/admin/settings', resource: 'settings', operation: 'update' },
  },
  places: {
    provinces: { method: 'GET', path: '/admin/places/provinces', resource: 'places', operation: 'provinces' },
    wards: {
      method: 'GET',
      path: '/admin/places/provinces/:code/wards',
      resource: 'places',
      operation: 'wards',
    },
  },
  events: {
    stream: { method: 'GET', path: '/admin/events', resource: 'events', operation: 'stream' },
  },
}
