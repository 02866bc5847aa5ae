import type { Page } from '@playwright/test'
import { holdingAdminAccount, SLOW, signInThroughPage } from './admin-account.ts'
import {
  expect,
  expectAccessible,
  openSetting,
  screenshot,
  test,
  unique,
  watchAcrossReload,
} from './fixtures.ts'
import { newStaffMember, signInAs } from './staff-member.ts'

// One admin account for the whole run: these tests change its name, so they go one after another, each signed in
// afresh through the page (the stored session's refresh token is never the one rotated here). The password test
// changes a member of its own instead, because a new password ends the account's other sessions. Two reloads and
// three sign-ins make that test long on a busy machine, hence the wider time limit.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.use({ storageState: { cookies: [], origins: [] } })

const NEW_PASSWORD = 'e2eChanged77'

const passwordField = (scope: Page | ReturnType<Page['getByRole']>, name: string) =>
  scope.getByRole('textbox', { name, exact: true })

test('Setting opens from the avatar menu by keyboard and shows the account', async ({ page, api }) => {
  const { data: me } = await api.get<{ data: { name: string; email: string } }>('/admin/auth/me')
  await holdingAdminAccount(() => signInThroughPage(page))

  await page.getByRole('button', { name: 'Account menu' }).focus()
  await page.keyboard.press('Enter')
  const setting = page.getByRole('menuitem', { name: 'Account settings' })
  await expect(setting).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(setting).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Account settings' })
  await expect(dialog).toBeVisible()
  await expect(page.getByRole('menu')).toBeHidden()

  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true')
  const name = dialog.getByRole('textbox', { name: 'Name' })
  await expect(name).toHaveValue(me.name)
  const email = dialog.getByRole('textbox', { name: 'Email' })
  await expect(email).toHaveValue(me.email)
  await expect(email).not.toBeEditable()
  await expectAccessible(page)
  await screenshot(page, 'setting-information-wide')

  await name.fill('')
  await expect(dialog.getByText('This field is required')).toBeVisible()

  // The tabs follow the arrow keys.
  await dialog.getByRole('tab', { name: 'Profile' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('tab', { name: 'Change password' })).toHaveAttribute('aria-selected', 'true')
  await expect(passwordField(dialog, 'Current password')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'setting-password-wide')

  // Escape closes the dialog; nothing was saved.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(me.name)

  await page.setViewportSize({ width: 375, height: 812 })
  const narrow = await openSetting(page)
  await expect(narrow.getByRole('textbox', { name: 'Name' })).toHaveValue(me.name)
  await expectAccessible(page)
  await screenshot(page, 'setting-information-narrow')
  await narrow.getByRole('tab', { name: 'Change password' }).click()
  await expect(passwordField(narrow, 'Confirm password')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'setting-password-narrow')
})

test('saving a new name says so, and after the reload the header shows it', async ({ page, api }) => {
  const { data: me } = await api.get<{ data: { id: string; name: string } }>('/admin/auth/me')
  const newName = unique('E2E Admin')
  try {
    await holdingAdminAccount(() => signInThroughPage(page))
    const dialog = await openSetting(page)
    await dialog.getByRole('textbox', { name: 'Name' }).fill(newName)
    const reloaded = page.waitForEvent('load')
    const toasted = await watchAcrossReload(page, 'Account updated successfully')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await reloaded
    expect(await toasted(), 'the success toast showed before the reload').toBe(true)
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(newName, SLOW)
    await expect(page.getByRole('dialog', { name: 'Account settings' })).toBeHidden()
  } finally {
    await api.put(`/admin/users/${me.id}`, { name: me.name })
  }
})

test('Change Password checks each field and refuses a wrong current password', async ({ page }) => {
  await holdingAdminAccount(() => signInThroughPage(page))
  const dialog = await openSetting(page)
  await dialog.getByRole('tab', { name: 'Change password' }).click()
  const current = passwordField(dialog, 'Current password')
  const password = passwordField(dialog, 'New password')
  const confirm = passwordField(dialog, 'Confirm password')

  const calls: string[] = []
  page.on('request', (r) => r.url().includes('/change-password') && calls.push(r.method()))
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByText('This field is required')).toBeVisible()
  await expect(dialog.getByText('Password is required', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Enter the password again')).toBeVisible()
  expect(calls).toEqual([])

  await password.fill('abc1')
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible()
  await password.fill('abcdefgh')
  await expect(dialog.getByText('Password must contain at least one number')).toBeVisible()
  await password.fill(`abcdefgh1${'x'.repeat(120)}`)
  await expect(dialog.getByText('Password must be at most 128 characters')).toBeVisible()
  await password.fill(NEW_PASSWORD)
  await confirm.fill('something else1')
  await expect(dialog.getByText('The two passwords do not match')).toBeVisible()
  await confirm.fill(NEW_PASSWORD)
  await expect(dialog.getByText('The two passwords do not match')).toBeHidden()

  await current.fill('not-my-password1')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByText('The current password is not correct')).toBeVisible()
  await expect(current).toBeFocused()
  await expect(dialog).toBeVisible()
  expect(calls).toEqual(['PUT'])
  await expectAccessible(page)
  await screenshot(page, 'setting-password-refused-wide')
})

test('a changed password is the one that signs in next, and the other sessions end', async ({
  page,
  request,
}) => {
  // A member of its own: changing a password ends the account's other sessions, and the run's admin session is
  // shared by every test.
  const member = await newStaffMember(request)
  const elsewhere = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: member.password },
  })
  const otherToken = ((await elsewhere.json()) as { data: { tokens: { access: { token: string } } } }).data
    .tokens.access.token
  await signInAs(page, member)
  const before = await page.evaluate(() => localStorage.getItem('refreshToken'))
  const dialog = await openSetting(page)
  await dialog.getByRole('tab', { name: 'Change password' }).click()
  await passwordField(dialog, 'Current password').fill(member.password)
  await passwordField(dialog, 'New password').fill(NEW_PASSWORD)
  await passwordField(dialog, 'Confirm password').fill(NEW_PASSWORD)
  const reloaded = page.waitForEvent('load')
  const toasted = await watchAcrossReload(page, 'Password changed')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await reloaded
  expect(await toasted(), 'the success toast showed before the reload').toBe(true)
  // The new pair was kept: this browser is still signed in after the reload.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  const after = await page.evaluate(() => localStorage.getItem('refreshToken'))
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
  // The session opened elsewhere ended at once, not when its access token runs out.
  const refused = await request.get('/api/admin/auth/me', {
    headers: { authorization: `Bearer ${otherToken}` },
  })
  expect(refused.status()).toBe(401)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/, SLOW)

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email)
  await passwordField(page, 'Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert', { name: 'Sign-in failed' })).toContainText(
    'Incorrect email or password',
  )
  await passwordField(page, 'Password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
})
