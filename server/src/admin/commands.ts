import {
  email as emailRule,
  messageText,
  readMessage,
  requiredText,
  STAFF_ROLES,
  type StaffRole,
} from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { recoveryCodes, users } from '../db/schema.ts'
import { AuditNote, writeAuditEntry } from '../lib/audit.ts'
import { HttpError } from '../lib/errors.ts'
import { mailLanguageOf, passwordLinkOf } from '../mail/settings.ts'
import { makePasswordLink } from '../modules/auth/password-links.ts'
import { revokeAll } from '../modules/auth/tokens.ts'
import { createStaff, editable } from '../modules/staff/repository.ts'
import type { Services } from '../types.ts'

// The commands an operator runs on the server when nobody can sign in to do it through the back-office: the
// only administrator lost their authenticator, or no administrator is left (docs/operations.md, "Lost
// two-step access"). Each one is recorded in the audit log with no actor, and says it came from the command line.

/** A refusal worth a plain sentence to the operator, not a stack trace. */
export class AdminCommandError extends Error {}

/** The changes of an entry, with how the audit log tells a change made here from one made through the API. */
const fromCommandLine = (note: AuditNote) => note.set('via', null, 'command line').changes

async function staffByEmail(services: Services, address: string) {
  const [account] = await services.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      totpSecret: users.totpSecret,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.trim().toLowerCase()}`)
  if (!account) throw new AdminCommandError(`No account has the email ${address}.`)
  if (account.role !== 'admin' && account.role !== 'staff')
    throw new AdminCommandError(`${account.email} is a customer's account, not a member of staff.`)
  return account
}

/**
 * Turns two-step sign-in off for a member who lost their authenticator and their recovery codes: the secret,
 * a secret being set up and the last accepted step are cleared, the recovery codes deleted, and every session
 * ended, so whoever might hold the lost device is signed out too. They sign in with the password alone and can
 * turn it on again.
 */
export async function resetTwoFactor(services: Services, address: string) {
  const account = await staffByEmail(services, address)
  const now = services.now()
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(users.id, account.id))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id))
    await revokeAll(tx, services, account.id)
    await writeAuditEntry(tx, {
      action: 'twoFactorDisable',
      entity: 'staff',
      entityId: String(account.id),
      entityName: account.name,
      actor: null,
      changes: fromCommandLine(new AuditNote().set('twoFactor', account.totpSecret !== null, false)),
      ip: null,
      userAgent: null,
      at: now,
    })
  })
  return { id: account.id, name: account.name, email: account.email, wasOn: account.totpSecret !== null }
}

export interface CreateStaffInput {
  email: string
  role: string
  name?: string
}

/** The value as a contract rule reads it, or its first problem in the rule's English. */
function check<T>(what: string, rule: z.ZodType<T>, value: unknown): T {
  const parsed = rule.safeParse(value)
  if (parsed.success) return parsed.data
  const problem = parsed.error.issues[0]?.message
  throw new AdminCommandError(
    `${what}: ${problem ? messageText(readMessage(problem) ?? { code: 'invalid' }) : 'not valid'}`,
  )
}

/**
 * Adds a member of staff without a password, as the back-office's Staff screen does, and answers the one-time
 * link (72 hours) with which they choose it. For a store whose every administrator is gone or locked out.
 */
export async function createStaffAccount(services: Services, input: CreateStaffInput) {
  const address = check('email', emailRule, input.email)
  if (!(STAFF_ROLES as readonly string[]).includes(input.role))
    throw new AdminCommandError(`--role must be ${STAFF_ROLES.join(' or ')}.`)
  const role = input.role as StaffRole
  // Without a name the address's own part stands in; the member or an administrator can change it later.
  const name = check('--name', requiredText(120), input.name ?? address.split('@')[0])
  const now = services.now()
  try {
    return await services.db.transaction(async (tx) => {
      const member = await createStaff(tx, { name, email: address, role }, now)
      const { token, expiresAt } = await makePasswordLink(tx, member.id, 'setup', now)
      await writeAuditEntry(tx, {
        action: 'create',
        entity: 'staff',
        entityId: String(member.id),
        entityName: member.name,
        actor: null,
        changes: fromCommandLine(new AuditNote().created({ ...editable(member), email: member.email })),
        ip: null,
        userAgent: null,
        at: now,
      })
      const language = mailLanguageOf(services.config, member.language)
      return { member, link: passwordLinkOf(services.config, token, language), expiresAt }
    })
  } catch (error) {
    if (error instanceof HttpError && error.refusal.code === 'emailTaken')
      throw new AdminCommandError(`An account with the email ${address} exists already.`)
    throw error
  }
}
