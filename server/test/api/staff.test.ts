import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, passwordTokens, users } from '../../src/db/schema.ts'
import { HttpError } from '../../src/lib/errors.ts'
import { updateStaff } from '../../src/modules/staff/repository.ts'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { headerLines, linkIn, SMTP_USER, sentTo, startSmtp, type TestSmtp, tokenOf } from '../smtp.ts'

// Staff accounts (CONTRACT 4.2): the calls of an administrator, their guards, and the links and emails with
// which a member chooses a password, sent through a real SMTP server this file starts.

const PUBLIC_URL = 'https://shop.test/back-office'
const HOUR = 60 * 60_000

let t: TestApp
let smtp: TestSmtp
let now = new Date('2026-03-02T03:00:00Z').getTime()
/** The administrator's bearer header; made again after the clock moves past its token's life. */
let admin: { authorization: string }

beforeAll(async () => {
  smtp = await startSmtp()
  // A trailing slash on PUBLIC_URL is dropped, so links never read `//reset-password`.
  t = await startApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: `${PUBLIC_URL}/` }, now: () => new Date(now) })
  admin = t.auth
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const STAFF = '/api/admin/staff'

async function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/admin/auth/login', { email, password }, headers)
}

/** Signs in: the bearer header of the new session, and its refresh token. */
async function sessionOf(email: string, password: string, headers: Record<string, string> = {}) {
  const body = expectEnvelope(await signIn(email, password, headers), 200)
  return {
    auth: { authorization: `Bearer ${body.data.tokens.access.token}` },
    refresh: body.data.tokens.refresh.token as string,
  }
}

/** Adds a member through the API and chooses their password with the setup link it answers. */
async function addMember(name: string, email: string, role: 'admin' | 'staff', password = 'Member123') {
  const created = expectEnvelope(await t.call('POST', STAFF, { name, email, role }, admin), 201).data
  expectEnvelope(
    await t.call(
      'POST',
      '/api/admin/auth/reset-password',
      { token: tokenOf(created.setupLink), password },
      {},
    ),
    200,
  )
  return { id: created.id as string, email, password }
}

const entriesOf = (entityId: string, action?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, entityId),
        action ? eq(auditLog.action, action) : undefined,
        eq(auditLog.entity, action === 'passwordReset' ? 'account' : 'staff'),
      ),
    )
    .orderBy(desc(auditLog.id))

function expectRefusal(answer: Answer, status: number, code: string) {
  const body = expectEnvelope(answer, status)
  expect(body.code).toBe(code)
  return body
}

describe('adding a member of staff', () => {
  it('answers the member and a one-time setup link for 72 hours, emails it, and the link sets the password', async () => {
    const answer = await t.call(
      'POST',
      STAFF,
      { name: '  Phạm Thị Thu  ', email: 'Thu.Pham@Shop.test', role: 'staff' },
      admin,
    )
    const data = expectEnvelope(answer, 201).data
    expect(data).toMatchObject({
      id: data._id,
      name: 'Phạm Thị Thu',
      email: 'Thu.Pham@Shop.test',
      role: 'staff',
      active: true,
      twoFactor: false,
      lastLoginAt: null,
      emailed: true,
      setupLinkExpiresAt: new Date(now + 72 * HOUR).toISOString(),
    })
    // In the mail's language, so the page it opens speaks it too.
    expect(data.setupLink).toMatch(
      /^https:\/\/shop\.test\/back-office\/reset-password\?token=[\w-]{43}&lang=vi$/,
    )

    // The mail: to the member alone, through the SMTP login of SMTP_URL, in the shop's language (vi by default)
    // since the account has never signed in, in plain text and HTML, both carrying the same link.
    const mail = await smtp.waitFor(sentTo('Thu.Pham@Shop.test'))
    expect(mail.user).toBe(SMTP_USER.user)
    // nodemailer writes the domain in lower case, as it is case-insensitive.
    expect(mail.envelope.to).toEqual(['Thu.Pham@shop.test'])
    expect(mail.parsed.from?.value).toEqual([{ name: 'Store back-office', address: 'no-reply@localhost' }])
    expect(mail.parsed.subject).toBe('Đặt mật khẩu cho trang quản trị cửa hàng')
    expect(linkIn(mail)).toBe(data.setupLink)
    expect(mail.parsed.text).toContain('Xin chào Phạm Thị Thu,')
    expect(mail.parsed.text).toContain('72 giờ')
    expect(mail.parsed.html).toContain(`href="${data.setupLink.replaceAll('&', '&amp;')}"`)
    expect(mail.parsed.html).toContain('lang="vi"')

    // No password until the link is followed.
    expectRefusal(await signIn('thu.pham@shop.test', 'Member123'), 401, 'wrongCredentials')
    const reset = await t.call(
      'POST',
      '/api/admin/auth/reset-password',
      { token: tokenOf(data.setupLink), password: 'Member123' },
      {},
    )
    expect(expectEnvelope(reset, 200).data).toBeNull()
    const me = (await sessionOf('thu.pham@shop.test', 'Member123')).auth
    expect(expectEnvelope(await t.call('GET', '/api/admin/auth/me', undefined, me), 200).data.role).toBe(
      'staff',
    )
    // Once only.
    const again = await t.call(
      'POST',
      '/api/admin/auth/reset-password',
      { token: tokenOf(data.setupLink), password: 'Other1234' },
      {},
    )
    expect(expectRefusal(again, 400, 'resetLinkInvalid').errors).toEqual({
      token: 'This link is no longer valid; ask for a new one',
    })

    // Recorded, without the link: the creation by the administrator, the password chosen by the member.
    const [created] = await entriesOf(data.id, 'create')
    expect(created).toMatchObject({ actorId: t.adminId, action: 'create', entity: 'staff' })
    expect(created!.changes).toEqual({
      name: [null, 'Phạm Thị Thu'],
      email: [null, 'Thu.Pham@Shop.test'],
      role: [null, 'staff'],
      active: [null, true],
      emailed: [null, true],
    })
    const [chosen] = await entriesOf(data.id, 'passwordReset')
    expect(chosen).toMatchObject({ actorId: Number(data.id), actorEmail: 'Thu.Pham@Shop.test' })
    expect(chosen!.changes).toEqual({ password: [null, 'changed'] })
    const logged = JSON.stringify(await t.database.db.select().from(auditLog))
    expect(logged).not.toContain(tokenOf(data.setupLink))
  })

  it('keeps only the hash of a link', async () => {
    const data = expectEnvelope(
      await t.call('POST', STAFF, { name: 'Hash Only', email: 'hash.only@shop.test', role: 'staff' }, admin),
      201,
    ).data
    const rows = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, Number(data.id)))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ purpose: 'setup', usedAt: null })
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(tokenOf(data.setupLink))
  })

  it('refuses an email any account has, whatever its case, with 409 on the field', async () => {
    await t.database.db
      .insert(users)
      .values({ name: 'Khách', email: 'khach.staff@test.example', role: 'user' })
    for (const email of [ADMIN.email.toUpperCase(), 'Khach.Staff@test.example']) {
      const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n
      const body = expectRefusal(
        await t.call('POST', STAFF, { name: 'Trùng', email, role: 'staff' }, admin),
        409,
        'emailTaken',
      )
      expect(body.errors).toEqual({ email: 'This email is already in use' })
      expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before)
    }
  })

  it('refuses a bad body naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', email: 'a@shop.test', role: 'staff' }, 'name'],
      [{ name: 'A', email: 'not-an-email', role: 'staff' }, 'email'],
      [{ name: 'A', email: 'a@shop.test', role: 'user' }, 'role'],
      [{ name: 'A', email: 'a@shop.test' }, 'role'],
    ]
    for (const [body, field] of cases) {
      const answer = expectEnvelope(await t.call('POST', STAFF, body, admin), 400)
      expect(Object.keys(answer.errors)).toContain(field)
    }
  })

  it('never writes a name with line breaks into a header of the mail', async () => {
    const name = 'Mallory\r\nBcc: thief@evil.example\r\nX-Injected: yes\r\n\r\nforged body'
    const data = expectEnvelope(
      await t.call('POST', STAFF, { name, email: 'mallory@shop.test', role: 'staff' }, admin),
      201,
    ).data
    expect(data.emailed).toBe(true)
    const mail = await smtp.waitFor(sentTo('mallory@shop.test'))
    expect(mail.envelope.to).toEqual(['mallory@shop.test'])
    expect(mail.parsed.headers.has('x-injected')).toBe(false)
    expect(mail.parsed.headers.has('bcc')).toBe(false)
    expect(mail.parsed.bcc).toBeUndefined()
    const to = Array.isArray(mail.parsed.to) ? mail.parsed.to : [mail.parsed.to]
    expect(to.flatMap((a) => a?.value.map((v) => v.address))).toEqual(['mallory@shop.test'])
    // The name is the display name of the one To header, quoted, and starts no header of its own.
    const lines = headerLines(mail)
    expect(lines.filter((l) => /^(bcc|x-injected):/i.test(l))).toEqual([])
    expect(lines.filter((l) => l.includes('thief@evil.example'))).toEqual([
      'To: "Mallory Bcc: thief@evil.example X-Injected: yes forged body" <mallory@shop.test>',
    ])
    // In the body the name reads on one line.
    expect(mail.parsed.text).toContain(
      'Xin chào Mallory Bcc: thief@evil.example X-Injected: yes forged body,',
    )
  })

  it('escapes a name in the HTML of the mail', async () => {
    const name = 'Lê <img src=x onerror=alert(1)> & "Bá"'
    await t.call('POST', STAFF, { name, email: 'le.ba@shop.test', role: 'staff' }, admin)
    const mail = await smtp.waitFor(sentTo('le.ba@shop.test'))
    expect(mail.parsed.html).toContain('Xin chào Lê &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bá&quot;,')
    expect(mail.parsed.html).not.toContain('<img')
    expect(mail.parsed.text).toContain(`Xin chào ${name},`)
  })
})

describe('the staff list', () => {
  // Members of this describe alone: their emails end in @list.example, which the search also reads.
  const members = [
    { name: 'Nguyễn Văn An', email: 'an@list.example', role: 'staff' },
    { name: 'Đỗ Thị Bình', email: 'binh@list.example', role: 'admin' },
    { name: 'an Phạm', email: 'pham.an@list.example', role: 'staff' },
    { name: 'Ánh Lê', email: 'zeta@list.example', role: 'staff' },
    { name: 'Trần Công', email: 'cong@list.example', role: 'staff' },
  ] as const
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    for (const m of members) {
      // Each a minute apart, so the default order (newest first) is known.
      now += 60_000
      ids[m.email] = expectEnvelope(await t.call('POST', STAFF, m, admin), 201).data.id
    }
    now += 60_000
    admin = (await sessionOf(ADMIN.email, ADMIN.password)).auth
    // Disabled, and a customer whose name and email match every search below: never listed.
    expectEnvelope(await t.call('PUT', `${STAFF}/${ids['cong@list.example']}`, { active: false }, admin), 200)
    await t.database.db
      .insert(users)
      .values({ name: 'Nguyễn An Khách', email: 'khach.an@list.example', role: 'user' })
  })

  const list = async (query: string) =>
    expectEnvelope(await t.call('GET', `${STAFF}?${query}`, undefined, admin), 200)
  const emails = (body: { data: { email: string }[] }) => body.data.map((m) => m.email)
  /** The emails of this describe's members in an answer, which may hold other members too. */
  const ours = (body: { data: { email: string }[] }) =>
    emails(body).filter((e) => e.endsWith('@list.example'))

  it('searches name and email, ignoring case and diacritics, newest first by default, customers never', async () => {
    const all = await list('name=LIST.EXAMPLE&limit=100')
    expect(emails(all)).toEqual([
      'cong@list.example',
      'zeta@list.example',
      'pham.an@list.example',
      'binh@list.example',
      'an@list.example',
    ])
    expect(all.meta).toEqual({ page: 1, limit: 100, totalPages: 1, totalResults: 5 })
    // 'an' is in 'Nguyễn Văn An', 'an Phạm', 'Ánh Lê' and 'Trần Công'; the customer 'Nguyễn An Khách' is left out.
    expect(ours(await list('name=an&limit=100'))).toEqual([
      'cong@list.example',
      'zeta@list.example',
      'pham.an@list.example',
      'an@list.example',
    ])
    expect(ours(await list('name=NGUYEN&limit=100'))).toEqual(['an@list.example'])
    // 'ĐỖ' and 'do thi' both find 'Đỗ Thị Bình'.
    expect(ours(await list(`name=${encodeURIComponent('ĐỖ')}&limit=100`))).toEqual(['binh@list.example'])
    expect(ours(await list('name=do%20thi&limit=100'))).toEqual(['binh@list.example'])
    // By a part of the email only.
    expect(emails(await list('name=zeta@'))).toEqual(['zeta@list.example'])
    // LIKE's own characters are searched as themselves.
    expect((await list('name=%25')).meta.totalResults).toBe(0)
    expect((await list('name=_')).meta.totalResults).toBe(0)
  })

  it('filters by role and by active, with exact totals', async () => {
    expect(emails(await list('name=list.example&role=admin'))).toEqual(['binh@list.example'])
    const staff = await list('name=list.example&role=staff&limit=2')
    expect(staff.meta).toEqual({ page: 1, limit: 2, totalPages: 2, totalResults: 4 })
    expect(emails(await list('name=list.example&active=false'))).toEqual(['cong@list.example'])
    const active = await list('name=list.example&active=true&role=staff')
    expect(active.meta.totalResults).toBe(3)
    expect(active.data.every((m: { active: boolean }) => m.active)).toBe(true)
    // Without a search the list holds every member, the test administrator among them, and no customer.
    const everyone = await list('limit=100')
    expect(everyone.meta.totalResults).toBe(everyone.data.length)
    expect(emails(everyone)).toContain(ADMIN.email)
    expect(emails(everyone)).not.toContain('khach.an@list.example')
    expect(everyone.data.every((m: { role: string }) => m.role === 'admin' || m.role === 'staff')).toBe(true)
  })

  it('sorts by name (as read, whatever the case and diacritics), email and creation, either way', async () => {
    expect(emails(await list('name=list.example&sortBy=name:asc'))).toEqual([
      'pham.an@list.example', // an Phạm
      'zeta@list.example', // Ánh Lê
      'binh@list.example', // Đỗ Thị Bình
      'an@list.example', // Nguyễn Văn An
      'cong@list.example', // Trần Công
    ])
    expect(emails(await list('name=list.example&sortBy=name:desc'))).toEqual([
      'cong@list.example',
      'an@list.example',
      'binh@list.example',
      'zeta@list.example',
      'pham.an@list.example',
    ])
    expect(emails(await list('name=list.example&sortBy=email:asc'))).toEqual([
      'an@list.example',
      'binh@list.example',
      'cong@list.example',
      'pham.an@list.example',
      'zeta@list.example',
    ])
    expect(emails(await list('name=list.example&sortBy=createdAt:asc'))).toEqual(members.map((m) => m.email))
  })

  it('pages without overlap or gaps, ties broken by id', async () => {
    // Two more created in the same instant: only the id tells them apart.
    await t.call('POST', STAFF, { name: 'Cùng Giờ 1', email: 'same1@list.example', role: 'staff' }, admin)
    await t.call('POST', STAFF, { name: 'Cùng Giờ 2', email: 'same2@list.example', role: 'staff' }, admin)
    for (const sortBy of ['createdAt:desc', 'createdAt:asc', 'name:asc', 'email:desc']) {
      const whole = emails(await list(`name=list.example&sortBy=${sortBy}&limit=100`))
      expect(whole).toHaveLength(7)
      const paged: string[] = []
      for (let page = 1; page <= 3; page++) {
        const body = await list(`name=list.example&sortBy=${sortBy}&limit=3&page=${page}`)
        expect(body.meta).toEqual({ page, limit: 3, totalPages: 3, totalResults: 7 })
        paged.push(...emails(body))
      }
      expect(paged).toEqual(whole)
    }
    const ascending = emails(await list('name=same&sortBy=createdAt:asc'))
    expect(ascending).toEqual(['same1@list.example', 'same2@list.example'])
    expect(emails(await list('name=same&sortBy=createdAt:desc'))).toEqual(ascending.reverse())
  })

  it('refuses a bad query naming the parameter', async () => {
    for (const [query, field] of [
      ['sortBy=password:asc', 'sortBy'],
      ['sortBy=name:up', 'sortBy'],
      ['role=user', 'role'],
      ['active=yes', 'active'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
    ]) {
      const body = expectEnvelope(await t.call('GET', `${STAFF}?${query}`, undefined, admin), 400)
      expect(Object.keys(body.errors)).toEqual([field])
    }
  })
})

describe('one member', () => {
  it('answers a member, and 404 for a customer, an unknown id or junk', async () => {
    const member = await t.call('GET', `${STAFF}/${t.adminId}`, undefined, admin)
    expect(expectEnvelope(member, 200).data).toMatchObject({
      id: String(t.adminId),
      email: ADMIN.email,
      role: 'admin',
      active: true,
    })
    expect(expectEnvelope(member, 200).data).not.toHaveProperty('passwordHash')
    const [customer] = await t.database.db
      .insert(users)
      .values({ name: 'Khách Một', email: 'khach.mot@test.example', role: 'user' })
      .returning({ id: users.id })
    for (const id of [String(customer!.id), '999999', 'abc', '0']) {
      expectRefusal(await t.call('GET', `${STAFF}/${id}`, undefined, admin), 404, 'staffNotFound')
      expectRefusal(await t.call('PUT', `${STAFF}/${id}`, { name: 'X' }, admin), 404, 'staffNotFound')
      expectRefusal(await t.call('POST', `${STAFF}/${id}/reset-link`, undefined, admin), 404, 'staffNotFound')
    }
  })
})

describe('changing a member', () => {
  it('changes name, role and active, and records what changed', async () => {
    const m = expectEnvelope(
      await t.call('POST', STAFF, { name: 'Hoàng Minh', email: 'minh@shop.test', role: 'staff' }, admin),
      201,
    ).data
    const updated = expectEnvelope(
      await t.call('PUT', `${STAFF}/${m.id}`, { name: 'Hoàng Văn Minh', role: 'admin' }, admin),
      200,
    ).data
    expect(updated).toMatchObject({ name: 'Hoàng Văn Minh', role: 'admin', active: true })
    const [entry] = await entriesOf(m.id, 'update')
    expect(entry).toMatchObject({ actorId: t.adminId, entity: 'staff', action: 'update' })
    expect(entry!.changes).toEqual({ name: ['Hoàng Minh', 'Hoàng Văn Minh'], role: ['staff', 'admin'] })
    // The same values again change nothing, and write no entry.
    expectEnvelope(await t.call('PUT', `${STAFF}/${m.id}`, { role: 'admin', active: true }, admin), 200)
    expect(await entriesOf(m.id, 'update')).toHaveLength(1)
  })

  it('lets nobody change their own role or disable themselves, but their own name', async () => {
    expectRefusal(await t.call('PUT', `${STAFF}/${t.adminId}`, { role: 'staff' }, admin), 409, 'ownRole')
    expectRefusal(await t.call('PUT', `${STAFF}/${t.adminId}`, { active: false }, admin), 409, 'disableSelf')
    const [self] = await t.database.db.select().from(users).where(eq(users.id, t.adminId))
    expect(self).toMatchObject({ role: 'admin', active: true })
    // Sending back one's own role and active flag, as a form does, is no change of either.
    const renamed = await t.call(
      'PUT',
      `${STAFF}/${t.adminId}`,
      { name: 'Test Admin', role: 'admin', active: true },
      admin,
    )
    expect(expectEnvelope(renamed, 200).data).toMatchObject({ role: 'admin', active: true })
  })

  it('ends every session of a disabled member at once; their password then meets 403', async () => {
    const m = await addMember('Vũ Tắt', 'vu.tat@shop.test', 'staff')
    const first = await sessionOf(m.email, m.password)
    const second = await sessionOf(m.email, m.password)
    expectEnvelope(await t.call('GET', '/api/admin/auth/me', undefined, first.auth), 200)

    const disabled = await t.call('PUT', `${STAFF}/${m.id}`, { active: false }, admin)
    expect(expectEnvelope(disabled, 200).data.active).toBe(false)
    for (const session of [first, second]) {
      expectRefusal(await t.call('GET', '/api/admin/products', undefined, session.auth), 401, 'sessionEnded')
      expectRefusal(
        await t.call('POST', '/api/admin/auth/refresh-tokens', { refreshToken: session.refresh }, {}),
        401,
        'refreshInvalid',
      )
    }
    expectRefusal(await signIn(m.email, m.password), 403, 'accountDisabled')
    const [entry] = await entriesOf(m.id, 'update')
    expect(entry!.changes).toEqual({ active: [true, false] })

    // Enabled again, the same password works.
    expectEnvelope(await t.call('PUT', `${STAFF}/${m.id}`, { active: true }, admin), 200)
    await sessionOf(m.email, m.password)
  })

  it('applies a role change on the member’s next call', async () => {
    const m = await addMember('Lý Quyền', 'ly.quyen@shop.test', 'admin')
    const session = await sessionOf(m.email, m.password)
    expectEnvelope(await t.call('GET', STAFF, undefined, session.auth), 200)
    expectEnvelope(await t.call('PUT', `${STAFF}/${m.id}`, { role: 'staff' }, admin), 200)
    expectRefusal(await t.call('GET', STAFF, undefined, session.auth), 403, 'notAllowed')
  })
})

describe('the last active administrator', () => {
  /**
   * Runs `work` while the given accounts are the only active administrators: every other one is disabled for
   * the while, then enabled again.
   */
  async function onlyAdmins(keep: number[], work: () => Promise<void>) {
    const { db } = t.database
    const others = await db
      .update(users)
      .set({ active: false })
      .where(and(eq(users.role, 'admin'), eq(users.active, true), notInArray(users.id, keep)))
      .returning({ id: users.id })
    try {
      await work()
    } finally {
      if (others.length > 0)
        await db
          .update(users)
          .set({ active: true })
          .where(
            inArray(
              users.id,
              others.map((o) => o.id),
            ),
          )
    }
  }

  it('cannot be demoted or disabled by anyone, checked against the rows the change locks', async () => {
    // The guard as a change meets it when the one who asked lost the administrator role a moment before: the
    // member changed is the only active administrator left, and stays one.
    const other = await addMember('Quản Trị Hai', 'qt.hai@shop.test', 'admin')
    const { db } = t.database
    const change = (body: { role?: 'staff'; active?: boolean }) =>
      db
        .transaction((tx) => updateStaff(tx, Number(other.id), body, t.adminId, new Date(now)))
        .then(() => null)
        .catch((error: unknown) => error)
    await onlyAdmins([Number(other.id)], async () => {
      for (const body of [
        { role: 'staff' as const },
        { active: false },
        { role: 'staff' as const, active: false },
      ]) {
        const refused = await change(body)
        expect(refused).toBeInstanceOf(HttpError)
        expect((refused as HttpError).statusCode).toBe(409)
        expect((refused as HttpError).refusal.code).toBe('lastAdmin')
      }
      // A rename, or the same role and flag again, is no demotion.
      expect(await change({ active: true })).toBeNull()
      const [still] = await db
        .select()
        .from(users)
        .where(eq(users.id, Number(other.id)))
      expect(still).toMatchObject({ role: 'admin', active: true })
    })
    // With two active administrators, one may demote the other.
    await onlyAdmins([t.adminId, Number(other.id)], async () => {
      expectEnvelope(await t.call('PUT', `${STAFF}/${other.id}`, { role: 'staff' }, admin), 200)
    })
  })

  it('survives two administrators demoting each other at once: one wins, one admin is left', async () => {
    const a = await addMember('Đôi Một', 'doi.mot@shop.test', 'admin')
    const b = await addMember('Đôi Hai', 'doi.hai@shop.test', 'admin')
    const sessionA = await sessionOf(a.email, a.password)
    const sessionB = await sessionOf(b.email, b.password)
    await onlyAdmins([Number(a.id), Number(b.id)], async () => {
      const answers = await Promise.all([
        t.call('PUT', `${STAFF}/${b.id}`, { role: 'staff' }, sessionA.auth),
        t.call('PUT', `${STAFF}/${a.id}`, { role: 'staff' }, sessionB.auth),
      ])
      expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1)
      // The loser either had its role checked after the winner's change (403), or got as far as the change
      // and found itself the last administrator (409).
      const loser = answers.find((x) => x.statusCode !== 200)!
      expect([
        ['403', 'notAllowed'],
        ['409', 'lastAdmin'],
      ]).toContainEqual([String(loser.statusCode), loser.body.code])
      const admins = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)))
      expect(admins).toHaveLength(1)
      expect([Number(a.id), Number(b.id)]).toContain(admins[0]!.id)
    })
  })
})

describe('a reset link made by an administrator', () => {
  it('answers a 24-hour link, emails it in the member’s language, and the link sets a new password', async () => {
    const m = await addMember('Hồ Ngọc', 'ho.ngoc@shop.test', 'staff')
    const setupMails = smtp.messages.length
    // The member's last sign-in asked for English: the mails they get are in English from now on.
    const old = await sessionOf(m.email, m.password, { 'accept-language': 'en-GB,en;q=0.9' })
    const answer = await t.call('POST', `${STAFF}/${m.id}/reset-link`, undefined, admin)
    const data = expectEnvelope(answer, 200).data
    expect(data).toEqual({
      link: expect.stringMatching(
        /^https:\/\/shop\.test\/back-office\/reset-password\?token=[\w-]{43}&lang=en$/,
      ),
      expiresAt: new Date(now + 24 * HOUR).toISOString(),
      emailed: true,
    })
    const mail = await smtp.waitFor(sentTo(m.email), { from: setupMails })
    expect(mail.parsed.subject).toBe('Reset your password for the store back-office')
    expect(mail.parsed.text).toContain('Hello Hồ Ngọc,')
    expect(mail.parsed.text).toContain('24 hours')
    expect(linkIn(mail)).toBe(data.link)
    expect(mail.parsed.html).toContain('lang="en"')

    expectEnvelope(
      await t.call(
        'POST',
        '/api/admin/auth/reset-password',
        { token: tokenOf(data.link), password: 'Reset1234' },
        {},
      ),
      200,
    )
    // Every session ended by the reset; the new password signs in, the old one no more.
    expectRefusal(await t.call('GET', '/api/admin/auth/me', undefined, old.auth), 401, 'sessionEnded')
    expectRefusal(await signIn(m.email, m.password), 401, 'wrongCredentials')
    await sessionOf(m.email, 'Reset1234')
    const [entry] = await entriesOf(m.id, 'resetLink')
    expect(entry).toMatchObject({ actorId: t.adminId, action: 'resetLink' })
    expect(entry!.changes).toEqual({ emailed: [null, true] })
    expect(JSON.stringify(entry)).not.toContain(tokenOf(data.link))
  })

  it('is refused for a disabled member, whose links all stopped working when disabled', async () => {
    const created = expectEnvelope(
      await t.call('POST', STAFF, { name: 'Tạm Nghỉ', email: 'tam.nghi@shop.test', role: 'staff' }, admin),
      201,
    ).data
    expectEnvelope(await t.call('PUT', `${STAFF}/${created.id}`, { active: false }, admin), 200)
    expectRefusal(
      await t.call('POST', `${STAFF}/${created.id}/reset-link`, undefined, admin),
      409,
      'accountDisabled',
    )
    // Enabled again, the setup link made before stays spent.
    expectEnvelope(await t.call('PUT', `${STAFF}/${created.id}`, { active: true }, admin), 200)
    expectRefusal(
      await t.call(
        'POST',
        '/api/admin/auth/reset-password',
        { token: tokenOf(created.setupLink), password: 'Member123' },
        {},
      ),
      400,
      'resetLinkInvalid',
    )
  })
})

describe('a member with the staff role', () => {
  it('gets 403 notAllowed from every staff call, and nothing changes', async () => {
    const m = await addMember('Nhân Viên Thường', 'nv.thuong@shop.test', 'staff')
    const session = (await sessionOf(m.email, m.password)).auth
    const usersBefore = (await t.database.db.select({ n: count() }).from(users))[0]!.n
    const auditBefore = (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n
    const calls: [string, string, unknown?][] = [
      ['GET', STAFF],
      ['GET', `${STAFF}/${t.adminId}`],
      ['POST', STAFF, { name: 'Lậu', email: 'lau@shop.test', role: 'admin' }],
      ['PUT', `${STAFF}/${m.id}`, { role: 'admin' }],
      ['PUT', `${STAFF}/${t.adminId}`, { active: false }],
      ['POST', `${STAFF}/${t.adminId}/reset-link`],
    ]
    for (const [method, url, body] of calls) {
      expectRefusal(await t.call(method as 'GET', url, body, session), 403, 'notAllowed')
    }
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(usersBefore)
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore)
    const [self] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(m.id)))
    expect(self!.role).toBe('staff')
    // Without a token at all: 401.
    expectRefusal(await t.call('GET', STAFF, undefined, {}), 401, 'signInRequired')
  })
})

describe('links over time', () => {
  it('a setup link stops working after 72 hours', async () => {
    const data = expectEnvelope(
      await t.call('POST', STAFF, { name: 'Chậm Trễ', email: 'cham.tre@shop.test', role: 'staff' }, admin),
      201,
    ).data
    now += 72 * HOUR + 1
    expectRefusal(
      await t.call(
        'POST',
        '/api/admin/auth/reset-password',
        { token: tokenOf(data.setupLink), password: 'Member123' },
        {},
      ),
      400,
      'resetLinkInvalid',
    )
    // The administrator's token has expired meanwhile too; a new sign-in makes a new link that works.
    admin = (await sessionOf(ADMIN.email, ADMIN.password)).auth
    const fresh = expectEnvelope(
      await t.call('POST', `${STAFF}/${data.id}/reset-link`, undefined, admin),
      200,
    ).data
    now += 24 * HOUR - 60_000
    expectEnvelope(
      await t.call(
        'POST',
        '/api/admin/auth/reset-password',
        { token: tokenOf(fresh.link), password: 'Member123' },
        {},
      ),
      200,
    )
  })
})
