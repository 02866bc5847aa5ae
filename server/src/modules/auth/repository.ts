import { type AuthUser, isStaffRole, permissionsOf, type TokenPair } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { ids } from '../../lib/ids.ts'
import type { Services } from '../../types.ts'
import { issueTokens, revokeAll, spendRefreshToken } from './tokens.ts'

type UserRow = typeof users.$inferSelect
export type Account = Pick<UserRow, 'id' | 'name' | 'email' | 'avatar' | 'role' | 'passwordHash'>

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  role: users.role,
  passwordHash: users.passwordHash,
}

export const toAuthUser = (u: Account): AuthUser => ({
  ...ids(u.id),
  name: u.name,
  email: u.email,
  avatar: u.avatar,
  role: u.role,
  permissions: [...permissionsOf(u.role)],
})

/** The account signing in with `email`, whatever its case. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return account
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, id))
  return account
}

/** Records the sign-in and opens a session, in one transaction. */
export const openSession = (db: Db, services: Services, account: Pick<Account, 'id' | 'role'>) =>
  db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: services.now() }).where(eq(users.id, account.id))
    return issueTokens(tx, services, account.id, account.role)
  })

/**
 * Spends a refresh token for a new pair; null when the token is unknown, expired or spent, or its account is no
 * longer staff.
 */
export const renewSession = (db: Db, services: Services, refreshToken: string): Promise<TokenPair | null> =>
  db.transaction(async (tx) => {
    const userId = await spendRefreshToken(tx, services, refreshToken)
    if (!userId) return null
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId))
    if (!user || !isStaffRole(user.role)) return null
    return issueTokens(tx, services, user.id, user.role)
  })

/** Sets a new password, ends every session of the account and opens a new one for the caller. */
export const replacePassword = (
  db: Db,
  services: Services,
  account: Pick<Account, 'id' | 'role'>,
  passwordHash: string,
) =>
  db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: services.now() }).where(eq(users.id, account.id))
    await revokeAll(tx, services, account.id)
    return issueTokens(tx, services, account.id, account.role)
  })
