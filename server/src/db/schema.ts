import {
  type AddressParts,
  CARRIERS,
  ORDER_EVENT_TYPES,
  ORDER_SOURCES,
  PAYMENT_STATUSES,
  type ProductVariant,
  REVIEW_STATUSES,
  ROLES,
  SHIPMENT_STATUSES,
  STOCK_REASONS,
} from '@store/contract'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// Money is whole VND in bigint (a year of sales overflows a 32-bit integer); ids are bigint identities that
// the API hands out as opaque strings. Indexes that use expressions PostgreSQL extensions provide (trigram
// search over unaccented names) live in the hand-written migrations, not here.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)
/** A record's version (CONTRACT 4.6): every edit call adds one, and an edit sent from an older one is refused. */
const version = () => integer('version').notNull().default(0)
/**
 * `search_text(source)` kept in a column of its own: lower case, Vietnamese diacritics dropped. Searches and
 * their GIN trigram indexes (migration 0005) read it, so rechecking a candidate row compares stored text
 * instead of running `unaccent` again: a cold count of a common term is several times faster.
 */
const searchable = (name: string, source: string) =>
  text(name).generatedAlwaysAs(sql.raw(`search_text(${source})`))

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    nameSearch: searchable('name_search', 'name'),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number'),
    gender: smallint('gender'),
    dob: date('dob', { mode: 'string' }),
    location: text('location'),
    /** The address by the 2025 units (CONTRACT 5.6) when it was given so; `location` holds its text. */
    addressParts: jsonb('address_parts').$type<AddressParts>(),
    avatar: text('avatar'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** A disabled member of staff cannot sign in, and their sessions end when they are disabled. */
    active: boolean('active').notNull().default(true),
    /** The language the account last signed in with ('en' or 'vi'): the language of the emails it gets. */
    language: text('language'),
    /** The TOTP secret (base32) once two-step sign-in is on; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret set up but not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A customer taken by phone may have no email (CONTRACT 5.1): kept as '', which many may share.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
    // The order search by phone (CONTRACT 5.2): numbers are kept in one form, so an equal match finds them.
    index('users_phone_idx').on(t.phoneNumber),
    // Lists order by `created_at desc, id desc`; PostgreSQL reads that as NULLS FIRST, and only an index built
    // the same way serves it without sorting the table.
    index('users_role_created_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's other sorts (CONTRACT 4.1), within a role, each ending with the id; a btree read backwards
    // serves the descending sort too. The expressions are the list's sort keys, word for word.
    index('users_role_name_idx').on(
      t.role,
      sql`${t.nameSearch} collate "C"`,
      sql`${t.name} collate "C"`,
      t.id,
    ),
    // `email` itself last: PostgreSQL reads an expression index alone (index-only) only when it also holds the
    // column the expression is made of; without it page 500 visited 5,000 rows.
    index('users_role_email_idx').on(t.role, sql`lower(${t.email}) collate "C"`, t.id, t.email),
    check('users_role_check', sql`${t.role} in ('user', 'admin', 'staff')`),
    check('users_gender_check', sql`${t.gender} is null or ${t.gender} in (1, 2)`),
  ],
)

/**
 * A signed-in device: opened by a sign-in, kept alive by its refresh tokens, ended by signing out, by the owner
 * or an admin, or by a password change. Access tokens carry its id (`sid`) and the auth hook refuses them once
 * `ended_at` is set, so ending a session takes effect on the next request.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url: a session id is never guessable. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastUsedAt.desc())],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
)

/**
 * One-time links to choose a password: `setup` for a new member (72 hours), `reset` from forgot-password (30
 * minutes) or from an admin (24 hours). Only the token's hash is kept.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['setup', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('setup', 'reset')`),
  ],
)

/** Two-step sign-in's recovery codes, each usable once; kept as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
)

/**
 * What was done through the API, by whom (CONTRACT 4.4). Written in the same transaction as the write it records;
 * no call updates or deletes a row. The actor's name and email are copied so an entry still reads right after
 * the account changes or goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** What people call the record (a product's name), copied when written; null in entries older than it. */
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc(), t.id.desc()),
  ],
)

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    nameSearch: searchable('name_search', 'name'),
    slug: text('slug').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    nameSearch: searchable('name_search', 'name'),
    slug: text('slug').notNull(),
    logo: text('logo'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    index('brands_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    nameSearch: searchable('name_search', 'name'),
    slug: text('slug').notNull(),
    price: money('price'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    size: text('size').array().notNull().default(sql`'{}'::text[]`),
    quantity: integer('quantity').notNull().default(0),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: bigint('brand_id', { mode: 'number' })
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    sold: integer('sold').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    /**
     * Its live variants (CONTRACT 5.4) as the API answers them, in the form's order; null when it has none. Written
     * by every statement that changes a variant (`variantsOfProduct`, products/variants.ts), so a list reads a
     * page and its variants from the products' rows alone.
     */
    variants: json('variants').$type<ProductVariant[]>(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A soft-deleted product frees its slug for a new one.
    uniqueIndex('products_slug_live_key').on(t.slug).where(sql`${t.deletedAt} is null`),
    index('products_live_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A category's or brand's products newest first (the list's filters); they serve the foreign keys as well.
    // `deleted_at` last: the list keeps live products only, and reading it from the index spares a visit to each
    // row (a category's first count fell from 155–460 ms to 5–10 ms on a million products).
    index('products_category_created_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
    ),
    index('products_brand_created_idx').on(
      t.brandId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
    ),
    // The list's other sorts (CONTRACT 4.1) over live products, each ending with the id.
    index('products_live_name_idx')
      .on(sql`${t.nameSearch} collate "C"`, sql`${t.name} collate "C"`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_live_price_idx').on(t.price, t.id).where(sql`${t.deletedAt} is null`),
    index('products_live_quantity_idx').on(t.quantity, t.id).where(sql`${t.deletedAt} is null`),
    index('products_live_sold_idx').on(t.sold, t.id).where(sql`${t.deletedAt} is null`),
    index('products_live_rating_idx').on(t.rating, t.id).where(sql`${t.deletedAt} is null`),
    index('products_live_updated_idx').on(t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    index('products_stock_out_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.quantity} = 0`),
    check('products_money_check', sql`${t.price} >= 0 and ${t.quantity} >= 0 and ${t.sold} >= 0`),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contentSearch: searchable('content_search', 'content'),
    rating: smallint('rating').notNull(),
    /** Moderation (CONTRACT 4.5): a new review waits; the product's rating counts approved ones only. */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A product's reviews newest first (the list's filter); it serves the foreign key as well.
    index('reviews_product_created_idx').on(
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Sorted by rating, and one rating newest first (CONTRACT 4.1).
    index('reviews_rating_idx').on(t.rating, t.id),
    index('reviews_rating_created_idx').on(
      t.rating,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_user_idx').on(t.userId),
    // The moderation queue: one status newest first; and a product's approved reviews for its rating.
    index('reviews_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_product_status_idx').on(t.productId, t.status, t.rating),
    check('reviews_rating_check', sql`${t.rating} between 0 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    /** The address by the 2025 units (CONTRACT 5.6) when it was given so; `address` holds its text. */
    addressParts: jsonb('address_parts').$type<AddressParts>(),
    amount: money('amount'),
    quantity: integer('quantity').notNull().default(0),
    status: smallint('status').notNull().default(1),
    customerNote: text('customer_note').notNull().default(''),
    subtotal: money('subtotal'),
    shipingFee: money('shiping_fee'),
    discountPercent: smallint('discount_percent').notNull().default(0),
    totalPrice: money('total_price'),
    methodPayment: text('method_payment').notNull().default('0'),
    /** Where the money stands (CONTRACT 4.5), apart from how it is paid. */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    /** Where the order came from (CONTRACT 5.1); the storefront's orders are `web`. */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('web'),
    /** Staff set `amount` by hand: a line deleted since leaves it as set. */
    amountByHand: boolean('amount_by_hand').notNull().default(false),
    /** Staff set `quantity` by hand: a line deleted since leaves it as set. */
    quantityByHand: boolean('quantity_by_hand').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Serves a customer's orders newest first and, with `id` in it, the order search by customer name as an
    // index-only scan per matching customer.
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's sorts and its status filter (CONTRACT 4.1), each ending with the id.
    index('orders_updated_idx').on(t.updatedAt, t.id),
    index('orders_total_idx').on(t.totalPrice, t.id),
    index('orders_quantity_idx').on(t.quantity, t.id),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_payment_created_idx').on(
      t.paymentStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('orders_status_check', sql`${t.status} between 0 and 3`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('unpaid', 'pending', 'paid', 'failed', 'refunded')`,
    ),
    check(
      'orders_source_check',
      sql`${t.source} in ('phone', 'zalo', 'facebook', 'shop', 'web', 'marketplace', 'other')`,
    ),
    check('orders_discount_check', sql`${t.discountPercent} between 0 and 100`),
    check(
      'orders_money_check',
      sql`${t.amount} >= 0 and ${t.quantity} >= 0 and ${t.subtotal} >= 0 and ${t.shipingFee} >= 0 and ${t.totalPrice} >= 0`,
    ),
  ],
)

/**
 * A product's variants (CONTRACT 5.4), each with its own SKU and stock; the product's `quantity` is kept equal to
 * the sum of its variants' in the same statements that change them (products/stock.ts), so the lists, their
 * filters and their exact totals read one column as before. A deleted product's variants are `retired`, which frees
 * their SKUs; its order lines still name them.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    size: text('size'),
    color: text('color'),
    price: bigint('price', { mode: 'number' }),
    quantity: integer('quantity').notNull().default(0),
    barcode: text('barcode'),
    /** Its place in the product's list, as the form orders them. */
    position: smallint('position').notNull().default(0),
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    // A SKU names one variant in the shop, whatever its case; a retired one gives its SKU up.
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`).where(sql`not ${t.retired}`),
    // A barcode scanned into the product search finds its product.
    index('product_variants_barcode_idx').on(t.barcode).where(sql`${t.barcode} is not null`),
    check(
      'product_variants_stock_check',
      sql`${t.quantity} >= 0 and (${t.price} is null or ${t.price} >= 0)`,
    ),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    price: money('price'),
    quantity: integer('quantity').notNull(),
    size: text('size'),
    /** The variant bought (CONTRACT 5.4): one that was ordered cannot be removed. */
    variantId: bigint('variant_id', { mode: 'number' }).references(() => productVariants.id, {
      onDelete: 'restrict',
    }),
    /**
     * The line took its units from the product's stock (CONTRACT 5.3): lines entered since orders take stock. A
     * line from before took none, and its change, deletion or cancellation moves no stock.
     */
    stockTaken: boolean('stock_taken').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    // Whether a variant was ordered, asked before it is removed (and by the foreign key's check).
    index('order_lines_variant_idx').on(t.variantId).where(sql`${t.variantId} is not null`),
    check('order_lines_money_check', sql`${t.price} >= 0 and ${t.quantity} > 0`),
  ],
)

/**
 * An order's timeline (CONTRACT 4.5): every status move, payment change, edit, deleted line and staff note,
 * written in the transaction of the change it records. The actor's name and email are copied, as in the audit
 * log, so an entry reads right after the account changes or goes. `from`/`to` hold a status code or a payment
 * status as text; an edit's `changes` are field → [before, after].
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    type: text('type', { enum: ORDER_EVENT_TYPES }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at.desc(), t.id.desc()),
    index('order_events_actor_idx').on(t.actorId),
    check(
      'order_events_type_check',
      sql.raw(`type in (${ORDER_EVENT_TYPES.map((c) => `'${c}'`).join(', ')})`),
    ),
  ],
)

/**
 * Every change of a product's stock (CONTRACT 5.3), written in the transaction of the change: by how much
 * (`delta`), the stock it left (`after`), why, and who. An order's movements name it; the order id is kept
 * without a foreign key, so a deleted order's movements still say which order it was.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant whose stock moved; null for the product's own (or a variant removed since). */
    variantId: bigint('variant_id', { mode: 'number' }).references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    note: text('note'),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id.desc()),
    index('stock_movements_actor_idx').on(t.actorId),
    index('stock_movements_variant_idx').on(t.variantId).where(sql`${t.variantId} is not null`),
    check('stock_movements_after_check', sql`${t.after} >= 0`),
    check(
      'stock_movements_reason_check',
      sql.raw(`reason in (${STOCK_REASONS.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
)

/**
 * An order handed to a courier (CONTRACT 5.5): one an order (a returned shipment cancels its order, which is then
 * final), its carrier and tracking number, the cash on delivery it collects, and when the courier paid that over.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNumber: text('tracking_number'),
    codAmount: money('cod_amount'),
    weightGrams: integer('weight_grams'),
    note: text('note'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('ready'),
    /** When the courier delivered it, which is when its COD became outstanding. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** When the courier's payment of the COD was recorded, and the amount and fee its statement said. */
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true, mode: 'date' }),
    codCollectedAmount: bigint('cod_collected_amount', { mode: 'number' }),
    carrierFee: bigint('carrier_fee', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_key').on(t.orderId),
    // A tracking number names one parcel of a carrier: what COD statements are matched by.
    uniqueIndex('shipments_tracking_key')
      .on(t.carrier, t.trackingNumber)
      .where(sql`${t.trackingNumber} is not null`),
    // The COD outstanding: delivered, something to collect, not collected yet.
    index('shipments_cod_outstanding_idx')
      .on(t.carrier)
      .where(sql`${t.status} = 'delivered' and ${t.codAmount} > 0 and ${t.codCollectedAt} is null`),
    index('shipments_cod_collected_idx').on(t.codCollectedAt).where(sql`${t.codCollectedAt} is not null`),
    index('shipments_status_idx').on(t.status, t.orderId),
    check(
      'shipments_figures_check',
      sql`${t.codAmount} >= 0 and (${t.carrierFee} is null or ${t.carrierFee} >= 0) and (${t.weightGrams} is null or ${t.weightGrams} >= 0)`,
    ),
    check('shipments_carrier_check', sql.raw(`carrier in (${CARRIERS.map((c) => `'${c}'`).join(', ')})`)),
    check(
      'shipments_status_check',
      sql.raw(`status in (${SHIPMENT_STATUSES.map((c) => `'${c}'`).join(', ')})`),
    ),
  ],
)

/**
 * The shop's own details (CONTRACT 4.7): one row, id 1, made by migration 0010. The low-stock threshold starts
 * from `LOW_STOCK_THRESHOLD` until an admin saves one (null until then).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    shopName: text('shop_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    taxCode: text('tax_code').notNull().default(''),
    bankBin: text('bank_bin').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    lowStockThreshold: integer('low_stock_threshold'),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
)
