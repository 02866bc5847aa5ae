import type { Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

interface CategoryRow {
  id: string
  name: string
  slug: string
}

const table = (page: Page) => page.getByRole('table', { name: 'Categories' })
/** The table's rows under the header. */
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search categories by name' })
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const listOf = (name: string) => `/admin/categories?name=${encodeURIComponent(name)}&page=1`

async function makeCategory(api: Api, name = unique('E2E Category')) {
  const { data } = await api.post<{ data: CategoryRow }>('/admin/categories', { name })
  return data
}

/** Deletes the categories this test made with that exact name, if they are still there. */
async function removeByName(api: Api, ...names: string[]) {
  for (const name of names) {
    const list = await api.get<{ data: CategoryRow[] }>(`/admin/categories?name=${encodeURIComponent(name)}`)
    for (const row of list.data) if (row.name === name) await api.delete(`/admin/categories/${row.id}`)
  }
}

test('the category list shows name and slug, numbered, with an Add button', async ({ page }) => {
  await page.goto('/admin/categories')
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb').getByText('Categories')).toBeVisible()
  for (const header of ['No.', 'Name', 'Slug', 'Actions']) {
    await expect(table(page).getByRole('columnheader', { name: header })).toBeVisible()
  }
  await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
  await expect(dataRows(page).first().getByRole('cell').nth(2)).toHaveText(/^[a-z0-9-]+$/)
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveAttribute(
    'href',
    '/admin/category',
  )
  await expectAccessible(page)
  await screenshot(page, 'categories-list-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(dataRows(page).first()).toBeVisible()
  await screenshot(page, 'categories-list-narrow')
})

test('search and paging go through the address, back and forward', async ({ page, api }) => {
  // Twelve categories only this test has: two pages of a search, whatever other tests do meanwhile.
  const prefix = unique('E2E Paged')
  const names = Array.from({ length: 12 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`)
  for (const name of names) await makeCategory(api, name)
  try {
    await page.goto(`/admin/categories?name=${encodeURIComponent(prefix)}&page=2`)
    await expect(searchBox(page)).toHaveValue(prefix)
    await expect(dataRows(page)).toHaveCount(2)
    await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
    await expect(dataRows(page).nth(1).getByRole('cell').first()).toHaveText('12')
    await expect(pager(page).getByRole('button', { name: 'Page 2', exact: true })).toBeDisabled()
    await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled()

    await pager(page).getByRole('button', { name: 'Previous' }).click()
    await expect.poll(() => query(page)).toEqual({ name: prefix, page: '1' })
    await expect(dataRows(page)).toHaveCount(10)
    await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('1')
    await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(pager(page).getByRole('button', { name: 'Page 1', exact: true })).toBeDisabled()

    await page.goBack()
    await expect(dataRows(page)).toHaveCount(2)
    await expect(dataRows(page).first().getByRole('cell').first()).toHaveText('11')
    await page.goForward()
    await expect(dataRows(page)).toHaveCount(10)

    // Typing narrows the list once the typing pauses, back on page 1.
    await pager(page).getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => query(page)).toEqual({ name: prefix, page: '2' })
    await searchBox(page).fill(names[6]!)
    await expect.poll(() => query(page), { timeout: 5_000 }).toEqual({ name: names[6], page: '1' })
    await expect(dataRows(page)).toHaveCount(1)
    await expect(dataRows(page).first()).toContainText(names[6]!)

    // Back restores the earlier search and its page, box included.
    await page.goBack()
    await expect(searchBox(page)).toHaveValue(prefix)
    await expect(dataRows(page)).toHaveCount(2)

    await searchBox(page).fill(`${prefix} nothing like this`)
    await expect(table(page).getByText('No categories match your search.')).toBeVisible({ timeout: 5_000 })
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(searchBox(page)).toHaveValue('')
    await expect.poll(() => query(page)).toEqual({ page: '1' })
    await expect(dataRows(page).first()).toBeVisible()
  } finally {
    await removeByName(api, ...names)
  }
})

test('add category: the name is required, then it is created; a taken name is refused next to it', async ({
  page,
  api,
}) => {
  const name = unique('E2E Added Category')
  try {
    await page.goto('/admin/categories')
    await page.getByRole('link', { name: 'Add', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/category$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add category' })).toBeVisible()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required')
    await expectAccessible(page)
    await screenshot(page, 'category-add-wide')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'category-add-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByLabel('Name').fill(name)
    await expect(page.getByLabel('Name')).not.toHaveAccessibleDescription(/./)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Category created successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/categories(\?|$)/)
    await searchBox(page).fill(name)
    const row = dataRows(page).filter({ hasText: name })
    await expect(row).toBeVisible({ timeout: 5_000 })
    const slug = (await row.getByRole('cell').nth(2).textContent())!
    expect(slug).toMatch(/^e2e-added-category-/)

    // The same name again makes the same slug: refused, the message beside the name, the text kept.
    await page.goto('/admin/category')
    await page.getByLabel('Name').fill(name)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(
      `A category with the slug '${slug}' already exists`,
    )
    await expect(page.getByLabel('Name')).toHaveValue(name)
    await expect(page).toHaveURL(/\/admin\/category$/)
  } finally {
    await removeByName(api, name)
  }
})

test('edit category: loads it, keeps the name required, refuses a taken name and saves', async ({
  page,
  api,
}) => {
  const category = await makeCategory(api, unique('E2E Edit Category'))
  const other = await makeCategory(api, unique('E2E Other Category'))
  const renamed = unique('E2E Renamed Category')
  try {
    await page.goto(listOf(category.name))
    await page.getByRole('link', { name: `Edit ${category.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/category/edit/${category.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit category' })).toBeVisible()
    await expect(page.getByLabel('Breadcrumb').getByRole('link', { name: 'Categories' })).toHaveAttribute(
      'href',
      '/admin/categories',
    )
    await expect(page.getByLabel('Name')).toHaveValue(category.name)

    await page.getByLabel('Name').fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required')
    await expectAccessible(page)

    await page.getByLabel('Name').fill(other.name)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(
      `A category with the slug '${other.slug}' already exists`,
    )

    await page.getByLabel('Name').fill(renamed)
    await expect(page.getByLabel('Name')).not.toHaveAccessibleDescription(/./)
    await screenshot(page, 'category-edit-wide')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'category-edit-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Category updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/categories(\?|$)/)
    await searchBox(page).fill(renamed)
    const row = dataRows(page).filter({ hasText: renamed })
    await expect(row).toBeVisible({ timeout: 5_000 })
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^e2e-renamed-category-/)
  } finally {
    await api.delete(`/admin/categories/${category.id}`)
    await api.delete(`/admin/categories/${other.id}`)
  }
})

test('edit category: an unknown id sends the admin back to the list with a toast', async ({ page }) => {
  await page.goto('/admin/category/edit/does-not-exist')
  // The toast comes first: it is shown when the call fails, and the list's address only once the list's code has
  // loaded, which on a busy machine can outlast the toast's 5 s.
  await expect(page.getByText('Category not found')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/categories$/, SLOW)
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
})

test('delete category: No keeps the row, Yes, delete it removes it', async ({ page, api }) => {
  const category = await makeCategory(api, unique('E2E Delete Category'))
  try {
    await page.goto(listOf(category.name))
    const row = dataRows(page).filter({ hasText: category.name })
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: `Delete ${category.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'No' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toBeVisible()

    await row.getByRole('button', { name: `Delete ${category.name}` }).click()
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
    await expect(page.getByText('Deleted successfully')).toBeVisible()
    await expect(row).toHaveCount(0)
    await expect(table(page).getByText('No categories match your search.')).toBeVisible()
  } finally {
    await removeByName(api, category.name)
  }
})

test('delete category: one that products use is kept and the refusal is toasted', async ({ page, api }) => {
  const { data } = await api.get<{ data: { category: { id: string; name: string } }[] }>(
    '/admin/products?limit=1',
  )
  const used = data[0]!.category

  await page.goto(listOf(used.name))
  const row = dataRows(page).filter({ hasText: used.name }).first()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Delete ${used.name}` }).click()
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it' })
    .click()
  await expect(page.getByText(/This category is (still )?used by \d+ (deleted )?products?/)).toBeVisible()
  await expect(row).toBeVisible()
  await expect(page.getByText('Deleted successfully')).toHaveCount(0)
})
