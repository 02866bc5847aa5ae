import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { adminToken } from './fixtures.ts'

/** A member of staff a test made for itself, with the password it chose through its set-up link. */
export interface StaffMember {
  id: string
  name: string
  email: string
  password: string
}

let made = 0

/**
 * Adds a member of staff as the run's admin and chooses their password through the set-up link, as a new member
 * does. A test that changes an account (its password, its two-step sign-in, its sessions) uses one of these:
 * the run's admin account is shared by every test, and ending its sessions would sign the others out.
 */
export async function newStaffMember(
  request: APIRequestContext,
  role: 'staff' | 'admin' = 'staff',
  password = 'e2eMember2026',
): Promise<StaffMember> {
  made += 1
  const tag = `${Date.now().toString(36)}${made}${Math.random().toString(36).slice(2, 6)}`
  const name = `Nhân viên ${tag}`
  const email = `member-${tag}@example.com`
  const created = await request.post('/api/admin/staff', {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { name, email, role },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { data } = (await created.json()) as { data: { id: string; setupLink: string } }
  const token = new URL(data.setupLink).searchParams.get('token')
  const chosen = await request.post('/api/admin/auth/reset-password', { data: { token, password } })
  expect(chosen.status(), await chosen.text()).toBe(200)
  return { id: data.id, name, email, password }
}

/** Signs a member in through the sign-in page and waits for the back-office to show. */
export async function signInAs(page: Page, member: Pick<StaffMember, 'email' | 'password'>) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
}
