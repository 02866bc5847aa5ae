/**
 * The names the audit log files its entries under (CONTRACT 4.4): what kind of record a call changed, and what it
 * did. Each write call of the endpoint table names one of each (`audit` in endpoint.ts); the Audit log screen
 * filters by them.
 */
export const AUDIT_ENTITIES = [
  'account',
  'staff',
  'user',
  'category',
  'brand',
  'product',
  'review',
  'order',
  'orderLine',
  'file',
  'settings',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'upload',
  'signIn',
  'signInFailed',
  'signOut',
  'passwordChange',
  'passwordResetRequest',
  'passwordReset',
  'resetLink',
  'twoFactorSetup',
  'twoFactorEnable',
  'twoFactorDisable',
  'sessionEnd',
  'import',
  'bulkStatus',
  'bulkDelete',
  'note',
  'stockAdjust',
  'shipment',
  'bulkShipment',
  'codCollected',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
