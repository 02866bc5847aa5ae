import type { Page } from '@playwright/test'
import type { ShopSettings } from '@store/contract'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'
import { newStaffMember, signInAs } from './staff-member.ts'

// Shop settings (CONTRACT 4.7): an administrator's screen for the shop's details, its bank account and the
// low-stock threshold. The run shares one store: the settings found are put back at the end, all but an empty
// shop name, which a save may not leave empty.

const form = (page: Page) => page.getByRole('form', { name: 'Shop settings' })
const field = (page: Page, label: string) => form(page).getByRole('textbox', { name: label, exact: true })
const bank = (page: Page) => form(page).getByRole('combobox', { name: 'Bank', exact: true })

let before: ShopSettings
test.beforeAll(async ({ api }) => {
  before = (await api.get<{ data: ShopSettings }>('/admin/settings')).data
})
test.afterAll(async ({ api }) => {
  const now = (await api.get<{ data: ShopSettings }>('/admin/settings')).data
  if (now.version === before.version) return
  const { version: _version, updatedAt: _updatedAt, ...saved } = before
  await api.put('/admin/settings', { ...saved, shopName: saved.shopName || now.shopName })
})
test.describe.configure({ timeout: 120_000 })

/** Opens the screen from the sidebar and waits for the saved settings to fill the form. */
async function openSettings(page: Page) {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible(SLOW)
  await expect(form(page)).toHaveAttribute('aria-busy', 'false')
}

test('an administrator saves the shop settings, a bank chosen by name, and finds them after a reload', async ({
  page,
  api,
}) => {
  const shopName = unique('Cửa hàng Áo dài')
  await openSettings(page)
  await field(page, 'Shop name').fill(shopName)
  await form(page).getByRole('textbox', { name: 'Address' }).fill('45 Hàng Bông, Hoàn Kiếm, Hà Nội')
  await field(page, 'Phone number').fill('0243826123')
  await field(page, 'Email').fill('lienhe@aodai.vn')
  await field(page, 'Tax code').fill('0101234567-001')
  await bank(page).click()
  await bank(page).fill('techcom')
  await page.getByRole('option', { name: 'Techcombank · 970407' }).click()
  await field(page, 'Account number').fill('19036543210011')
  await field(page, 'Account name').fill('NGUYEN THI LAN')
  await field(page, 'Low-stock threshold').fill('7')
  await expectAccessible(page)
  await form(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  await expect(form(page).getByText(/^Last saved /)).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible(SLOW)
  await expect(field(page, 'Shop name')).toHaveValue(shopName)
  await expect(form(page).getByRole('textbox', { name: 'Address' })).toHaveValue(
    '45 Hàng Bông, Hoàn Kiếm, Hà Nội',
  )
  await expect(field(page, 'Phone number')).toHaveValue('0243826123')
  await expect(field(page, 'Email')).toHaveValue('lienhe@aodai.vn')
  await expect(field(page, 'Tax code')).toHaveValue('0101234567-001')
  await expect(bank(page)).toHaveValue('Techcombank · 970407')
  await expect(field(page, 'Account number')).toHaveValue('19036543210011')
  await expect(field(page, 'Account name')).toHaveValue('NGUYEN THI LAN')
  await expect(field(page, 'Low-stock threshold')).toHaveValue('7')
  await screenshot(page, 'settings')
  // The store config the screens follow has the new threshold.
  const config = await api.get<{ data: { lowStockThreshold: number } }>('/admin/config')
  expect(config.data.lowStockThreshold).toBe(7)
})

test('an account number with letters is told so next to its field, and nothing is saved', async ({
  page,
  api,
}) => {
  await openSettings(page)
  const saved = (await api.get<{ data: ShopSettings }>('/admin/settings')).data
  // A valid name (the store's may be empty yet), so that the account number is the one thing wrong.
  await field(page, 'Shop name').fill(unique('Cửa hàng'))
  await field(page, 'Account number').fill('1903 65ab')
  // Leaving the field says what is wrong at once; Save then takes the person back to it.
  await field(page, 'Account number').press('Tab')
  await expect(field(page, 'Account number')).toHaveAccessibleDescription(/^Must be 4 to 19 digits/)
  await expect(form(page).getByText('Must be 4 to 19 digits', { exact: true })).toBeVisible()
  await form(page).getByRole('button', { name: 'Save' }).click()
  await expect(field(page, 'Account number')).toBeFocused()
  await expect(page.getByText('Settings saved')).toHaveCount(0)
  expect((await api.get<{ data: ShopSettings }>('/admin/settings')).data).toEqual(saved)
})

test.describe('a member of staff', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('sees no Settings entry, and the address says Not allowed', async ({ page, request }) => {
    const member = await newStaffMember(request, 'staff')
    await signInAs(page, member)
    const sidebar = page.getByRole('navigation', { name: 'Main' })
    await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeVisible()
    await expect(sidebar.getByRole('link', { name: 'Shop settings' })).toHaveCount(0)
    await page.goto('/admin/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible(SLOW)
    await expect(page.getByRole('form', { name: 'Shop settings' })).toHaveCount(0)
  })
})
