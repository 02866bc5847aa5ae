import net from 'node:net'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.ts'
import { auditLog, passwordTokens, users } from '../../src/db/schema.ts'
import { createMailer } from '../../src/mail/mailer.ts'
import { passwordMail } from '../../src/mail/messages.ts'
import { makePasswordLink } from '../../src/modules/auth/password-links.ts'
import { RESET_LIMITS } from '../../src/modules/auth/password-reset.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { headerLines, linkIn, type ReceivedMail, sentTo, startSmtp, type TestSmtp, tokenOf } from '../smtp.ts'

// Forgot-password and reset-password (CONTRACT 4.3), with the mails read from a real SMTP server this file
// starts. The clock is the app's own and moves, never the test's sleep.

const FORGOT = '/api/admin/auth/forgot-password'
const RESET = '/api/admin/auth/reset-password'
const PUBLIC_URL = 'https://admin.shop.test'
const SENT = {
  status: true,
  data: null,
  message: 'If this email address belongs to a staff account, a link to choose a new password is on its way',
}
const MINUTE = 60_000

let t: TestApp
let smtp: TestSmtp
let now = new Date('2026-05-04T02:00:00Z').getTime()

/** Accounts of this file: an English-speaking member, one who never signed in, a disabled one, a customer. */
const MEMBER = { name: 'Đặng Minh Châu', email: 'chau@shop.test', password: 'Chau12345' }
const NEWCOMER = { name: 'Lương Thị Hạnh', email: 'hanh@shop.test', password: 'Hanh12345' }
const DISABLED = { name: 'Ngô Tạm Dừng', email: 'dung@shop.test', password: 'Dung12345' }
const CUSTOMER = { name: 'Khách Quen', email: 'khach@shop.test', password: 'Khach1234' }
const ids: Record<string, number> = {}

beforeAll(async () => {
  smtp = await startSmtp()
  t = await startApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Cửa hàng Áo Đẹp <hotro@aodep.test>' },
    now: () => new Date(now),
  })
  for (const [account, role, active, language] of [
    [MEMBER, 'staff', true, 'en'],
    [NEWCOMER, 'staff', true, null],
    [DISABLED, 'staff', false, 'vi'],
    [CUSTOMER, 'user', true, 'en'],
  ] as const) {
    const [row] = await t.database.db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role,
        active,
        language,
      })
      .returning({ id: users.id })
    ids[account.email] = row!.id
  }
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
// Each test in an hour of its own: the limits count requests per email an hour, and these tests ask often.
beforeEach(() => {
  now += 61 * MINUTE
})

/** A loopback port nobody listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Each request from an address of its own unless told, so the limits of one test do not reach another. */
let addresses = 0
const nextAddress = () => `198.51.100.${++addresses}`

async function forgot(email: string, from = nextAddress()): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url: FORGOT, payload: { email }, remoteAddress: from })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
}

const reset = (token: string, password: string) => t.call('POST', RESET, { token, password }, {})

/** Asks whether a link's token still works, as the page the link opens does, from an address of its own. */
async function check(token: string, from = nextAddress()): Promise<Answer> {
  const url = `${RESET}?${new URLSearchParams({ token })}`
  const res = await t.app.inject({ method: 'GET', url, remoteAddress: from })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
}
const signIn = (email: string, password: string) =>
  t.call('POST', '/api/admin/auth/login', { email, password }, {})

const tokenRows = (email: string) =>
  t.database.db
    .select()
    .from(passwordTokens)
    .where(eq(passwordTokens.userId, ids[email]!))
    .orderBy(desc(passwordTokens.id))

const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n

/** Asks for a link for `email` and reads the mail that carries it. */
async function mailFor(email: string): Promise<ReceivedMail> {
  const from = smtp.messages.length
  expect((await forgot(email)).body).toEqual(SENT)
  return smtp.waitFor(sentTo(email), { from })
}

describe('asking for a reset link', () => {
  it('emails an active member a 30-minute link to PUBLIC_URL, in their language, as text and HTML', async () => {
    const answer = await forgot(MEMBER.email.toUpperCase())
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toEqual(SENT)
    const mail = await smtp.waitFor(sentTo(MEMBER.email))
    expect(mail.envelope).toEqual({ from: 'hotro@aodep.test', to: [MEMBER.email] })
    expect(mail.parsed.from?.value).toEqual([{ name: 'Cửa hàng Áo Đẹp', address: 'hotro@aodep.test' }])
    expect(mail.parsed.subject).toBe('Reset your password for the store back-office')
    const link = linkIn(mail)
    // In the member's language, which the page it opens takes before it shows anything.
    expect(link).toMatch(/^https:\/\/admin\.shop\.test\/reset-password\?token=[\w-]{43}&lang=en$/)
    expect(mail.parsed.text).toContain(`Hello ${MEMBER.name},`)
    expect(mail.parsed.text).toContain('The link works for 30 minutes and only once.')
    expect(mail.parsed.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    expect(mail.parsed.html).toContain(`Hello ${MEMBER.name},`)
    expect(mail.parsed.html).toContain('lang="en"')
    const [row] = await tokenRows(MEMBER.email)
    expect(row).toMatchObject({ purpose: 'reset', usedAt: null, expiresAt: new Date(now + 30 * MINUTE) })
    expect(row!.tokenHash).not.toContain(tokenOf(link))

    // Recorded against the account, with nobody signed in as the actor, and no link.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'passwordResetRequest'))
      .orderBy(desc(auditLog.id))
    expect(entry).toMatchObject({
      actorId: null,
      entity: 'account',
      entityId: String(ids[MEMBER.email]),
      changes: { email: [null, MEMBER.email], linkSent: [null, true] },
    })
    expect(JSON.stringify(entry)).not.toContain(tokenOf(link))
  })

  it('writes to a member who never signed in in the shop’s language (vi unless MAIL_LANGUAGE says)', async () => {
    const mail = await mailFor(NEWCOMER.email)
    expect(mail.parsed.subject).toBe('Đặt lại mật khẩu trang quản trị cửa hàng')
    expect(linkIn(mail)).toMatch(/&lang=vi$/)
    expect(mail.parsed.text).toContain(`Xin chào ${NEWCOMER.name},`)
    expect(mail.parsed.text).toContain('30 phút')
    expect(mail.parsed.html).toContain('lang="vi"')
  })

  it('answers an unknown email, a customer and a disabled member exactly the same, and sends them nothing', async () => {
    const before = { mails: smtp.messages.length, audit: await auditCount() }
    const tokensBefore = (await t.database.db.select({ n: count() }).from(passwordTokens))[0]!.n
    for (const email of ['nobody@shop.test', CUSTOMER.email, DISABLED.email]) {
      const answer = await forgot(email)
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toEqual(SENT)
    }
    // A mail for the member afterwards arrives alone: none was on its way for the three before.
    await mailFor(MEMBER.email)
    expect(smtp.messages.slice(before.mails).map((m) => m.envelope.to)).toEqual([[MEMBER.email]])
    expect((await t.database.db.select({ n: count() }).from(passwordTokens))[0]!.n).toBe(tokensBefore + 1)
    // Every request is recorded, with the email asked for; only a member's names its account.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'passwordResetRequest'))
      .orderBy(desc(auditLog.id))
      .limit(4)
    expect(await auditCount()).toBe(before.audit + 4)
    expect(entries.map((e) => [e.entityId, e.changes])).toEqual([
      [String(ids[MEMBER.email]), { email: [null, MEMBER.email], linkSent: [null, true] }],
      [String(ids[DISABLED.email]), { email: [null, DISABLED.email], linkSent: [null, false] }],
      [null, { email: [null, CUSTOMER.email], linkSent: [null, false] }],
      [null, { email: [null, 'nobody@shop.test'], linkSent: [null, false] }],
    ])
  })

  it('refuses a bad email naming the field, whether or not the account exists', async () => {
    for (const email of ['', 'not an email', `${'a'.repeat(250)}@x.vn`]) {
      const body = expectEnvelope(await forgot(email), 400)
      expect(Object.keys(body.errors)).toEqual(['email'])
    }
  })
})

describe('choosing a new password with the link', () => {
  it('sets the password, ends every session and every other link, and records it', async () => {
    const signedIn = expectEnvelope(await signIn(MEMBER.email, MEMBER.password), 200).data.tokens
    const first = linkIn(await mailFor(MEMBER.email))
    const second = linkIn(await mailFor(MEMBER.email))
    const answer = await reset(tokenOf(second), 'NewChau123')
    expect(expectEnvelope(answer, 200).data).toBeNull()

    expectEnvelope(
      await t.call('GET', '/api/admin/auth/me', undefined, {
        authorization: `Bearer ${signedIn.access.token}`,
      }),
      401,
    )
    expect(
      (await t.call('POST', '/api/admin/auth/refresh-tokens', { refreshToken: signedIn.refresh.token }, {}))
        .body.code,
    ).toBe('refreshInvalid')
    expect(expectEnvelope(await signIn(MEMBER.email, MEMBER.password), 401).code).toBe('wrongCredentials')
    expectEnvelope(await signIn(MEMBER.email, 'NewChau123'), 200)
    MEMBER.password = 'NewChau123'

    // Used once: that link, and the other one mailed before it, no longer work.
    for (const link of [second, first]) {
      const body = expectEnvelope(await reset(tokenOf(link), 'Again12345'), 400)
      expect(body).toMatchObject({
        code: 'resetLinkInvalid',
        errors: { token: 'This link is no longer valid; ask for a new one' },
      })
    }
    expect(
      await t.database.db
        .select()
        .from(passwordTokens)
        .where(and(eq(passwordTokens.userId, ids[MEMBER.email]!), isNull(passwordTokens.usedAt))),
    ).toEqual([])

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'passwordReset'))
      .orderBy(desc(auditLog.id))
    expect(entry).toMatchObject({
      actorId: ids[MEMBER.email],
      actorEmail: MEMBER.email,
      entity: 'account',
      entityId: String(ids[MEMBER.email]),
      changes: { password: [null, 'changed'] },
    })
  })

  it('works for 30 minutes, not after', async () => {
    const early = linkIn(await mailFor(MEMBER.email))
    now += 29 * MINUTE
    expectEnvelope(await reset(tokenOf(early), 'Early1234'), 200)
    MEMBER.password = 'Early1234'

    const late = linkIn(await mailFor(MEMBER.email))
    now += 30 * MINUTE
    const body = expectEnvelope(await reset(tokenOf(late), 'Late12345'), 400)
    expect(body.code).toBe('resetLinkInvalid')
    expectEnvelope(await signIn(MEMBER.email, 'Early1234'), 200)
  })

  it('refuses an unknown or malformed token, and applies the password rules first', async () => {
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(200)]) {
      expect(expectEnvelope(await reset(token, 'Valid1234'), 400).code).toBe('resetLinkInvalid')
    }
    const link = linkIn(await mailFor(MEMBER.email))
    for (const [password, code] of [
      ['short1', 'passwordMin'],
      ['NoDigitsHere', 'passwordDigit'],
      [`1${'x'.repeat(128)}`, 'staffPasswordMax'],
    ] as const) {
      const body = expectEnvelope(await reset(tokenOf(link), password), 400)
      expect(body.codes.password.code).toBe(code)
    }
    // A refused password did not spend the link; a password manager's 128 characters are a password (CONTRACT 5.8).
    const long = `Rules1234${'x'.repeat(119)}`
    expect(long).toHaveLength(128)
    expectEnvelope(await reset(tokenOf(link), long), 200)
    MEMBER.password = long
    expectEnvelope(await signIn(MEMBER.email, long), 200)
    const missing = expectEnvelope(await t.call('POST', RESET, { password: 'Valid1234' }, {}), 400)
    expect(Object.keys(missing.errors)).toEqual(['token'])
  })

  it('refuses the link of an account disabled or turned into something else since it was made', async () => {
    const link = linkIn(await mailFor(NEWCOMER.email))
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, ids[NEWCOMER.email]!))
    expect(expectEnvelope(await reset(tokenOf(link), 'Hanh99999'), 400).code).toBe('resetLinkInvalid')
    // A customer's account never has a link that works, even one stored by hand.
    await t.database.db
      .update(users)
      .set({ active: true, role: 'user' })
      .where(eq(users.id, ids[NEWCOMER.email]!))
    expect(expectEnvelope(await reset(tokenOf(link), 'Hanh99999'), 400).code).toBe('resetLinkInvalid')
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, ids[NEWCOMER.email]!))
    // Those refusals spent nothing: back to an active member, the link works.
    expectEnvelope(await reset(tokenOf(link), 'Hanh99999'), 200)
  })

  it('lets two requests with one link set one password, not two', async () => {
    const link = linkIn(await mailFor(MEMBER.email))
    const answers = await Promise.all([reset(tokenOf(link), 'Race11111'), reset(tokenOf(link), 'Race22222')])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400])
    const winner = answers[0]!.statusCode === 200 ? 'Race11111' : 'Race22222'
    expectEnvelope(await signIn(MEMBER.email, winner), 200)
    MEMBER.password = winner
  })
})

describe('asking whether a link still works, before choosing a password', () => {
  it('answers what a working link is for and until when, and spends nothing: the reset then works', async () => {
    const link = linkIn(await mailFor(MEMBER.email))
    const before = await auditCount()
    for (let i = 0; i < 3; i++) {
      const body = expectEnvelope(await check(tokenOf(link)), 200)
      expect(body.data).toEqual({ purpose: 'reset', expiresAt: new Date(now + 30 * MINUTE).toISOString() })
    }
    // A read: nothing recorded, the link unused.
    expect(await auditCount()).toBe(before)
    expect((await tokenRows(MEMBER.email))[0]!.usedAt).toBeNull()
    expectEnvelope(await reset(tokenOf(link), 'Checked123'), 200)
    MEMBER.password = 'Checked123'
    // Spent now: the page would say so at once.
    const spent = expectEnvelope(await check(tokenOf(link)), 400)
    expect(spent).toMatchObject({
      code: 'resetLinkInvalid',
      errors: { token: 'This link is no longer valid; ask for a new one' },
    })

    // A new member's set-up link, made as adding them makes it.
    const made = await makePasswordLink(t.database.db, ids[NEWCOMER.email]!, 'setup', new Date(now))
    const setup = expectEnvelope(await check(made.token), 200)
    expect(setup.data).toEqual({ purpose: 'setup', expiresAt: made.expiresAt.toISOString() })
  })

  it('refuses, as the reset does, a link expired, of a disabled member, unknown or malformed, naming the token', async () => {
    const late = linkIn(await mailFor(MEMBER.email))
    now += 31 * MINUTE
    expect(expectEnvelope(await check(tokenOf(late)), 400).code).toBe('resetLinkInvalid')
    const link = linkIn(await mailFor(NEWCOMER.email))
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, ids[NEWCOMER.email]!))
    expect(expectEnvelope(await check(tokenOf(link)), 400).code).toBe('resetLinkInvalid')
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, ids[NEWCOMER.email]!))
    expectEnvelope(await check(tokenOf(link)), 200)
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(200)]) {
      const body = expectEnvelope(await check(token), 400)
      expect(Object.keys(body.errors)).toEqual(['token'])
    }
    const missing = await t.app.inject({ method: 'GET', url: RESET })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().errors)).toEqual(['token'])
  })

  it(`answers 429 after ${RESET_LIMITS.failedChecks.max} links that do not work from one address; working ones are not counted`, async () => {
    const address = '203.0.113.99'
    const link = linkIn(await mailFor(MEMBER.email))
    for (let i = 0; i < RESET_LIMITS.failedChecks.max + 5; i++)
      expect((await check(tokenOf(link), address)).statusCode).toBe(200)
    for (let i = 0; i < RESET_LIMITS.failedChecks.max; i++)
      expect((await check(`${'B'.repeat(42)}${i % 10}`, address)).statusCode).toBe(400)
    const refused = await check(tokenOf(link), address)
    expect(expectEnvelope(refused, 429)).toMatchObject({ code: 'tooManyLinkChecks', params: { minutes: 60 } })
    expect(refused.headers['retry-after']).toBe('3600')
    // Another address is answered; the limit ends with its hour.
    expectEnvelope(await check(tokenOf(link)), 200)
    now += 61 * MINUTE
    expect((await check(tokenOf(link), address)).statusCode).toBe(400)
  })
})

describe('a name that tries to write headers', () => {
  it('reaches the member alone, and writes no header of its own', async () => {
    await t.database.db
      .update(users)
      .set({ name: 'Eve\r\nBcc: thief@evil.example\r\nSubject: pwned\nX-Injected: 1' })
      .where(eq(users.id, ids[NEWCOMER.email]!))
    const mail = await mailFor(NEWCOMER.email)
    expect(mail.envelope.to).toEqual([NEWCOMER.email])
    expect(mail.parsed.headers.has('x-injected')).toBe(false)
    expect(mail.parsed.headers.has('bcc')).toBe(false)
    expect(mail.parsed.subject).toBe('Đặt lại mật khẩu trang quản trị cửa hàng')
    const lines = headerLines(mail)
    expect(lines.filter((l) => /^(bcc|x-injected|subject: pwned)/i.test(l))).toEqual([])
    expect(lines.filter((l) => l.includes('thief@'))).toEqual([
      `To: "Eve Bcc: thief@evil.example Subject: pwned X-Injected: 1" <${NEWCOMER.email}>`,
    ])
  })
})

describe('the limits on reset requests', () => {
  it(`answers 429 after ${RESET_LIMITS.perEmail.max} requests for one email in an hour, from any address`, async () => {
    const email = 'flooded@shop.test'
    for (let i = 0; i < RESET_LIMITS.perEmail.max; i++) expect((await forgot(email)).statusCode).toBe(200)
    const refused = await forgot(email)
    const body = expectEnvelope(refused, 429)
    expect(body).toMatchObject({ code: 'tooManyResetRequests', params: { minutes: 60 } })
    expect(body.message).toBe('Too many password reset requests; try again in 60 minutes')
    expect(refused.headers['retry-after']).toBe('3600')
    // Another email from the same address is still answered.
    const address = nextAddress()
    expect((await forgot('someone.else@shop.test', address)).statusCode).toBe(200)
    // An existing member's email is limited the same way, and a flood writes no entry beyond the limit.
    const before = await auditCount()
    for (let i = 0; i < RESET_LIMITS.perEmail.max + 3; i++) await forgot(DISABLED.email)
    expect(await auditCount()).toBe(before + RESET_LIMITS.perEmail.max)
    now += 20 * MINUTE
    const later = await forgot(email)
    expect(later.headers['retry-after']).toBe(String(40 * 60))
    now += 40 * MINUTE
    expect((await forgot(email)).statusCode).toBe(200)
  })

  it(`answers 429 after ${RESET_LIMITS.perAddress.max} requests from one address, whatever the emails`, async () => {
    const address = '203.0.113.77'
    for (let i = 0; i < RESET_LIMITS.perAddress.max; i++)
      expect((await forgot(`walker${i}@shop.test`, address)).statusCode).toBe(200)
    const body = expectEnvelope(await forgot('walker-next@shop.test', address), 429)
    expect(body.code).toBe('tooManyResetRequests')
    // The refused email was not counted against itself: from elsewhere it is answered.
    expect((await forgot('walker-next@shop.test')).statusCode).toBe(200)
    // An IPv6 client is one /64, whichever of its addresses it uses.
    for (let i = 0; i < RESET_LIMITS.perAddress.max; i++)
      expect((await forgot(`six${i}@shop.test`, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(
        200,
      )
    expect((await forgot('six-next@shop.test', '2001:db8:1:2:ffff::1')).statusCode).toBe(429)
  })
})

describe('without mail, or with mail that fails', () => {
  let bare: TestApp
  let broken: TestApp
  beforeAll(async () => {
    bare = await startApp()
    broken = await startApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } })
  })
  afterAll(async () => {
    await bare.close()
    await broken.close()
  })

  it('answers forgot-password as always and makes no link when SMTP_URL is unset', async () => {
    const [member] = await bare.database.db
      .insert(users)
      .values({ name: 'Không Thư', email: 'khongthu@shop.test', role: 'staff' })
      .returning({ id: users.id })
    const res = await bare.app.inject({
      method: 'POST',
      url: FORGOT,
      payload: { email: 'khongthu@shop.test' },
    })
    expect(res.json()).toEqual(SENT)
    expect(
      await bare.database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, member!.id)),
    ).toEqual([])
    // An administrator still makes a member's link, handed over by hand: nothing was emailed.
    const created = await bare.call('POST', '/api/admin/staff', {
      name: 'Tay Trao',
      email: 'taytrao@shop.test',
      role: 'staff',
    })
    expect(expectEnvelope(created, 201).data).toMatchObject({ emailed: false })
    const link = await bare.call('POST', `/api/admin/staff/${member!.id}/reset-link`)
    expect(expectEnvelope(link, 200).data).toMatchObject({ emailed: false })
    expect(expectEnvelope(link, 200).data.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/)
  })

  it('answers as always when the SMTP server cannot be reached, and a new member’s link still works', async () => {
    const [member] = await broken.database.db
      .insert(users)
      .values({ name: 'Thư Lỗi', email: 'thuloi@shop.test', role: 'staff' })
      .returning({ id: users.id })
    const res = await broken.app.inject({
      method: 'POST',
      url: FORGOT,
      payload: { email: 'thuloi@shop.test' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(SENT)
    expect(
      await broken.database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, member!.id)),
    ).toHaveLength(1)
    const created = expectEnvelope(
      await broken.call('POST', '/api/admin/staff', {
        name: 'Mới Vào',
        email: 'moivao@shop.test',
        role: 'staff',
      }),
      201,
    ).data
    expect(created.emailed).toBe(false)
    const chosen = await broken.call(
      'POST',
      RESET,
      { token: tokenOf(created.setupLink), password: 'MoiVao123' },
      {},
    )
    expectEnvelope(chosen, 200)
    const [entry] = await broken.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, created.id)))
    expect(entry!.changes).toMatchObject({ emailed: [null, false] })
  })
})

describe('the mailer', () => {
  it('logs a mail it could not send without waiting, and waits for it when closed', async () => {
    const logged: { details: object; message: string }[] = []
    const log = {
      info: () => {},
      error: (details: object, message: string) => logged.push({ details, message }),
    }
    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, log)!
    const content = passwordMail({ kind: 'forgot', language: 'en', name: 'A', link: 'x', validMinutes: 30 })
    mailer.sendLater({ name: 'A', address: 'a@shop.test' }, content, 'password reset')
    await mailer.close()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ message: 'mail not sent', details: { mail: 'password reset' } })
    // Waited for, the same failure is thrown to the caller.
    const again = createMailer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, log)!
    await expect(again.send({ name: 'A', address: 'a@shop.test' }, content)).rejects.toThrow()
    await again.close()
    expect(createMailer({}, log)).toBeNull()
  })
})

describe('the mail settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env)
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as ConfigError).problems
    }
    throw new Error(`accepted ${JSON.stringify(env)}`)
  }

  it('takes SMTP URLs, a sender, the public address without its trailing slash, and a language', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:p%40ss@mail.shop.vn:465',
        MAIL_FROM: 'Shop <no-reply@shop.vn>',
        PUBLIC_URL: 'https://admin.shop.vn/',
        MAIL_LANGUAGE: 'en',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtps://user:p%40ss@mail.shop.vn:465',
      MAIL_FROM: 'Shop <no-reply@shop.vn>',
      PUBLIC_URL: 'https://admin.shop.vn',
      MAIL_LANGUAGE: 'en',
    })
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@shop.vn' })).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
  })

  it('refuses each bad value, naming it', () => {
    expect(problems({ SMTP_URL: 'http://mail.shop.vn' })).toEqual([
      'SMTP_URL: must be smtp://user:password@host:port or smtps://user:password@host:port',
    ])
    expect(problems({ SMTP_URL: 'smtp://' })[0]).toMatch(/^SMTP_URL:/)
    expect(problems({ MAIL_FROM: 'Shop <no-reply@shop.vn>\r\nBcc: x@y.z' })[0]).toMatch(/^MAIL_FROM:/)
    expect(problems({ MAIL_FROM: 'not an address' })[0]).toMatch(/^MAIL_FROM:/)
    expect(problems({ PUBLIC_URL: 'admin.shop.vn' })[0]).toMatch(/^PUBLIC_URL:/)
    expect(problems({ PUBLIC_URL: 'https://admin.shop.vn/?a=1' })[0]).toMatch(/^PUBLIC_URL:/)
    expect(problems({ MAIL_LANGUAGE: 'fr' })).toEqual(['MAIL_LANGUAGE: must be vi or en'])
  })
})
