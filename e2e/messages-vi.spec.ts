import { vi } from '../web/src/i18n/vi/index.ts'
import { type Api, expect, test, unique } from './fixtures.ts'

// Refusals written only on the server reach a Vietnamese interface in Vietnamese: the server sends each with a
// code and the screen translates by it, never by matching the English.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

/** `{{name}}` placeholders of a message filled in, as i18next does. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]))

/** The table's rows that hold data (the header row has no cells). */
const dataRows = (page: import('@playwright/test').Page, caption: string) =>
  page
    .getByRole('table', { name: caption })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })

async function customer(api: Api) {
  const { data } = await api.post<{ data: { id: string; email: string } }>('/admin/users', {
    name: unique('E2E Khách'),
    email: `${unique('e2e-vi').replace(/\W+/g, '.')}@example.com`.toLowerCase(),
    password: 'e2ePass2026',
    phoneNumber: '0911222444',
    gender: 1,
  })
  return data
}

test('a taken email is refused in Vietnamese next to the email', async ({ page, api }) => {
  const existing = await customer(api)
  try {
    await page.goto('/admin/user')
    await expect(page.getByRole('heading', { level: 1, name: vi.users.addTitle })).toBeVisible()
    await page.getByLabel(vi.users.fields.name).fill(unique('E2E Trùng'))
    await page.getByLabel(vi.users.fields.email).fill(existing.email)
    await page.getByLabel(new RegExp(`^${vi.users.fields.password}`)).fill('e2ePass2026')
    await page.getByLabel(vi.users.fields.phoneNumber).fill('0911222333')
    await page.getByLabel(vi.users.fields.gender).selectOption('2')
    await page.getByRole('button', { name: vi.common.save }).click()
    await expect(page.getByLabel(vi.users.fields.email)).toHaveAccessibleDescription(vi.messages.emailTaken)
    expect(vi.messages.emailTaken).not.toBe('This email is already in use')
    await expect(page).toHaveURL(/\/admin\/user$/)
  } finally {
    await api.delete(`/admin/users/${existing.id}`)
  }
})

test('a category products use is kept, and the refusal is toasted in Vietnamese with the count', async ({
  page,
  api,
}) => {
  const { data } = await api.get<{ data: { category: { id: string; name: string } }[] }>(
    '/admin/products?limit=1',
  )
  const used = data[0]!.category

  await page.goto(`/admin/categories?name=${encodeURIComponent(used.name)}`)
  const row = dataRows(page, vi.categories.title).filter({ hasText: used.name }).first()
  await row.getByRole('button', { name: `${vi.common.delete} ${used.name}` }).click()
  await page
    .getByRole('dialog', { name: vi.common.confirm.title })
    .getByRole('button', { name: vi.common.confirm.yes })
    .click()
  // 'Danh mục đang có N sản phẩm; …' (or, when only deleted products hold it, the kept-for-history text).
  const inUse = fill(vi.messages.categoryInUse_other, { count: 999 }).replace('999', '\\d+')
  const kept = fill(vi.messages.categoryKept_other, { count: 999 }).replace('999', '\\d+')
  await expect(page.getByRole('alert').filter({ hasText: new RegExp(`^(${inUse}|${kept})$`) })).toBeVisible()
  await expect(page.getByText(/used by/)).toHaveCount(0)
  await expect(row).toBeVisible()
})

test('a category deleted while the product form is open is refused in Vietnamese next to the category', async ({
  page,
  api,
}) => {
  test.slow()
  // A demo brand: one another test made may be deleted while this form is open.
  const brands = (await api.get<{ data: { id: string; name: string }[] }>('/admin/brands/all')).data.filter(
    (brand) => !brand.name.startsWith('E2E'),
  )
  const { data: category } = await api.post<{ data: { id: string; name: string } }>('/admin/categories', {
    name: unique('E2E Danh mục tạm'),
  })
  let deleted = false
  try {
    await page.goto('/admin/product')
    await expect(page.getByRole('heading', { level: 1, name: vi.products.add })).toBeVisible()
    await page.getByRole('textbox', { name: vi.products.fields.name, exact: true }).fill(unique('E2E Áo'))
    await page.getByRole('textbox', { name: vi.products.fields.price, exact: true }).fill('250000')
    await page.getByRole('textbox', { name: vi.products.fields.quantity, exact: true }).fill('3')
    await page.getByRole('textbox', { name: vi.products.fields.description, exact: true }).fill('Áo thử')
    await page
      .getByRole('combobox', { name: vi.products.fields.category })
      .selectOption({ label: category.name })
    await page
      .getByRole('combobox', { name: vi.products.fields.brand })
      .selectOption({ label: brands[0]!.name })
    await page.getByLabel(new RegExp(`^${vi.products.fields.images}`)).setInputFiles('e2e/files/red.png')
    await expect(page.getByRole('img', { name: fill(vi.common.image.preview, { index: 1 }) })).toBeVisible()

    // Someone else deletes the chosen category before this form is saved.
    await api.delete(`/admin/categories/${category.id}`)
    deleted = true
    await page.getByRole('button', { name: vi.common.save }).click()
    await expect(
      page.getByRole('combobox', { name: vi.products.fields.category }),
    ).toHaveAccessibleDescription(vi.messages.selectCategory)
    expect(vi.messages.selectCategory).not.toBe('Select an existing category')
    await expect(page).toHaveURL(/\/admin\/product$/)
  } finally {
    if (!deleted) await api.delete(`/admin/categories/${category.id}`)
  }
})
