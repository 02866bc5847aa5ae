import type { Page } from '@playwright/test'
import { vi } from '../web/src/i18n/vi/index.ts'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

interface UserRow {
  id: string
  name: string
  email: string
  phoneNumber: string | null
}
interface ListAnswer<T> {
  data: T[]
  meta: { page: number; limit: number; totalPages: number; totalResults: number }
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Customers' })
/** The table's rows under the header. */
const dataRows = (page: Page) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search customers by name' })
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })

/** The customer's address written before the 2025 units: the picker's free text, and its switch. */
const locationText = (page: Page) => page.getByRole('textbox', { name: /^Address/ })
const freeTextSwitch = (page: Page) => page.getByRole('switch', { name: 'Other address (free text)' })

/** The address's query, read as the list controller writes it. */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

/** A customer made through the API, so a test deletes only what it created. */
async function makeCustomer(api: Api, prefix = 'E2E User') {
  const name = unique(prefix)
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`
  const { data } = await api.post<{ data: UserRow }>('/admin/users', {
    name,
    email,
    password: 'e2ePass2026',
    phoneNumber: '0901234567',
    gender: 2,
    role: 'user',
    dob: '1992-08-15',
    location: '45 Trần Phú, Hải Châu, Đà Nẵng',
  })
  return data
}

async function removeByName(api: Api, name: string) {
  const list = await api.get<ListAnswer<UserRow>>(`/admin/users?role=user&name=${encodeURIComponent(name)}`)
  for (const row of list.data) if (row.name === name) await api.delete(`/admin/users/${row.id}`)
}

test('the user list numbers its rows and pages through Next, Previous and the address', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb').getByText('Customers')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveAttribute('href', '/admin/user')
  for (const header of ['No.', 'Name', 'Phone number', 'Email', 'Gender', 'Actions']) {
    await expect(usersTable(page).getByRole('columnheader', { name: header })).toBeVisible()
  }
  await expect(dataRows(page)).toHaveCount(10)
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
  // Customers made by other files' orders (named 'E2E …') may come first, without a gender.
  const demoRow = dataRows(page).filter({ hasNotText: /E2E / }).first()
  await expect(demoRow.getByRole('cell').nth(4)).toHaveText(/^(Female|Male)$/)
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(pager(page).getByRole('button', { name: 'Page 1', exact: true })).toBeDisabled()
  await expectAccessible(page)
  await screenshot(page, 'users-list-wide')

  await pager(page).getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
  await expect(pager(page).getByRole('button', { name: 'Page 2', exact: true })).toBeDisabled()
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeEnabled()

  await pager(page).getByRole('button', { name: 'Page 3', exact: true }).click()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('21')
  await pager(page).getByRole('button', { name: 'Previous' }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')

  // Back and forward walk the pages the admin visited.
  await page.goBack()
  await expect(page).toHaveURL(/[?&]page=3\b/)
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('21')
  await page.goForward()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')

  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/admin/users')
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
  await screenshot(page, 'users-list-narrow')
})

test('the last page of a search disables Next, and the current page its own button', async ({
  page,
  api,
}) => {
  // A family name many demo customers share: several pages, and no other test makes customers with it.
  const family = 'Nguyễn'
  const { meta } = await api.get<ListAnswer<UserRow>>(
    `/admin/users?role=user&name=${encodeURIComponent(family)}`,
  )
  expect(meta.totalPages).toBeGreaterThan(1)

  await page.goto(`/admin/users?name=${encodeURIComponent(family)}&page=${meta.totalPages}`)
  await expect(searchBox(page)).toHaveValue(family)
  const last = pager(page).getByRole('button', { name: `Page ${meta.totalPages}`, exact: true })
  await expect(last).toBeDisabled()
  await expect(last).toHaveAttribute('aria-current', 'page')
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled()
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeEnabled()
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText(
    String((meta.totalPages - 1) * 10 + 1),
  )
  await expect(dataRows(page)).toHaveCount(meta.totalResults - (meta.totalPages - 1) * 10)
  for (const row of await dataRows(page).all()) await expect(row).toContainText(family)
})

test('search by name goes through the box, the address, back and forward, and the clear button', async ({
  page,
  api,
}) => {
  const { data } = await api.get<ListAnswer<UserRow>>('/admin/users?role=user&page=3&limit=1')
  const customer = data[0]!

  await page.goto('/admin/users?page=2')
  await searchBox(page).fill(customer.name)
  // The search waits for a pause in typing (1000 ms) before it reaches the address.
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect.poll(() => query(page), { timeout: 5_000 }).toEqual({ name: customer.name, page: '1' })
  await expect(dataRows(page).filter({ hasText: customer.email })).toHaveCount(1)
  for (const row of await dataRows(page).all()) await expect(row).toContainText(customer.name)

  // Opened directly, the address fills the box.
  await page.goto(`/admin/users?name=${encodeURIComponent(customer.name)}&page=1`)
  await expect(searchBox(page)).toHaveValue(customer.name)
  await expect(dataRows(page).filter({ hasText: customer.email })).toHaveCount(1)

  // The clear button empties the box and shows everyone at once.
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(searchBox(page)).toHaveValue('')
  await expect.poll(() => query(page)).toEqual({ page: '1' })
  await expect(dataRows(page)).toHaveCount(10)

  // Back brings the search (and its text in the box) back; forward clears it again.
  await page.goBack()
  await expect(searchBox(page)).toHaveValue(customer.name)
  await expect(dataRows(page).filter({ hasText: customer.email })).toHaveCount(1)
  await page.goForward()
  await expect(searchBox(page)).toHaveValue('')
  await expect(dataRows(page)).toHaveCount(10)

  // A search nobody matches.
  await searchBox(page).fill('zzz no such customer qqq')
  await expect(usersTable(page).getByText('No customers match your search or filters.')).toBeVisible({
    timeout: 5_000,
  })
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled()
})

test('add user: the rules speak first, then the customer is created and listed', async ({ page, api }) => {
  const name = unique('E2E Added')
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`
  await page.goto('/admin/users')
  await page.getByRole('link', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/user$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add customer' })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb').getByRole('link', { name: 'Customers' })).toHaveAttribute(
    'href',
    '/admin/users',
  )
  await expect(page.getByLabel('Gender')).toHaveValue('')

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This field is required')
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription('Password is required')
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('This field is required')
  await expect(page.getByLabel('Gender')).toHaveAccessibleDescription('This field is required')
  await expectAccessible(page)

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('not an email')
  await page.getByLabel(/^Password/).fill('short1')
  await page.getByLabel('Phone number').fill('09123')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address')
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(
    'Password must be at least 8 characters',
  )
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('Must be 9 to 15 characters long')
  await page.getByLabel('Phone number').fill('09123abcde')
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('This field must be a number')
  await page.getByLabel(/^Password/).fill('onlyletters')
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(
    'Password must contain at least one number',
  )
  await screenshot(page, 'user-add-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'user-add-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill('e2ePass2026')
  await page.getByLabel('Phone number').fill('0987000111')
  await page.getByLabel('Gender').selectOption({ label: 'Female' })
  await page.getByLabel('Date of birth').fill('1995-04-30')
  // An address written before the 2025 units: the form starts by the units, free text is one switch away.
  await freeTextSwitch(page).click()
  await locationText(page).fill('12 Lê Lợi, Quận 1, TP. Hồ Chí Minh')
  try {
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Customer created successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/users(\?|$)/)

    await searchBox(page).fill(name)
    const row = dataRows(page).filter({ hasText: email })
    await expect(row).toBeVisible({ timeout: 5_000 })
    await expect(row).toContainText('0987000111')
    await expect(row).toContainText('Female')

    const { data } = await api.get<ListAnswer<UserRow & { role: string; dob: string; location: string }>>(
      `/admin/users?role=user&name=${encodeURIComponent(name)}`,
    )
    expect(data[0]).toMatchObject({
      role: 'user',
      dob: '1995-04-30',
      location: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    })
  } finally {
    await removeByName(api, name)
  }
})

test('add user: a taken email shows next to the email and the form keeps what was typed', async ({
  page,
  api,
}) => {
  const existing = await makeCustomer(api)
  const name = unique('E2E Twin')
  try {
    await page.goto('/admin/user')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Email').fill(existing.email.toUpperCase())
    await page.getByLabel(/^Password/).fill('e2ePass2026')
    await page.getByLabel('Phone number').fill('0911222333')
    await page.getByLabel('Gender').selectOption({ label: 'Male' })
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This email is already in use')
    await expect(page).toHaveURL(/\/admin\/user$/)
    await expect(page.getByLabel('Name')).toHaveValue(name)
    await expect(page.getByLabel('Phone number')).toHaveValue('0911222333')
    await expect(page.getByLabel('Gender')).toHaveValue('2')
  } finally {
    await api.delete(`/admin/users/${existing.id}`)
    await removeByName(api, name)
  }
})

test('add user: a short password and a taken email both show after one save', async ({ page, api }) => {
  const existing = await makeCustomer(api)
  const name = unique('E2E Both')
  try {
    await page.goto('/admin/user')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Email').fill(existing.email)
    await page.getByLabel(/^Password/).fill('short1')
    await page.getByLabel('Phone Number').fill('0911222333')
    await page.getByLabel('Gender').selectOption({ label: 'Male' })
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This email is already in use')
    await expect(page).toHaveURL(/\/admin\/user$/)
    await expect(page.getByLabel('Name')).toHaveValue(name)
  } finally {
    await api.delete(`/admin/users/${existing.id}`)
    await removeByName(api, name)
  }
})

test('edit user: loads the customer, checks each change, and saves the new phone', async ({ page, api }) => {
  const customer = await makeCustomer(api, 'E2E Edit')
  try {
    await page.goto(`/admin/users?name=${encodeURIComponent(customer.name)}&page=1`)
    await page.getByRole('link', { name: `Edit ${customer.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/user/edit/${customer.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit customer' })).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue(customer.name)
    await expect(page.getByLabel('Email')).toHaveValue(customer.email)
    await expect(page.getByLabel('Phone number')).toHaveValue('0901234567')
    await expect(page.getByLabel('Gender')).toHaveValue('2')
    await expect(page.getByLabel('Date of birth')).toHaveValue('1992-08-15')
    await expect(locationText(page)).toHaveValue('45 Trần Phú, Hải Châu, Đà Nẵng')
    await expect(freeTextSwitch(page)).toBeChecked()
    await expect(page.getByLabel(/^Password/)).toHaveCount(0)

    // Validated on each change, before Save.
    await page.getByLabel('Phone number').fill('0901')
    await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Must be 9 to 15 characters long',
    )
    await page.getByLabel('Email').fill('broken@')
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address')
    await page.getByLabel('Name').fill('')
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required')
    await expectAccessible(page)

    await page.getByLabel('Name').fill(customer.name)
    await page.getByLabel('Email').fill(customer.email)
    await page.getByLabel('Phone number').fill('0977123456')
    await expect(page.getByLabel('Phone number')).not.toHaveAccessibleDescription(/./)
    await screenshot(page, 'user-edit-wide')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'user-edit-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Customer updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/users(\?|$)/)
    await searchBox(page).fill(customer.name)
    await expect(dataRows(page).filter({ hasText: customer.email })).toContainText('0977123456', {
      timeout: 5_000,
    })
  } finally {
    await api.delete(`/admin/users/${customer.id}`)
  }
})

test('edit user: the address picked by the 2025 units, typed without diacritics, is saved as its text', async ({
  page,
  api,
}) => {
  const customer = await makeCustomer(api, 'E2E Address')
  /** Types into a unit's box and picks the place once it is the highlighted choice. */
  const pick = async (name: RegExp, text: string, option: string) => {
    const box = page.getByRole('combobox', { name })
    await expect(box).toBeEnabled()
    await box.click()
    await page.keyboard.type(text)
    await expect(page.locator('[data-combobox-option][data-combobox-selected]')).toHaveText(option)
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue(option)
  }
  try {
    await page.goto(`/admin/user/edit/${customer.id}`)
    await expect(locationText(page)).toHaveValue('45 Trần Phú, Hải Châu, Đà Nẵng')
    await freeTextSwitch(page).click()
    await pick(/^Province or city/, 'ha noi', 'Hà Nội')
    await pick(/^Ward or commune/, 'cau giay', 'Phường Cầu Giấy')
    await page.getByRole('textbox', { name: /^House number and street/ }).fill('12 Trần Duy Hưng')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Customer updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/users(\?|$)/)

    // Opened again, the address is by the units, and the server wrote its text from them.
    await page.goto(`/admin/user/edit/${customer.id}`)
    await expect(page.getByRole('combobox', { name: /^Ward or commune/ })).toHaveValue('Phường Cầu Giấy')
    await expect(page.getByRole('combobox', { name: /^Province or city/ })).toHaveValue('Hà Nội')
    await expect(page.getByRole('textbox', { name: /^House number and street/ })).toHaveValue(
      '12 Trần Duy Hưng',
    )
    await expect(freeTextSwitch(page)).not.toBeChecked()
    const { data } = await api.get<{ data: { location: string; addressParts: unknown } }>(
      `/admin/users/${customer.id}`,
    )
    expect(data.location).toBe('12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội')
    expect(data.addressParts).toMatchObject({ street: '12 Trần Duy Hưng', provinceCode: '01' })
  } finally {
    await api.delete(`/admin/users/${customer.id}`)
  }
})

test('edit user: an id that does not exist sends the admin back to the list with a toast', async ({
  page,
}) => {
  await page.goto('/admin/user/edit/does-not-exist')
  // The toast first: it shows when the call fails, the list's address once the list's code has loaded.
  await expect(page.getByText('Customer not found')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/users$/, SLOW)
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
})

test('delete user: No keeps the row, Yes, delete it removes it', async ({ page, api }) => {
  const customer = await makeCustomer(api, 'E2E Delete')
  try {
    await page.goto(`/admin/users?name=${encodeURIComponent(customer.name)}&page=1`)
    const row = dataRows(page).filter({ hasText: customer.email })
    await expect(row).toBeVisible()

    await row.getByRole('button', { name: `Delete ${customer.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'No' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toBeVisible()

    await row.getByRole('button', { name: `Delete ${customer.name}` }).click()
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
    await expect(page.getByText('Deleted successfully')).toBeVisible()
    await expect(row).toHaveCount(0)
    await expect(usersTable(page).getByText('No customers match your search or filters.')).toBeVisible()
  } finally {
    await removeByName(api, customer.name)
  }
})

test('delete user: a customer with orders is kept and the refusal is toasted', async ({ page, api }) => {
  // The customer with the most demo orders: other tests may delete an order or two, never all of them.
  const orders = await api.get<{ data: { user: UserRow }[] }>('/admin/orders?limit=100')
  const counts = new Map<string, { user: UserRow; n: number }>()
  for (const { user } of orders.data) {
    const seen = counts.get(user.id) ?? { user, n: 0 }
    seen.n++
    counts.set(user.id, seen)
  }
  const { user: buyer } = [...counts.values()].sort((a, b) => b.n - a.n)[0]!

  await page.goto(`/admin/users?name=${encodeURIComponent(buyer.name)}&page=1`)
  const row = dataRows(page).filter({ hasText: buyer.email })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Delete ${buyer.name}` }).click()
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it' })
    .click()
  await expect(page.getByText(/This customer has \d+ orders?; a customer with orders is kept/)).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeHidden()
  await expect(row).toBeVisible()
  await expect(page.getByText('Deleted successfully')).toHaveCount(0)
})

test('edit user in Vietnamese: the date of birth reads and is typed as DD/MM/YYYY, and saved as the day typed', async ({
  page,
  api,
}) => {
  const customer = await makeCustomer(api, 'E2E Ngày sinh')
  try {
    await page.addInitScript(() => localStorage.setItem('language', 'vi'))
    await page.goto(`/admin/user/edit/${customer.id}`)
    const dob = page.getByLabel(vi.users.fields.dob, { exact: true })
    await expect(dob).toHaveValue('15/08/1992')
    await dob.fill('30/04/1995')
    await dob.blur()
    await expect(dob).toHaveValue('30/04/1995')
    await page.getByRole('button', { name: vi.common.save }).click()
    await expect(page).toHaveURL(/\/admin\/users(\?|$)/)
    const { data } = await api.get<{ data: { dob: string } }>(`/admin/users/${customer.id}`)
    expect(data.dob).toBe('1995-04-30')
  } finally {
    await api.delete(`/admin/users/${customer.id}`)
  }
})
