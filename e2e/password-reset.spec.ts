import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { E2E_SMTP_PORT } from '../playwright.config.ts'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, screenshot, test } from './fixtures.ts'
import { newStaffMember } from './staff-member.ts'

// Asking for a reset is done signed out, as someone who forgot their password does.
test.use({ storageState: { cookies: [], origins: [] } })
test.describe.configure({ timeout: 90_000 })

const NEUTRAL =
  'If this email address belongs to a staff account, a link to choose a new password is on its way'

/** A message the SMTP server took, with the recipients of its envelope. */
interface Received {
  to: string[]
  mail: ParsedMail
}

/*
 * A real SMTP server on the port the store sends to (SMTP_URL of playwright.config.ts), for this file's tests.
 * Other tests of the run may add staff meanwhile, whose set-up mails arrive here too: a test reads only the
 * mails to its own member.
 */
const inbox: Received[] = []
let smtp: SMTPServer

test.beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on loopback, no login: the store's SMTP_URL names none.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), mail })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve())
  })
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

/** The first mail to `address` among those received from the `from`-th on, once it has arrived. */
async function mailTo(address: string, from: number): Promise<ParsedMail> {
  let found: Received | undefined
  await expect
    .poll(
      () => {
        found = inbox.slice(from).find((m) => m.to.includes(address.toLowerCase()))
        return found !== undefined
      },
      { message: `a mail to ${address}`, timeout: 20_000 },
    )
    .toBe(true)
  return found!.mail
}

/** The one-time link a mail carries, with its language, from its plain text. */
function linkIn(mail: ParsedMail): string {
  const found = /https?:\/\/\S+\/reset-password\?token=[\w-]+&lang=(en|vi)/.exec(mail.text ?? '')
  if (!found) throw new Error(`no reset link in the mail:\n${mail.text}`)
  return found[0]
}

test('a forgotten password is reset through the emailed link, which then works no more', async ({
  page,
  request,
  baseURL,
}) => {
  const member = await newStaffMember(request)
  // Mails already here (the member's set-up mail) are not the reset's.
  const before = inbox.length

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'forgot-password-wide')
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText(NEUTRAL)
  await expectAccessible(page)
  await screenshot(page, 'forgot-password-sent')

  const mail = await mailTo(member.email, before)
  const link = linkIn(mail)
  // The link leads to this back-office (PUBLIC_URL), in the mail's language: the shop's (vi), as the member has
  // never signed in.
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true)
  expect(link.endsWith('&lang=vi')).toBe(true)
  expect(mail.html || '').toContain(link.replaceAll('&', '&amp;'))

  // This browser chose no language: the page opens in the link's, from its first paint.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt mật khẩu mới' })).toBeVisible(SLOW)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi')
  await page.getByLabel('Ngôn ngữ').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  const password = page.getByRole('textbox', { name: 'New password' })
  const confirm = page.getByRole('textbox', { name: 'Confirm password' })
  await password.fill('short1')
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await password.fill('newPass2026')
  await confirm.fill('newPass2027')
  await expect(page.getByText('The two passwords do not match')).toBeVisible()
  await confirm.fill('newPass2026')
  await expectAccessible(page)
  await screenshot(page, 'reset-password-wide')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Password saved' })).toBeVisible()

  // The old password no longer signs in; the new one does.
  const old = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: member.password },
  })
  expect(old.status()).toBe(401)
  await page.getByRole('link', { name: 'Sign in' }).click()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('newPass2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)

  // The same link once more: spent. The page says so as it opens, before any password is typed (in English, the
  // language this browser chose above), and leads to a new request.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeVisible(SLOW)
  await expect(page.getByText('This link is no longer valid; ask for a new one')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'New password' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'reset-password-spent')
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  const still = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: 'newPass2026' },
  })
  expect(still.status(), 'the spent link changed nothing').toBe(200)
})

test('an email without an account gets the same answer, in either language', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-here@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText(NEUTRAL)

  await page.goto('/forgot-password')
  await page.getByLabel('Language').selectOption('vi')
  await expect(page.getByRole('heading', { level: 1, name: 'Quên mật khẩu?' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill('sai')
  await expect(page.getByText('Email không đúng định dạng')).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-here@example.com')
  await page.getByRole('button', { name: 'Gửi liên kết đặt lại' }).click()
  await expect(page.getByRole('status')).toContainText('Nếu email này thuộc một tài khoản nhân viên')
  await page.setViewportSize({ width: 375, height: 812 })
  await expectAccessible(page)
  await screenshot(page, 'forgot-password-sent-narrow-vi')
})
