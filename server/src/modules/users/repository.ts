import {
  normalPhone,
  type User,
  type UserCreateBody,
  type UserExportQuery,
  type UserListQuery,
  type UserSortField,
  type UserUpdateBody,
} from '@store/contract'
import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, refreshTokens, reviews, users } from '../../db/schema.ts'
import {
  type Narrowed,
  narrowing,
  type Population,
  pageWithTotal,
  rowsOf,
  totalOf,
} from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import {
  badRequest,
  checkFields,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import {
  matches,
  metaOf,
  onSortedPage,
  preparedPages,
  type SortKeys,
  searchTerm,
  sortingOf,
  withinDays,
} from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'
import { hashPassword } from '../auth/passwords.ts'
import { addressText } from '../places/units.ts'
import { recomputeRatings } from '../reviews/rating.ts'

// Every column but the password hash, so no query here can hand one out by accident.
const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  gender: users.gender,
  dob: users.dob,
  location: users.location,
  addressParts: users.addressParts,
  avatar: users.avatar,
  role: users.role,
  isEmailVerified: users.isEmailVerified,
  lastLoginAt: users.lastLoginAt,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}
type Row = Pick<typeof users.$inferSelect, keyof typeof columns>

export const toUser = (u: Row): User => ({
  name: u.name,
  email: u.email,
  phoneNumber: u.phoneNumber,
  gender: u.gender === 1 || u.gender === 2 ? u.gender : null,
  dob: u.dob,
  location: u.location,
  addressParts: u.addressParts ?? null,
  avatar: u.avatar,
  isEmailVerified: u.isEmailVerified,
  lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  role: u.role,
  version: u.version,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
  ...ids(u.id),
})

/**
 * The sorts of the user list (CONTRACT 4.1). Names sort as a person reads them, whatever the case and the
 * diacritics, and alike on every database whatever its collation; the exact name then settles names that read
 * alike. The expressions are those of `users_role_name_idx` and `users_role_email_idx` word for word, which
 * lead with the role the list is narrowed to.
 */
const userSorts: SortKeys<UserSortField> = {
  name: [
    { expr: sql`${users.nameSearch} collate "C"`, type: 'text' },
    { expr: sql`${users.name} collate "C"`, type: 'text' },
  ],
  email: [{ expr: sql`lower(${users.email}) collate "C"`, type: 'text' }],
  createdAt: [{ expr: users.createdAt, type: 'timestamptz' }],
}

/** The user list's search and filters (AND), within the role its population stands for. */
function userFilters(query: UserExportQuery, timeZone: string): Narrowed | undefined {
  const term = searchTerm(query.name)
  const phone = query.phone?.trim() ? normalPhone(query.phone) : undefined
  return narrowing(term && { term, where: matches(users.nameSearch, term) }, [
    // Served by users_phone_idx: numbers are kept in one form.
    phone !== undefined ? eq(users.phoneNumber, phone) : undefined,
    query.gender ? eq(users.gender, Number(query.gender)) : undefined,
    ...withinDays(users.createdAt, query.from, query.to, timeZone),
  ])
}

/** The population of a role: the user list shows customers, administrators or every account. */
const populationOf = (role: UserExportQuery['role']): Population =>
  role === 'user' ? 'customers' : role === 'admin' ? 'admins' : 'users'

/** A page of users, `total` beside each row. */
const usersPage = (
  db: Db,
  total: SQL<number | null>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: Parameters<typeof onSortedPage>[4],
) =>
  db
    .select({ ...columns, total })
    .from(users)
    .where(onSortedPage(db, { table: users, id: users.id }, where, orderBy, page))
    .orderBy(...orderBy)

/**
 * The pages of the user list in each sort and role, with no search or filter, prepared once; the total is the
 * role's stored count.
 */
const unnarrowedPages = preparedPages('users_page', (db, shape, window, name) => {
  const [sortBy, population] = shape.split(' ') as [UserExportQuery['sortBy'], Population]
  return usersPage(
    db,
    totalOf(db, population).column,
    rowsOf(population),
    sortingOf(userSorts, users.id, sortBy).orderBy,
    window,
  ).prepare(name)
})

export async function listUsers(db: Db, query: UserListQuery, timeZone: string) {
  const narrowed = userFilters(query, timeZone)
  const population = populationOf(query.role)
  const sorting = sortingOf(userSorts, users.id, query.sortBy)
  const { rows, total } = await pageWithTotal(totalOf(db, population, narrowed), (total) =>
    narrowed
      ? usersPage(db, total, and(rowsOf(population), narrowed.where), sorting.orderBy, query)
      : unnarrowedPages(db, `${query.sortBy} ${population}`, query),
  )
  return { data: rows.map(toUser), meta: metaOf(query, total) }
}

/** Every user the export's query matches, in the list's order, a batch at a time (keyset on the sort keys). */
export function userBatches(db: Db, query: UserExportQuery, timeZone: string, size: number) {
  const where = and(rowsOf(populationOf(query.role)), userFilters(query, timeZone)?.where)
  const sorting = sortingOf(userSorts, users.id, query.sortBy)
  type Cursored = Row & { cursor: string[] }
  return keysetBatches<Cursored>(
    (last) =>
      db
        .select({ ...columns, cursor: sorting.cursor })
        .from(users)
        .where(and(where, last ? sorting.after(last.cursor) : undefined))
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

async function findUser(db: Db, id: number | null, role?: Row['role']) {
  const [row] = id
    ? await db
        .select(columns)
        .from(users)
        .where(and(eq(users.id, id), role ? eq(users.role, role) : undefined))
    : []
  if (!row) throw notFound('userNotFound')
  return row
}

/** One user; with `role`, only an account of that role (any other is not found). */
export const getUser = async (db: Db, id: number | null, role?: Row['role']) =>
  toUser(await findUser(db, id, role))

/** A user of any role locked for a change until its transaction ends, and read as it is: the change's `before`. */
export async function lockUser(db: Db, id: number | null) {
  await lockForChange(db, users, users.id, id)
  return getUser(db, id)
}

/** Today in the store's calendar, as YYYY-MM-DD: a birthday "today" in Hà Nội is not in the future. */
const todayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  )

function checkDob(dob: string | null | undefined, timeZone: string, now: Date) {
  // YYYY-MM-DD strings compare as dates.
  if (dob && dob > todayIn(timeZone, now)) throw badRequest('dob', 'dobInFuture')
}

/** Whether an account (of any role) has this email, in any case: the rule `checkEmailFree` applies on a save. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return taken !== undefined
}

async function checkEmailFree(db: Db, email: string, exceptId?: number) {
  const sameEmail = sql`lower(${users.email}) = lower(${email})`
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(sameEmail, ne(users.id, exceptId)) : sameEmail)
  if (taken) throw conflict('emailTaken', undefined, 'email')
}

const emailTaken = (error: unknown) =>
  isUniqueViolation(error, 'users_email_lower_key') ? conflict('emailTaken', undefined, 'email') : error

interface Clock {
  now: Date
  timeZone: string
}

export async function createUser(db: Db, body: UserCreateBody, clock: Clock) {
  let place: ReturnType<typeof placeOf> | undefined
  await checkFields(
    () => checkDob(body.dob, clock.timeZone, clock.now),
    () => checkEmailFree(db, body.email),
    () => {
      place = placeOf(body)
    },
  )
  const passwordHash = await hashPassword(body.password)
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: body.name,
        email: body.email,
        passwordHash,
        phoneNumber: body.phoneNumber,
        gender: body.gender,
        dob: body.dob ?? null,
        ...place,
        role: 'user',
        createdAt: clock.now,
        updatedAt: clock.now,
      })
      .returning(columns)
    return toUser(row!)
  } catch (error) {
    throw emailTaken(error)
  }
}

/**
 * Where a customer lives, as a form sends it (CONTRACT 5.6): an address by the 2025 units is checked and written
 * as text into `location` beside its codes (a 400 naming `addressParts.wardCode` for a code that is not one);
 * free text alone keeps no codes.
 */
function placeOf(body: Pick<UserUpdateBody, 'location' | 'addressParts'>) {
  if (body.addressParts)
    return { location: addressText(body.addressParts, 'addressParts'), addressParts: body.addressParts }
  return { location: body.location ?? null, addressParts: null }
}

/**
 * An edit of the account as its edit screen shows it. With `sent`, the account must still be at that version
 * (CONTRACT 4.6), else 409 with it as it is now.
 */
export async function updateUser(
  db: Db,
  id: number | null,
  body: UserUpdateBody,
  clock: Clock,
  sent?: number,
) {
  const current = await findUser(db, id)
  // Stale is said first, before any other refusal: what else is wrong may be gone once the form is reloaded.
  if (sent !== undefined && sent !== current.version) return staleOrMissing(() => getUser(db, current.id))
  // A form may send back the role it read; changing it is not something this call does.
  if (body.role !== undefined && body.role !== current.role) {
    throw badRequest('role', 'roleFixed')
  }
  const placed = body.location !== undefined || body.addressParts !== undefined
  let place: ReturnType<typeof placeOf> | undefined
  await checkFields(
    () => checkDob(body.dob, clock.timeZone, clock.now),
    () => (body.email !== undefined ? checkEmailFree(db, body.email, current.id) : undefined),
    () => {
      if (placed) place = placeOf(body)
    },
  )
  const changes = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.email !== undefined && { email: body.email }),
    ...(body.phoneNumber !== undefined && { phoneNumber: body.phoneNumber }),
    ...(body.gender !== undefined && { gender: body.gender }),
    ...(body.dob !== undefined && { dob: body.dob }),
    ...place,
    ...(body.avatar !== undefined && { avatar: body.avatar }),
  }
  try {
    const [row] = await db
      .update(users)
      .set({ ...changes, version: nextVersion(users.version), updatedAt: clock.now })
      .where(and(eq(users.id, current.id), versionIs(users.version, sent)))
      .returning(columns)
    if (!row) return staleOrMissing(() => getUser(db, current.id))
    return toUser(row)
  } catch (error) {
    throw emailTaken(error)
  }
}

/**
 * Deletes an account with its reviews and sessions. A customer with orders stays, so order history keeps its
 * customer; the reviews' products get their ratings recomputed without them.
 */
export async function deleteUser(db: Db, id: number | null, signedInId: number) {
  const target = await findUser(db, id)
  if (target.id === signedInId) throw conflict('deleteOwnAccount')
  const [usage] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, target.id))
  const n = usage?.n ?? 0
  if (n > 0) {
    throw conflict('userHasOrders', { count: n })
  }
  try {
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(reviews)
        .where(eq(reviews.userId, target.id))
        .returning({ productId: reviews.productId })
      await tx.delete(refreshTokens).where(eq(refreshTokens.userId, target.id))
      await tx.delete(users).where(eq(users.id, target.id))
      await recomputeRatings(
        tx,
        removed.map((r) => r.productId),
      )
    })
  } catch (error) {
    // An order placed between the check and the delete holds the account (orders restrict the delete).
    if (isForeignKeyViolation(error)) throw conflict('userHasSomeOrders')
    throw error
  }
}
