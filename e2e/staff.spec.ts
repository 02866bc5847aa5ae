import type { Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'
import { newStaffMember } from './staff-member.ts'

// The Copy button writes the link to the clipboard; the test reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const staffTable = (page: Page) => page.getByRole('table', { name: 'Staff' })
/** The table's rows under the header. */
const dataRows = (page: Page) =>
  staffTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name or email' })
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
/**
 * A one-time link as the server makes it: the reset page of the back-office with a token, in the language of its
 * mail (the shop's, vi, for a member who never signed in).
 */
const ONE_TIME_LINK = /^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+&lang=vi$/
/** Whether the link also went by email depends on a mail server being up; the dialog says one or the other. */
const MAIL_NOTE = /It was also sent by email to .+\.|It was not sent by email: pass it on to .+ yourself\./

test('the staff list searches name and email, filters by role and status, all through the address', async ({
  page,
  request,
}) => {
  const member = await newStaffMember(request)
  await page.goto('/admin/staff')
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible(SLOW)
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }),
  ).toHaveAttribute('aria-current', 'page')
  for (const header of [
    'No.',
    'Name',
    'Email',
    'Role',
    'Active',
    'Two-step sign-in',
    'Last sign-in',
    'Actions',
  ]) {
    await expect(staffTable(page).getByRole('columnheader', { name: header })).toBeVisible()
  }
  await expectAccessible(page)
  await screenshot(page, 'staff-list')

  // By email: the member made above, signed in never through the page, but once their password was chosen.
  await searchBox(page).fill(member.email)
  await expect.poll(() => query(page), { timeout: 5_000 }).toEqual({ name: member.email, page: '1' })
  await expect(dataRows(page)).toHaveCount(1)
  const row = dataRows(page).first()
  await expect(row).toContainText(member.name)
  await expect(row.getByRole('cell').nth(3)).toHaveText('Staff')
  await expect(row.getByRole('cell').nth(4)).toHaveText('Active')
  await expect(row.getByRole('cell').nth(5)).toHaveText('Off')

  // By name, then narrowed by role: a member of staff is not an administrator.
  await searchBox(page).fill(member.name)
  await expect(dataRows(page).filter({ hasText: member.email })).toHaveCount(1, { timeout: 5_000 })
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Administrator' })
  await expect.poll(() => query(page)).toEqual({ name: member.name, role: 'admin', page: '1' })
  await expect(staffTable(page).getByText('No staff members match your search or filters.')).toBeVisible()

  // The run's administrator is one, and active.
  await page.goto('/admin/staff?role=admin&active=true&name=admin%40example.com')
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('admin')
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('true')
  await expect(dataRows(page).filter({ hasText: 'admin@example.com' })).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Disabled' })
  await expect(staffTable(page).getByText('No staff members match your search or filters.')).toBeVisible()
  await page.goBack()
  await expect(dataRows(page).filter({ hasText: 'admin@example.com' })).toHaveCount(1)
})

test('add a member: the one-time link shows once, copies, says whether it was emailed, and opens in Vietnamese', async ({
  page,
  api,
  browser,
}) => {
  const name = unique('E2E Staff')
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`
  await page.goto('/admin/staff')
  await page.getByRole('link', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/staff\/add$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add staff member' })).toBeVisible()

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This field is required')
  await expect(page.getByRole('combobox', { name: /^Role/ })).toHaveValue('staff')
  await expectAccessible(page)

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Save' }).click()

  const dialog = page.getByRole('dialog', { name: `Set-password link for ${name}` })
  await expect(dialog).toBeVisible()
  const link = await dialog.getByLabel('One-time link').inputValue()
  expect(link).toMatch(ONE_TIME_LINK)
  await expect(dialog.getByText(/^Valid until \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible()
  await expect(dialog.getByText(MAIL_NOTE)).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'staff-setup-link')

  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/admin\/staff(\?|$)/)
  await searchBox(page).fill(email)
  const row = dataRows(page).filter({ hasText: email })
  await expect(row).toBeVisible({ timeout: 5_000 })
  await expect(row.getByRole('cell').nth(6)).toHaveText('Never')

  // The same email again is refused at the email, with what was typed kept.
  await page.goto('/admin/staff/add')
  await page.getByLabel('Name').fill(`${name} 2`)
  await page.getByLabel('Email').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This email is already in use')
  await expect(page.getByLabel('Name')).toHaveValue(`${name} 2`)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The link is real. Opened by the new member, in a browser of their own that chose no language, it speaks the
  // language of its mail from the first paint, names itself as setting up an account, and sets the password once.
  const own = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  try {
    const member = await own.newPage()
    await member.goto(link)
    await expect(member.getByRole('heading', { level: 1, name: 'Thiết lập tài khoản' })).toBeVisible(SLOW)
    await expectAccessible(member)
    await member.getByRole('textbox', { name: /^Mật khẩu mới/ }).fill('e2eMember2026')
    await member.getByRole('textbox', { name: 'Nhập lại mật khẩu mới' }).fill('e2eMember2026')
    await member.getByRole('button', { name: 'Đặt mật khẩu' }).click()
    await expect(member.getByRole('heading', { level: 1, name: 'Đã lưu mật khẩu' })).toBeVisible()
    // Spent: opened again, it says so at once.
    await member.goto(link)
    await expect(member.getByRole('heading', { level: 1, name: 'Liên kết không còn hiệu lực' })).toBeVisible(
      SLOW,
    )
  } finally {
    await own.close()
  }
  const { data } = await api.get<{ data: { id: string; email: string }[] }>(
    `/admin/staff?name=${encodeURIComponent(email)}`,
  )
  expect(data.map((m) => m.email)).toEqual([email])
})

test('edit a member: role and active change, and a disabled member can no longer sign in', async ({
  page,
  request,
}) => {
  const member = await newStaffMember(request)
  await page.goto(`/admin/staff?name=${encodeURIComponent(member.email)}&page=1`)
  await page.getByRole('link', { name: `Edit ${member.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/staff/edit/${member.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit staff member' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(member.name)
  await expect(page.getByLabel('Email')).toHaveValue(member.email)
  await expect(page.getByRole('combobox', { name: /^Role/ })).toHaveValue('staff')
  const active = page.getByRole('switch', { name: /^Active/ })
  await expect(active).toBeChecked()
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute(
    'href',
    `/admin/audit-log?entity=staff&entityId=${member.id}`,
  )
  await expectAccessible(page)
  await screenshot(page, 'staff-edit')

  await page.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'Administrator' })
  await active.click()
  await expect(active).not.toBeChecked()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Staff member updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/staff(\?|$)/)

  await searchBox(page).fill(member.email)
  const row = dataRows(page).filter({ hasText: member.email })
  await expect(row.getByRole('cell').nth(3)).toHaveText('Administrator', { timeout: 5_000 })
  await expect(row.getByRole('cell').nth(4)).toHaveText('Disabled')

  const refused = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: member.password },
  })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { message: string }).message).toBe('This account is disabled')
})

test("one's own account: role and active are not offered, and the screen says why", async ({ page, api }) => {
  const { data: me } = await api.get<{ data: { id: string } }>('/admin/auth/me')
  await page.goto(`/admin/staff/edit/${me.id}`)
  await expect(page.getByLabel('Email')).toHaveValue('admin@example.com', SLOW)
  const why = 'This is your own account: another administrator has to change its role or disable it.'
  await expect(page.getByRole('combobox', { name: /^Role/ })).toBeDisabled()
  await expect(page.getByRole('combobox', { name: /^Role/ })).toHaveAccessibleDescription(why)
  const active = page.getByRole('switch', { name: /^Active/ })
  await expect(active).toBeDisabled()
  await expect(active).toHaveAccessibleDescription(new RegExp(why.replace(/[.:]/g, '\\$&')))
  await expectAccessible(page)
})

test('make a reset link: shown once with its expiry, and it sets a new password', async ({
  page,
  request,
}) => {
  const member = await newStaffMember(request)
  await page.goto(`/admin/staff/edit/${member.id}`)
  await expect(page.getByLabel('Name')).toHaveValue(member.name, SLOW)
  await page.getByRole('button', { name: 'Create reset link' }).click()
  const dialog = page.getByRole('dialog', { name: `Reset link for ${member.name}` })
  await expect(dialog).toBeVisible()
  const link = await dialog.getByLabel('One-time link').inputValue()
  expect(link).toMatch(ONE_TIME_LINK)
  await expect(dialog.getByText(/^Valid until \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible()
  await expect(dialog.getByText(MAIL_NOTE)).toBeVisible()
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  // Still on the member's screen: making a link changes nothing there.
  await expect(page).toHaveURL(new RegExp(`/admin/staff/edit/${member.id}$`))

  const token = new URL(link).searchParams.get('token')
  const reset = await request.post('/api/admin/auth/reset-password', {
    data: { token, password: 'e2eReset2026' },
  })
  expect(reset.status()).toBe(200)
  const signIn = await request.post('/api/admin/auth/login', {
    data: { email: member.email, password: 'e2eReset2026' },
  })
  expect(signIn.status()).toBe(200)
})
