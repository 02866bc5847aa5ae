import type { APIRequestContext, Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, openSetting, screenshot, test } from './fixtures.ts'
import { newStaffMember, type StaffMember, signInAs } from './staff-member.ts'

// A member of its own: ending the run's admin sessions would sign every other test out.
test.use({ storageState: { cookies: [], origins: [] } })
test.describe.configure({ timeout: 90_000 })

/** Another device: a sign-in through the API, answering its tokens. */
async function signInElsewhere(request: APIRequestContext, member: StaffMember) {
  const response = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: member.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { data } = (await response.json()) as {
    data: { tokens: { access: { token: string }; refresh: { token: string } } }
  }
  return { access: data.tokens.access.token, refresh: data.tokens.refresh.token }
}

/** What the server answers a device that calls with this access token. */
const statusWith = async (request: APIRequestContext, access: string) =>
  (await request.get('/api/admin/auth/me', { headers: { authorization: `Bearer ${access}` } })).status()

async function openSessions(page: Page) {
  const dialog = await openSetting(page)
  await dialog.getByRole('tab', { name: 'Sessions' }).click()
  return { dialog, list: dialog.getByRole('list', { name: 'Signed-in devices' }) }
}

test('the Sessions tab lists this device and the others, and ends one or all of them at once', async ({
  page,
  request,
}) => {
  const member = await newStaffMember(request)
  const elsewhere = await signInElsewhere(request, member)
  expect(await statusWith(request, elsewhere.access)).toBe(200)
  await signInAs(page, member)

  const { dialog, list } = await openSessions(page)
  const rows = list.getByRole('listitem')
  await expect(rows).toHaveCount(2)
  const here = rows.filter({ hasText: 'This device' })
  await expect(here).toHaveCount(1)
  // Debian's Chromium, described from its user agent.
  await expect(here).toContainText('Chrome on Linux')
  await expect(here).toContainText('Address: 127.0.0.1')
  await expect(here.getByRole('button', { name: 'End' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'sessions-tab')

  const other = rows.filter({ hasNotText: 'This device' })
  await other.getByRole('button', { name: 'End' }).click()
  await expect(other.getByRole('group', { name: /End this session\?/ })).toBeVisible()
  await expectAccessible(page)
  await other.getByRole('button', { name: 'End session' }).click()
  await expect(page.getByText('Session ended', { exact: true })).toBeVisible()
  await expect(rows).toHaveCount(1)
  // Its access token stops working at once, not when it expires; so does its refresh token.
  expect(await statusWith(request, elsewhere.access)).toBe(401)
  const renewed = await request.post('/api/admin/auth/refresh-tokens', {
    data: { refreshToken: elsewhere.refresh },
  })
  expect(renewed.status()).toBe(401)
  await expect(dialog.getByRole('button', { name: 'End all other sessions' })).toBeDisabled()

  // Two more devices, then all of them at once.
  const second = await signInElsewhere(request, member)
  const third = await signInElsewhere(request, member)
  await dialog.getByRole('tab', { name: 'Profile' }).click()
  await dialog.getByRole('tab', { name: 'Sessions' }).click()
  await expect(rows).toHaveCount(3)
  await dialog.getByRole('button', { name: 'End all other sessions' }).click()
  await dialog.getByRole('button', { name: 'End them all' }).click()
  await expect(page.getByText('2 sessions ended')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('This device')
  expect(await statusWith(request, second.access)).toBe(401)
  expect(await statusWith(request, third.access)).toBe(401)

  // This device goes on: after a reload it is still signed in.
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  await page.setViewportSize({ width: 375, height: 812 })
  const narrow = await openSessions(page)
  await expect(narrow.list.getByRole('listitem')).toHaveCount(1)
  await expectAccessible(page)
  await screenshot(page, 'sessions-tab-narrow')
})
