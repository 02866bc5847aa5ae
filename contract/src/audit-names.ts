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

/**
 * Fields the log leaves out of a record's changes: kept by the database, or the record's id, which the entry names
 * already. `version` (CONTRACT 4.6) moves with every edit, so it would only repeat that there was one.
 */
export const AUDIT_NOISE: readonly string[] = [
  'id',
  '_id',
  'updatedAt',
  'createdAt',
  'version',
  'nameSearch',
  'contentSearch',
]

/**
 * Every field an entry's `changes` can name: the fields of the records the writes change (their bodies and
 * answers), and what a call notes beside them (a bulk call's ids moved and refused, whether a link was mailed).
 * The server notes only these (`AuditNote.set` takes one), and the Audit log screen has a label for each in
 * every language; a test derives the records' fields from the endpoint table's schemas and finds each here.
 */
export const AUDIT_FIELDS = [
  // People: customers, staff, one's own account.
  'name',
  'email',
  'phoneNumber',
  'gender',
  'dob',
  'location',
  'addressParts',
  'avatar',
  'role',
  'permissions',
  'active',
  'isEmailVerified',
  'lastLoginAt',
  'password',
  'twoFactor',
  'recoveryCodesLeft',
  'session',
  'sessions',
  'setupLink',
  'setupLinkExpiresAt',
  'emailed',
  'linkSent',
  // Catalogue.
  'slug',
  'logo',
  'description',
  'price',
  'quantity',
  'category',
  'brand',
  'images',
  'thumbnail',
  'size',
  'sold',
  'rating',
  'variants',
  'variant',
  'variantId',
  'deletedAt',
  'delta',
  'reason',
  'note',
  'content',
  'product',
  'productId',
  // Orders and shipments.
  'user',
  'customer',
  'address',
  'lines',
  'orderId',
  'status',
  'orderStatus',
  'amount',
  'amountByHand',
  'quantityByHand',
  'subtotal',
  'shipingFee',
  'shippingFee',
  'discountPercent',
  'totalPrice',
  'methodPayment',
  'paymentStatus',
  'customerNote',
  'source',
  'shipment',
  'carrier',
  'trackingNumber',
  'codAmount',
  'weightGrams',
  // Shop settings.
  'shopName',
  'phone',
  'taxCode',
  'bankBin',
  'bankAccount',
  'bankAccountName',
  'lowStockThreshold',
  // What a call about many records, a file or a sign-in notes.
  'file',
  'paths',
  'created',
  'updated',
  'deleted',
  'changed',
  'moved',
  'shipped',
  'collected',
  'refused',
  // A change made on the server's command line rather than through the API.
  'via',
] as const
export type AuditField = (typeof AUDIT_FIELDS)[number]
