import type { ShopSettings, ShopSettingsBody } from '@store/contract'
import { and, eq } from 'drizzle-orm'
import { configSchema } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'

type Row = typeof shopSettings.$inferSelect

/** The one row of the shop's settings (migration 0010 makes it; a check keeps it the only one). */
const ROW = 1

/** `LOW_STOCK_THRESHOLD`'s own default, for a caller that has no configuration at hand and needs no threshold. */
const BUILT_IN_THRESHOLD = configSchema.shape.LOW_STOCK_THRESHOLD.parse(undefined)

const toSettings = (row: Row, lowStockDefault: number): ShopSettings => ({
  shopName: row.shopName,
  address: row.address,
  phone: row.phone,
  email: row.email,
  taxCode: row.taxCode,
  bankBin: row.bankBin,
  bankAccount: row.bankAccount,
  bankAccountName: row.bankAccountName,
  lowStockThreshold: row.lowStockThreshold ?? lowStockDefault,
  version: row.version,
  updatedAt: row.updatedAt?.toISOString() ?? null,
})

/** The row as the migration made it, should it ever be missing (a database restored without it). */
async function settingsRow(db: Db): Promise<Row> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, ROW))
  if (row) return row
  const [made] = await db.insert(shopSettings).values({ id: ROW }).onConflictDoNothing().returning()
  return made ?? (await settingsRow(db))
}

/**
 * The shop's details, bank account and low-stock threshold (CONTRACT 4.7): what the Settings screen edits and
 * the invoice prints. The threshold is the saved one, or `lowStockDefault` (the `LOW_STOCK_THRESHOLD` setting,
 * `config.LOW_STOCK_THRESHOLD`) until an admin saves one; a caller that shows no threshold may leave it out.
 */
export async function getShopSettings(db: Db, lowStockDefault = BUILT_IN_THRESHOLD): Promise<ShopSettings> {
  return toSettings(await settingsRow(db), lowStockDefault)
}

/**
 * The settings locked for a change until its transaction ends, and read as they are: the change's `before` is
 * then the row the update changes.
 */
export async function lockShopSettings(db: Db, lowStockDefault: number): Promise<ShopSettings> {
  await lockForChange(db, shopSettings, shopSettings.id, ROW)
  return getShopSettings(db, lowStockDefault)
}

/**
 * A product with 1 to this many units is low on stock: the saved threshold, or `lowStockDefault` until one is
 * saved. Read afresh on every call, one row by its primary key: several server processes may share the
 * database, and a copy kept in one process would miss a change saved through another.
 */
export async function lowStockThreshold(db: Db, lowStockDefault: number): Promise<number> {
  const [row] = await db
    .select({ threshold: shopSettings.lowStockThreshold })
    .from(shopSettings)
    .where(eq(shopSettings.id, ROW))
  return row?.threshold ?? lowStockDefault
}

/**
 * Saves the settings whole. With `sent`, the row must still be at that version (CONTRACT 4.6): the check is a
 * condition of the UPDATE, and a row changed meanwhile answers 409 with the settings as they are now.
 */
export async function updateShopSettings(
  db: Db,
  body: ShopSettingsBody,
  options: { now: Date; sent: number | undefined; lowStockDefault: number },
): Promise<ShopSettings> {
  await settingsRow(db)
  const [row] = await db
    .update(shopSettings)
    .set({
      shopName: body.shopName,
      address: body.address,
      phone: body.phone,
      email: body.email,
      taxCode: body.taxCode,
      bankBin: body.bankBin,
      bankAccount: body.bankAccount,
      bankAccountName: body.bankAccountName,
      lowStockThreshold: body.lowStockThreshold,
      version: nextVersion(shopSettings.version),
      updatedAt: options.now,
    })
    .where(and(eq(shopSettings.id, ROW), versionIs(shopSettings.version, options.sent)))
    .returning()
  if (!row) return staleOrMissing(() => getShopSettings(db, options.lowStockDefault))
  return toSettings(row, options.lowStockDefault)
}
