import type { Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, screenshot, test } from './fixtures.ts'
import { newStaffMember, type StaffMember, signInAs } from './staff-member.ts'

// A member of staff signs in through the page, in a browser of their own.
test.use({ storageState: { cookies: [], origins: [] } })
test.describe.configure({ timeout: 90_000 })

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })

let member: StaffMember
test.beforeAll(async ({ request }) => {
  member = await newStaffMember(request, 'staff')
})

test('a member of staff sees only the screens of their role in the sidebar', async ({ page }) => {
  await signInAs(page, member)
  await expect(sidebar(page).getByRole('list').getByRole('link')).toHaveText([
    'Dashboard',
    'Customers',
    'Reviews',
    'Products',
    'Add product',
    'Categories',
    'Brands',
    'Orders',
    'COD reconciliation',
  ])
  for (const hidden of ['Staff', 'Audit log', 'Add customer']) {
    await expect(sidebar(page).getByRole('link', { name: hidden, exact: true })).toHaveCount(0)
  }
  await screenshot(page, 'roles-staff-sidebar')
})

test("an administrator's screen reached by its address says 'Not allowed', with a way back", async ({
  page,
}) => {
  await signInAs(page, member)
  for (const address of ['/admin/staff', '/admin/staff/add', '/admin/audit-log', '/admin/user']) {
    await page.goto(address)
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible(SLOW)
    await expect(page.getByText('Your role does not give you access to this screen.')).toBeVisible()
    // No redirect: the address stays, and the frame is around the answer.
    expect(new URL(page.url()).pathname).toBe(address)
    await expect(sidebar(page)).toBeVisible()
  }
  await expectAccessible(page)
  await screenshot(page, 'roles-not-allowed')
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toHaveCount(0)
})

test('customers are read-only: no Add, no Delete, and each customer opens without Save or History', async ({
  page,
}) => {
  await signInAs(page, member)
  await page.goto('/admin/users')
  const table = page.getByRole('table', { name: 'Customers' })
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(rows.first()).toBeVisible(SLOW)
  await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveCount(0)
  await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  await expect(table.getByRole('link', { name: /^Edit / })).toHaveCount(0)
  await expectAccessible(page)

  await rows
    .first()
    .getByRole('link', { name: /^View / })
    .click()
  await expect(page).toHaveURL(/\/admin\/user\/edit\//)
  await expect(page.getByText('You can look at this record but not change it.')).toBeVisible()
  await expect(page.getByLabel('Name')).not.toHaveValue('', SLOW)
  await expect(page.getByLabel('Name')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'History' })).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
})

test("the catalogue stays the member's to change: Add and Edit are there, without History", async ({
  page,
}) => {
  await signInAs(page, member)
  await page.goto('/admin/products')
  await expect(page.getByRole('main').getByRole('link', { name: 'Add product', exact: true })).toBeVisible(
    SLOW,
  )
  const table = page.getByRole('table', { name: 'Products' })
  await table
    .getByRole('link', { name: /^Edit / })
    .first()
    .click()
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible(SLOW)
  await expect(page.getByRole('link', { name: 'History' })).toHaveCount(0)
})

test("orders stay the member's to change but not to delete: Edit on every row, Delete on none", async ({
  page,
}) => {
  await signInAs(page, member)
  // Cancelled orders never paid are the ones an administrator may delete: a member is offered none of them.
  await page.goto('/admin/orders?status=0&paymentStatus=unpaid')
  const table = page.getByRole('table', { name: 'Orders' })
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(rows.first()).toBeVisible(SLOW)
  await expect(table.getByRole('link', { name: /^Edit order #/ })).toHaveCount(await rows.count())
  await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0)
})
