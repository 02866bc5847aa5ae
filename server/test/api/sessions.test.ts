import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, sessions, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Sessions (CONTRACT 4.3): each sign-in opens one; the account lists its own and ends one or all the others,
// and an ended session's access token is refused on the very next call, not when it expires.

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => t.close())

const LOGIN = '/api/admin/auth/login'
const REFRESH = '/api/admin/auth/refresh-tokens'
const SESSIONS = '/api/admin/auth/sessions'
const ME = '/api/admin/auth/me'
const PASSWORD = 'Member1234'
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'

let members = 0
async function newMember(role: 'admin' | 'staff' = 'staff') {
  members += 1
  const email = `session${members}@test.example`
  const [row] = await t.database.db
    .insert(users)
    .values({ name: `Member ${members}`, email, passwordHash: await hashPassword(PASSWORD), role })
    .returning({ id: users.id })
  return { id: row!.id, email }
}

/** Signs in from a device: the access header, the refresh token and the session id the list knows it by. */
async function signIn(member: { email: string }, userAgent = LAPTOP, password = PASSWORD) {
  const answer = expectEnvelope(
    await t.call('POST', LOGIN, { email: member.email, password }, { 'user-agent': userAgent }),
    200,
  )
  const access: string = answer.data.tokens.access.token
  const sessionId: string = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()).sid
  return { auth: bearer(access), refreshToken: answer.data.tokens.refresh.token as string, sessionId }
}

type Device = Awaited<ReturnType<typeof signIn>>

const listOf = async (device: Device) =>
  expectEnvelope(await t.call('GET', SESSIONS, undefined, device.auth), 200).data as {
    id: string
    current: boolean
    ip: string | null
    userAgent: string | null
    createdAt: string
    lastUsedAt: string
  }[]

const refresh = (device: Device) => t.call('POST', REFRESH, { refreshToken: device.refreshToken }, {})

async function expectEnded(device: Device) {
  const refused = expectEnvelope(await t.call('GET', ME, undefined, device.auth), 401)
  expect(refused.code).toBe('sessionEnded')
  expectEnvelope(await refresh(device), 401)
}

const entriesOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))
    .orderBy(auditLog.id)

describe('the sessions list', () => {
  it('lists the account’s live sessions with address and device, the current one marked', async () => {
    const member = await newMember()
    const phone = await signIn(member, PHONE)
    const laptop = await signIn(member, LAPTOP)
    // Another account's session is not in it.
    await signIn(await newMember())
    const list = await listOf(phone)
    expect(list).toHaveLength(2)
    const byId = Object.fromEntries(list.map((s) => [s.id, s]))
    expect(byId[phone.sessionId]).toMatchObject({ current: true, ip: '127.0.0.1', userAgent: PHONE })
    expect(byId[laptop.sessionId]).toMatchObject({ current: false, ip: '127.0.0.1', userAgent: LAPTOP })
    for (const session of list) {
      expect(new Date(session.createdAt).toISOString()).toBe(session.createdAt)
      expect(new Date(session.lastUsedAt).toISOString()).toBe(session.lastUsedAt)
    }
    // Seen from the other device, the other one is current.
    const fromLaptop = await listOf(laptop)
    expect(fromLaptop.find((s) => s.current)?.id).toBe(laptop.sessionId)
    expectEnvelope(await t.call('GET', SESSIONS, undefined, {}), 401)
  })
})

describe('ending sessions', () => {
  it('ends one: its access token is refused on the next call and its refresh token fails', async () => {
    const member = await newMember()
    const mine = await signIn(member, LAPTOP)
    const stolen = await signIn(member, PHONE)
    expectEnvelope(await t.call('GET', ME, undefined, stolen.auth), 200)
    const ended = expectEnvelope(
      await t.call('DELETE', `${SESSIONS}/${stolen.sessionId}`, undefined, mine.auth),
      200,
    )
    expect(ended.message).toBe('Session ended')
    await expectEnded(stolen)
    // The device that ended it goes on.
    expectEnvelope(await t.call('GET', ME, undefined, mine.auth), 200)
    expect((await listOf(mine)).map((s) => s.id)).toEqual([mine.sessionId])
    // Ended is ended: a second time, it is not found.
    const again = expectEnvelope(
      await t.call('DELETE', `${SESSIONS}/${stolen.sessionId}`, undefined, mine.auth),
      404,
    )
    expect(again.code).toBe('sessionNotFound')

    const [entry] = await entriesOf(member.id, 'sessionEnd')
    expect(entry).toMatchObject({
      actorId: member.id,
      entity: 'account',
      changes: { session: [{ ip: '127.0.0.1', userAgent: PHONE }, null] },
    })
  })

  it('ends its own session too, when asked for it by id', async () => {
    const member = await newMember()
    const device = await signIn(member)
    expectEnvelope(await t.call('DELETE', `${SESSIONS}/${device.sessionId}`, undefined, device.auth), 200)
    await expectEnded(device)
  })

  it('ends every other session and keeps the current one', async () => {
    const member = await newMember()
    const mine = await signIn(member, LAPTOP)
    const others = [await signIn(member, PHONE), await signIn(member, PHONE)]
    const bystander = await signIn(await newMember())
    const answer = expectEnvelope(await t.call('DELETE', SESSIONS, undefined, mine.auth), 200)
    expect(answer.data).toEqual({ ended: 2 })
    for (const other of others) await expectEnded(other)
    expectEnvelope(await t.call('GET', ME, undefined, mine.auth), 200)
    expect((await listOf(mine)).map((s) => s.id)).toEqual([mine.sessionId])
    // The current session's refresh token still renews it.
    expectEnvelope(await refresh(mine), 200)
    // Another account's sessions are untouched.
    expectEnvelope(await t.call('GET', ME, undefined, bystander.auth), 200)
    // With none left to end, it ends none.
    expect(expectEnvelope(await t.call('DELETE', SESSIONS, undefined, mine.auth), 200).data).toEqual({
      ended: 0,
    })
    const entries = await entriesOf(member.id, 'sessionEnd')
    expect(entries.map((e) => e.changes)).toEqual([{ sessions: [2, 0] }, { sessions: [0, 0] }])
  })

  it('answers 404 for another account’s session, and leaves it alive', async () => {
    const member = await newMember()
    const mine = await signIn(member)
    const theirs = await signIn(await newMember('admin'))
    for (const id of [theirs.sessionId, 'no-such-session', 'x'.repeat(64)]) {
      const refused = expectEnvelope(await t.call('DELETE', `${SESSIONS}/${id}`, undefined, mine.auth), 404)
      expect(refused.code).toBe('sessionNotFound')
      expect(refused.message).toBe('Session not found')
    }
    expectEnvelope(await t.call('GET', ME, undefined, theirs.auth), 200)
    expectEnvelope(await refresh(theirs), 200)
    expect(await entriesOf(member.id, 'sessionEnd')).toEqual([])
  })

  it('refuses a NUL in a session id with a 400 naming the id, and answers 404 for any id that cannot be one', async () => {
    const member = await newMember()
    const mine = await signIn(member)
    for (const id of ['%00', `${mine.sessionId.slice(0, 21)}%00`, 'a%00b']) {
      const refused = expectEnvelope(await t.call('DELETE', `${SESSIONS}/${id}`, undefined, mine.auth), 400)
      expect(refused).toMatchObject({
        code: 'nulCharacter',
        errors: { id: 'Must not contain the NUL character' },
      })
    }
    for (const id of ['%20', '%E2%82%AC', encodeURIComponent('Đồng hồ'), mine.sessionId.slice(1), '%5C%27']) {
      const refused = expectEnvelope(await t.call('DELETE', `${SESSIONS}/${id}`, undefined, mine.auth), 404)
      expect(refused.code).toBe('sessionNotFound')
    }
    expectEnvelope(await t.call('GET', ME, undefined, mine.auth), 200)
  })

  it('ends the session on sign-out', async () => {
    const member = await newMember()
    const device = await signIn(member)
    const other = await signIn(member)
    const out = await t.call(
      'POST',
      '/api/admin/auth/logout',
      { refreshToken: device.refreshToken },
      device.auth,
    )
    expect(out.statusCode).toBe(204)
    await expectEnded(device)
    expectEnvelope(await t.call('GET', ME, undefined, other.auth), 200)
    expect(await entriesOf(member.id, 'signOut')).toHaveLength(1)
  })
})

describe('what else ends sessions', () => {
  it('a password change ends the other sessions; the one that changed it stays with a new pair', async () => {
    const member = await newMember()
    const mine = await signIn(member, LAPTOP)
    const other = await signIn(member, PHONE)
    const changed = expectEnvelope(
      await t.call(
        'PUT',
        '/api/admin/auth/change-password',
        { currentPassword: PASSWORD, password: 'Changed1234' },
        mine.auth,
      ),
      200,
    )
    await expectEnded(other)
    // The same session goes on, with the access token it had and the new pair.
    expectEnvelope(await t.call('GET', ME, undefined, mine.auth), 200)
    expect((await listOf(mine)).map((s) => s.id)).toEqual([mine.sessionId])
    const fresh = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: changed.data.tokens.refresh.token }, {}),
      200,
    )
    expectEnvelope(await t.call('GET', ME, undefined, bearer(fresh.data.tokens.access.token)), 200)
    const [entry] = await entriesOf(member.id, 'passwordChange')
    expect(entry?.changes).toEqual({ password: [null, 'changed'] })
    // The refresh token the session held before the change is spent with the old password. Shown again, it is
    // taken for a copy, as any spent refresh token of a live session: the session ends.
    expectEnvelope(await refresh(mine), 401)
    expect(expectEnvelope(await t.call('GET', ME, undefined, mine.auth), 401).code).toBe('sessionEnded')
  })

  it('a disabled account is refused at once with 403, token or password', async () => {
    const member = await newMember()
    const device = await signIn(member)
    expectEnvelope(await t.call('GET', ME, undefined, device.auth), 200)
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, member.id))
    try {
      for (const url of [ME, SESSIONS, '/api/admin/categories']) {
        const refused = expectEnvelope(await t.call('GET', url, undefined, device.auth), 403)
        expect(refused.code).toBe('accountDisabled')
        expect(refused.message).toBe('This account is disabled')
      }
      expectEnvelope(await refresh(device), 401)
      const login = expectEnvelope(
        await t.call('POST', LOGIN, { email: member.email, password: PASSWORD }, {}),
        403,
      )
      expect(login.code).toBe('accountDisabled')
    } finally {
      await t.database.db.update(users).set({ active: true }).where(eq(users.id, member.id))
    }
    // Enabled again, the same password signs in.
    await signIn(member)
  })

  it('keeps a session row per sign-in, with when it was opened and last used', async () => {
    const member = await newMember()
    const device = await signIn(member, PHONE)
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, device.sessionId))
    expect(row).toMatchObject({ userId: member.id, userAgent: PHONE, ip: '127.0.0.1', endedAt: null })
    expect(device.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const [signInEntry] = await entriesOf(member.id, 'signIn')
    expect(signInEntry).toMatchObject({ actorId: member.id, userAgent: PHONE, ip: '127.0.0.1' })
  })
})
