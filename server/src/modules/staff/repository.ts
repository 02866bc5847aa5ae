import {
  STAFF_ROLES,
  type StaffCreateBody,
  type StaffListQuery,
  type StaffMember,
  type StaffRole,
  type StaffUpdateBody,
} from '@store/contract'
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matches, metaOf, pageOf, searchTerm } from '../../lib/list.ts'
import { liveEvents } from '../../lib/live-events.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'

// Every column a staff answer needs, and whether two-step sign-in is on rather than its secret: no query here
// hands out a password hash or a TOTP secret by accident.
const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  language: users.language,
  twoFactor: sql<boolean>`${users.totpSecret} is not null`.as('two_factor'),
  lastLoginAt: users.lastLoginAt,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export interface StaffRow {
  id: number
  name: string
  email: string
  role: string
  active: boolean
  language: string | null
  twoFactor: boolean
  lastLoginAt: Date | null
  version: number
  createdAt: Date
  updatedAt: Date
}

export const toStaffMember = (row: StaffRow): StaffMember => ({
  name: row.name,
  email: row.email,
  role: row.role as StaffRole,
  active: row.active,
  twoFactor: Boolean(row.twoFactor),
  lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...ids(row.id),
})

/** The fields of a member an administrator changes, as the audit log compares them. */
export const editable = (row: Pick<StaffRow, 'name' | 'role' | 'active'>) => ({
  name: row.name,
  role: row.role,
  active: row.active,
})

const isStaff = inArray(users.role, [...STAFF_ROLES])

/** A search term as LIKE reads it literally: its own `%`, `_` and `\` escaped, as `matches` does for names. */
const likeText = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The sort of the staff list: the field asked for, then the id the same way, so pages never overlap. */
function orderOf(sortBy: string): SQL[] {
  const [field, direction] = sortBy.split(':') as [string, 'asc' | 'desc']
  const by = direction === 'asc' ? asc : desc
  // Names sort as a person reads them, whatever the case and the diacritics ('Ánh' beside 'anh'), and in the
  // same order on every database whatever its collation (a locale's collation would skip the spaces: 'an pham'
  // after 'anh le'); the exact name then settles the order of names that read alike.
  const keys =
    field === 'name'
      ? [by(sql`${users.nameSearch} collate "C"`), by(sql`${users.name} collate "C"`)]
      : field === 'email'
        ? [by(sql`lower(${users.email}) collate "C"`)]
        : [by(users.createdAt)]
  return [...keys, by(users.id)]
}

/**
 * A page of staff accounts (administrators and staff, never customers). `name` looks in the name and the email,
 * ignoring case and Vietnamese diacritics as every list does; `role` and `active` narrow it. A shop has tens of
 * staff, not millions: the exact total is a plain count.
 */
export async function listStaff(db: Db, query: StaffListQuery) {
  const term = searchTerm(query.name)
  const where = and(
    isStaff,
    query.role ? eq(users.role, query.role) : undefined,
    query.active === undefined ? undefined : eq(users.active, query.active),
    term
      ? or(
          matches(users.nameSearch, term),
          sql`search_text(${users.email}) like '%' || search_text(${likeText(term)}) || '%'`,
        )
      : undefined,
  )
  const { limit, offset } = pageOf(query)
  const [page, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...orderOf(query.sortBy))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ])
  return { data: page.map(toStaffMember), meta: metaOf(query, total?.n ?? 0) }
}

/** A member of staff by id; 404 for a customer or an unknown id. */
export async function findStaff(db: Db, id: number | null): Promise<StaffRow> {
  const [row] = id
    ? await db
        .select(columns)
        .from(users)
        .where(and(eq(users.id, id), isStaff))
    : []
  if (!row) throw notFound('staffNotFound')
  return row
}

/** The account of an email, of any role: a customer's email cannot become a member's as well. */
async function checkEmailFree(db: Db, email: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  if (taken) throw conflict('emailTaken', undefined, 'email')
}

/** Adds a member without a password: they choose one with the setup link. */
export async function createStaff(db: Db, body: StaffCreateBody, now: Date): Promise<StaffRow> {
  await checkEmailFree(db, body.email)
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: body.name,
        email: body.email,
        role: body.role,
        passwordHash: null,
        active: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning(columns)
    liveEvents.emit({ type: 'staff.updated', data: { id: String(row!.id) } })
    return row!
  } catch (error) {
    // Another call took the email between the check and the insert.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict('emailTaken', undefined, 'email')
    throw error
  }
}

/**
 * Applies an administrator's change to a member, with the guards of CONTRACT 4.2: nobody changes their own role
 * or disables themselves, and the last active administrator stays one. Runs in the caller's transaction and
 * locks the member and every active administrator first, so two administrators demoting each other at once are
 * taken one after the other: the second sees the first's change and is refused. With `sent`, the member must
 * still be at that version (CONTRACT 4.6), else 409 with the member as they are now.
 */
export async function updateStaff(
  db: Db,
  id: number | null,
  body: StaffUpdateBody,
  actorId: number,
  now: Date,
  sent?: number,
): Promise<{ before: StaffRow; after: StaffRow }> {
  if (!id) throw notFound('staffNotFound')
  // One statement takes every lock, in id order, so two such updates cannot each hold a row the other wants.
  const locked = await db
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(and(isStaff, or(eq(users.id, id), and(eq(users.role, 'admin'), eq(users.active, true)))))
    .orderBy(asc(users.id))
    .for('update')
  const before = await findStaff(db, locked.some((r) => r.id === id) ? id : null)
  // Stale is said first, before the guards: what they refuse may be gone once the form is reloaded.
  if (sent !== undefined && sent !== before.version) return staleOrMissing(async () => toStaffMember(before))
  if (id === actorId && body.role !== undefined && body.role !== before.role) throw conflict('ownRole')
  if (id === actorId && body.active === false) throw conflict('disableSelf')
  const next = { role: body.role ?? before.role, active: body.active ?? before.active }
  const wasActiveAdmin = before.role === 'admin' && before.active
  const staysActiveAdmin = next.role === 'admin' && next.active
  if (wasActiveAdmin && !staysActiveAdmin) {
    const otherAdmins = locked.filter((r) => r.id !== id && r.role === 'admin' && r.active)
    if (otherAdmins.length === 0) throw conflict('lastAdmin')
  }
  const [after] = await db
    .update(users)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.active !== undefined && { active: body.active }),
      version: nextVersion(users.version),
      updatedAt: now,
    })
    .where(and(eq(users.id, id), versionIs(users.version, sent)))
    .returning(columns)
  if (!after) return staleOrMissing(async () => toStaffMember(await findStaff(db, id)))
  // Also what tells this member's live streams that their role or access changed.
  liveEvents.emit({ type: 'staff.updated', data: { id: String(id) } })
  return { before, after }
}
