// The SQL of two-step sign-in: the account's authenticator columns and its recovery codes. It is kept apart from
// repository.ts (accounts and sessions) because nothing but two-factor.ts reads or writes either.
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { recoveryCodes, users } from '../../db/schema.ts'

/**
 * Marks the app code of `step` used, in one conditional write: only while the account still has that secret
 * and no step as late was accepted before, so two requests racing with one code cannot both pass. True when
 * this call took it.
 */
export async function takeAppCodeStep(
  db: Db,
  account: { id: number; totpSecret: string },
  step: number,
): Promise<boolean> {
  const [taken] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, account.id),
        eq(users.totpSecret, account.totpSecret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id })
  return taken !== undefined
}

/** Marks an unused recovery code of `userId` used, in one conditional write; true when this call spent it. */
export async function spendRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent !== undefined
}

/** The recovery codes `userId` has left. */
export async function recoveryCodesLeft(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

/** The account's two-step state, locked for the rest of the call's transaction; undefined when it is gone. */
export async function lockTwoFactorState(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}

/** Keeps the secret a set-up showed, waiting for its first code; it replaces any set-up started before. */
export async function savePendingSecret(db: Db, userId: number, secret: string) {
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId))
}

/**
 * Turns two-step sign-in on with the secret that was pending: the code that proved it (`step`) counts as used,
 * and the account's recovery codes are replaced by `codeHashes`.
 */
export async function turnTwoFactorOn(
  db: Db,
  userId: number,
  on: { secret: string; step: number; codeHashes: readonly string[]; now: Date },
) {
  await db
    .update(users)
    .set({ totpSecret: on.secret, totpPendingSecret: null, totpLastStep: on.step, updatedAt: on.now })
    .where(eq(users.id, userId))
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await db.insert(recoveryCodes).values(on.codeHashes.map((codeHash) => ({ userId, codeHash })))
}

/** Turns two-step sign-in off: the secrets, the last step and every recovery code go. */
export async function turnTwoFactorOff(db: Db, userId: number, now: Date) {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId))
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}
