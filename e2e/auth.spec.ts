import { E2E_ADMIN } from '../playwright.config.ts'
import { holdingAdminAccount, SLOW, signInThroughPage } from './admin-account.ts'
import { expect, expectAccessible, screenshot, test } from './fixtures.ts'

// Signing in and out is the subject here: every test starts with no stored session.
test.use({ storageState: { cookies: [], origins: [] } })
// A test that signs in may wait for account.spec.ts to set the admin's password back (see admin-account.ts).
test.describe.configure({ timeout: 90_000 })

const storedTokens = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refresh: localStorage.getItem('refreshToken'),
  }))

test('a signed-out visitor is sent to sign-in, and comes back to the page asked for', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/login$/, SLOW)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await holdingAdminAccount(async () => {
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  })
  await expect(page).toHaveURL(/\/admin\/users$/)
})

test('the sign-in form checks its fields as the user types', async ({ page }) => {
  await page.goto('/login')
  const email = page.getByRole('textbox', { name: 'Email', exact: true })
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  await email.fill('admin')
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await email.fill('admin@example.com')
  await expect(page.getByText('Enter a valid email address')).toBeHidden()
  await email.fill('')
  await expect(page.getByText('This field is required')).toHaveCount(1)
  await password.fill('x')
  await password.fill('')
  await expect(page.getByText('This field is required')).toHaveCount(2)
  // Sending an empty form asks nothing of the server.
  const calls: string[] = []
  page.on('request', (request) => request.url().includes('/api/') && calls.push(request.url()))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(2)
  expect(calls).toEqual([])
})

test('the show/hide toggle reveals the password', async ({ page }) => {
  await page.goto('/login')
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  await password.fill('secret123')
  await expect(password).toHaveAttribute('type', 'password')
  const toggle = page.getByRole('button', { name: 'Show password' })
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'text')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'password')
})

test('a wrong password is said on the form, and the email stays', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert', { name: 'Sign-in failed' })).toContainText(
    'Incorrect email or password',
  )
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(E2E_ADMIN.email)
  await expect(page).toHaveURL(/\/login$/, SLOW)
  expect((await storedTokens(page)).token).toBeNull()
})

test('signing in lands on the dashboard; a signed-in user is sent away from /login', async ({ page }) => {
  await holdingAdminAccount(() => signInThroughPage(page))
  await expect(page).toHaveURL(/\/$/)
  const stored = await storedTokens(page)
  expect(stored.token).toBeTruthy()
  expect(stored.refresh).toBeTruthy()
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
})

test('logging out through the avatar menu forgets the tokens and shows sign-in', async ({ page }) => {
  await holdingAdminAccount(() => signInThroughPage(page))
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/, SLOW)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(await storedTokens(page)).toEqual({ token: null, refresh: null })
  // Signed out for real: the guard turns the visitor away again.
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/login$/, SLOW)
})

test('Forget Password? opens the request form, by mouse and by keyboard', async ({ page }) => {
  await page.goto('/login')
  const link = page.getByRole('link', { name: 'Forgot your password?' })
  await link.click()
  await expect(page).toHaveURL(/\/forgot-password$/, SLOW)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused()
})

test('the sign-in page can be read in Vietnamese', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Language').selectOption('vi')
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('sai')
  await expect(page.getByText('Email không đúng định dạng')).toBeVisible()
  await page.getByLabel('Ngôn ngữ').selectOption('en')
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
})

test('the sign-in page is accessible, wide and narrow', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByText('Store back-office')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'login-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeInViewport()
  await expectAccessible(page)
  await screenshot(page, 'login-narrow')
})

test('Create Account says an administrator creates accounts and sends a set-up link, and leads back to sign-in', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible()
  await expect(page.getByText('Accounts are created by an administrator')).toBeVisible()
  await expect(page.getByText(/You receive a set-up link by email/)).toBeVisible()
  // No input that does nothing: the ways on are sign-in and a new link.
  await expect(page.getByRole('textbox')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Ask for a new one with your email address' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await expectAccessible(page)
  await screenshot(page, 'register-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expectAccessible(page)
  await screenshot(page, 'register-narrow')
  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await expect(page).toHaveURL(/\/login$/, SLOW)
})

test('an expired access token is refreshed silently; a dead refresh token ends the session', async ({
  page,
}) => {
  // The refresh token must stay alive for the whole test: no password change may revoke it meanwhile.
  await holdingAdminAccount(async () => {
    await signInThroughPage(page)
    await page.evaluate(() => localStorage.setItem('token', 'garbage'))
    const refreshes: number[] = []
    page.on(
      'response',
      (r) => r.url().includes('/api/admin/auth/refresh-tokens') && refreshes.push(r.status()),
    )
    await page.goto('/admin/users')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
    await expect(page).toHaveURL(/\/admin\/users$/)
    expect(refreshes).toEqual([200])
    const renewed = await storedTokens(page)
    expect(renewed.token).not.toBe('garbage')
    expect(renewed.token).toBeTruthy()

    await page.evaluate(() => {
      localStorage.setItem('token', 'garbage')
      localStorage.setItem('refreshToken', 'garbage too')
    })
    await page.goto('/admin/users')
    await expect(page).toHaveURL(/\/login$/, SLOW)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(await storedTokens(page)).toEqual({ token: null, refresh: null })
  })
})
