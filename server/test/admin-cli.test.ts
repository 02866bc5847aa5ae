import { spawn } from 'node:child_process'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { AdminCommandError, createStaffAccount, resetTwoFactor } from '../src/admin/commands.ts'
import { auditLog, passwordTokens, recoveryCodes, users } from '../src/db/schema.ts'
import { hashPassword } from '../src/modules/auth/passwords.ts'
import { expectEnvelope, startApp, type TestApp } from './helpers.ts'
import { call, run, serverDir, startReady, stop, tempDir } from './server-process.ts'
import { tokenOf } from './smtp.ts'
import { makeWebDir } from './web-dir.ts'

// `npm run admin -- …`: the recovery commands, first as functions against a test database, then as the real
// command in child processes on a data folder of their own.

describe('the recovery commands', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ env: { PUBLIC_URL: 'https://admin.shop.test' } })
  })
  afterAll(async () => t.close())

  it('reset-2fa turns two-step sign-in off, deletes the recovery codes, ends every session, and records it', async () => {
    const [member] = await t.database.db
      .insert(users)
      .values({
        name: 'Chủ Cửa Hàng',
        email: 'chu@shop.test',
        role: 'admin',
        passwordHash: await hashPassword('Owner1234'),
      })
      .returning({ id: users.id })
    const login = await t.call(
      'POST',
      '/api/admin/auth/login',
      { email: 'chu@shop.test', password: 'Owner1234' },
      {},
    )
    const token = expectEnvelope(login, 200).data.tokens.access.token
    await t.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpPendingSecret: 'KRSXG5CTMVRXEZLU', totpLastStep: 123 })
      .where(eq(users.id, member!.id))
    await t.database.db.insert(recoveryCodes).values([
      { userId: member!.id, codeHash: 'a'.repeat(64) },
      { userId: member!.id, codeHash: 'b'.repeat(64) },
    ])

    const done = await resetTwoFactor(t.app.services, ' CHU@Shop.test ')
    expect(done).toEqual({ id: member!.id, name: 'Chủ Cửa Hàng', email: 'chu@shop.test', wasOn: true })
    const [after] = await t.database.db.select().from(users).where(eq(users.id, member!.id))
    expect(after).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member!.id)),
    ).toEqual([])
    const refused = await t.call('GET', '/api/admin/auth/me', undefined, { authorization: `Bearer ${token}` })
    expect(expectEnvelope(refused, 401).code).toBe('sessionEnded')
    // The password alone signs in again.
    const again = await t.call(
      'POST',
      '/api/admin/auth/login',
      { email: 'chu@shop.test', password: 'Owner1234' },
      {},
    )
    expect(expectEnvelope(again, 200).data.user.twoFactor).toBe(false)

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'twoFactorDisable'), eq(auditLog.entityId, String(member!.id))))
    expect(entry).toMatchObject({
      actorId: null,
      entity: 'staff',
      ip: null,
      changes: { twoFactor: [true, false], via: [null, 'command line'] },
    })
    // Run again, it says two-step sign-in was already off.
    expect((await resetTwoFactor(t.app.services, 'chu@shop.test')).wasOn).toBe(false)
  })

  it('reset-2fa refuses an unknown email and a customer', async () => {
    await t.database.db.insert(users).values({ name: 'Khách', email: 'khach@shop.test', role: 'user' })
    await expect(resetTwoFactor(t.app.services, 'nobody@shop.test')).rejects.toThrow(
      new AdminCommandError('No account has the email nobody@shop.test.'),
    )
    await expect(resetTwoFactor(t.app.services, 'khach@shop.test')).rejects.toThrow(
      new AdminCommandError("khach@shop.test is a customer's account, not a member of staff."),
    )
  })

  it('create adds a member without a password, with a 72-hour setup link that works, and records it', async () => {
    const created = await createStaffAccount(t.app.services, {
      email: 'quanly@shop.test',
      role: 'admin',
      name: 'Quản Lý Mới',
    })
    expect(created.member).toMatchObject({ name: 'Quản Lý Mới', email: 'quanly@shop.test', role: 'admin' })
    expect(created.link).toMatch(/^https:\/\/admin\.shop\.test\/reset-password\?token=[\w-]{43}&lang=vi$/)
    expect(created.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 60 * 60_000)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.member.id))
    expect(row!.passwordHash).toBeNull()
    const [link] = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created.member.id))
    expect(link).toMatchObject({ purpose: 'setup', usedAt: null })

    const chosen = await t.call(
      'POST',
      '/api/admin/auth/reset-password',
      { token: tokenOf(created.link), password: 'QuanLy123' },
      {},
    )
    expectEnvelope(chosen, 200)
    const login = await t.call(
      'POST',
      '/api/admin/auth/login',
      { email: 'quanly@shop.test', password: 'QuanLy123' },
      {},
    )
    expect(expectEnvelope(login, 200).data.user.role).toBe('admin')

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, String(created.member.id))))
    expect(entry).toMatchObject({
      actorId: null,
      entity: 'staff',
      changes: {
        name: [null, 'Quản Lý Mới'],
        email: [null, 'quanly@shop.test'],
        role: [null, 'admin'],
        active: [null, true],
        via: [null, 'command line'],
      },
    })
    expect(JSON.stringify(entry)).not.toContain(tokenOf(created.link))
  })

  it('create names the member after their email when no name is given, and refuses bad input', async () => {
    const created = await createStaffAccount(t.app.services, { email: 'thu.ngan@shop.test', role: 'staff' })
    expect(created.member.name).toBe('thu.ngan')
    for (const [input, message] of [
      [
        { email: 'QUANLY@shop.test', role: 'staff' },
        'An account with the email QUANLY@shop.test exists already.',
      ],
      [
        { email: 'khach@shop.test', role: 'admin' },
        'An account with the email khach@shop.test exists already.',
      ],
      [{ email: 'new@shop.test', role: 'user' }, '--role must be admin or staff.'],
      [{ email: 'not-an-email', role: 'admin' }, 'email: Enter a valid email address'],
      [{ email: 'x@shop.test', role: 'admin', name: '   ' }, '--name: This field is required'],
    ] as const) {
      await expect(createStaffAccount(t.app.services, input)).rejects.toThrow(new AdminCommandError(message))
    }
  })
})

describe('npm run admin', () => {
  it('creates an administrator whose link works on the server, and refuses what it cannot do with exit code 1', async () => {
    const dir = tempDir()
    const settings = { DATA_DIR: dir, PUBLIC_URL: 'https://admin.shop.test' }
    const web = makeWebDir()
    onTestFinished(web.remove)

    // Through npm, as an operator types it: the root package's script.
    const created = await npmRunAdmin(
      ['create', 'boss@shop.test', '--role', 'admin', '--name', 'Bà Chủ'],
      settings,
    )
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toContain('Created the admin account of Bà Chủ <boss@shop.test>')
    const link = /https:\/\/admin\.shop\.test\/reset-password\?token=[\w-]{43}&lang=vi/.exec(
      created.stdout,
    )?.[0]
    expect(link).toBeDefined()

    const taken = run('src/admin/cli.ts', ['create', 'BOSS@shop.test', '--role', 'staff'], settings)
    expect(await taken.exited).toBe(1)
    expect(taken.stderr()).toContain('Failed: An account with the email BOSS@shop.test exists already.')

    // Wrong usage stops before the database is opened (the functions' refusals are tested above).
    for (const args of [['frobnicate'], ['create', 'x@shop.test']]) {
      const wrong = run('src/admin/cli.ts', args, settings)
      expect(await wrong.exited).toBe(1)
      expect(wrong.stderr()).toContain('npm run admin -- reset-2fa <email>')
    }
    const help = run('src/admin/cli.ts', ['--help'], settings)
    expect(await help.exited).toBe(0)
    expect(help.stdout()).toContain('npm run admin -- create <email> --role admin|staff')

    // The server on the same folder: the link chooses the password, the new administrator signs in.
    const server = await startReady({ ...settings, WEB_DIR: web.dir })
    const busy = run('src/admin/cli.ts', ['reset-2fa', 'boss@shop.test'], settings)
    expect(await busy.exited).toBe(1)
    expect(busy.stderr()).toContain(`is in use by process ${server.child.pid}`)
    const chosen = await call(server, 'POST', '/api/admin/auth/reset-password', {
      body: { token: tokenOf(link!), password: 'BaChu1234' },
    })
    expect(chosen.status).toBe(200)
    const login = await call(server, 'POST', '/api/admin/auth/login', {
      body: { email: 'boss@shop.test', password: 'BaChu1234' },
    })
    expect(login.status).toBe(200)
    expect(login.body.data.user.role).toBe('admin')
    expect(await stop(server)).toBe(0)

    const reset = run('src/admin/cli.ts', ['reset-2fa', 'boss@shop.test'], settings)
    expect(await reset.exited).toBe(0)
    expect(reset.stdout()).toContain('Two-step sign-in was already off for Bà Chủ <boss@shop.test>')
  })
})

/** `npm run --silent admin -- …args` from the project's root, with only the settings given beside PATH and HOME. */
function npmRunAdmin(args: string[], settings: Record<string, string>) {
  const root = path.resolve(serverDir, '..')
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  )
}
