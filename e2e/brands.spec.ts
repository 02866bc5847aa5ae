import type { Page } from '@playwright/test'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

interface BrandRow {
  id: string
  name: string
  logo: string | null
}

const bodyRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Brands' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })

/** A brand made through the API for a test to change or delete, wearing a demo brand's logo. */
async function arrangeBrand(api: Api, name = unique('E2E Brand')) {
  const demo = (await api.get<{ data: BrandRow[] }>('/admin/brands/all')).data
  const logo = demo.find((b) => b.logo)!.logo
  return (await api.post<{ data: BrandRow }>('/admin/brands', { name, logo })).data
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search brands by name' })

test('the brand list shows names and logos, pages and searches through the address', async ({
  page,
  api,
}) => {
  await page.goto('/admin/brands')
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb').getByText('Brands', { exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Brands' })
  for (const header of ['No.', 'Name', 'Logo image', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(bodyRows(page)).toHaveCount(10)
  // Every logo says whose it is.
  await expect(table.getByRole('img', { name: /^Logo of .+/ }).first()).toBeVisible()
  const alts = await table.evaluate((t) =>
    [...t.querySelectorAll('img')].map((i) => i.getAttribute('alt') ?? ''),
  )
  expect(alts.length).toBeGreaterThan(0)
  for (const alt of alts) expect(alt).toMatch(/^Logo of .+/)
  await expect(page.getByRole('main').getByRole('link', { name: 'Add brand' })).toHaveAttribute(
    'href',
    '/admin/brand',
  )
  await expectAccessible(page)
  await screenshot(page, 'brands-list-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'brands-list-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.goto('/admin/brands?page=2')
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText('11')
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page).toHaveURL(/[?&]page=1/)
  await expect(bodyRows(page).first().getByRole('cell').first()).toHaveText('1')

  const demo = (await api.get<{ data: BrandRow[] }>('/admin/brands/all')).data.find(
    (b) => !b.name.startsWith('E2E'),
  )!
  await page.goto(`/admin/brands?name=${encodeURIComponent(demo.name)}`)
  await expect(search(page)).toHaveValue(demo.name)
  await expect(bodyRows(page).first()).toContainText(demo.name)
})

test('add brand: required messages, a logo upload, then it is listed with its logo', async ({
  page,
  api,
}) => {
  await page.goto('/admin/brand')
  await expect(page.getByRole('heading', { level: 1, name: 'Add brand' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(2)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expectAccessible(page)

  const logo = page.getByLabel(/^Logo image/)
  await logo.setInputFiles('e2e/files/not-an-image.txt')
  await expect(page.getByRole('alert').filter({ hasText: 'Not an image we accept' })).toBeVisible()
  await logo.setInputFiles('e2e/files/red.png')
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  // A new upload replaces the logo.
  await logo.setInputFiles('e2e/files/blue.jpg')
  await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('img')).toHaveCount(1)

  const name = unique('E2E Brand')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await expect(page.getByText('This field is required')).toHaveCount(0)
  await screenshot(page, 'brand-add-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'brand-add-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/brands$/)
  await expect(page.getByText('Brand created successfully')).toBeVisible()

  await search(page).fill(name)
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(
    bodyRows(page)
      .first()
      .getByRole('img', { name: `Logo of ${name}` }),
  ).toBeVisible()
  const made = (await api.get<{ data: BrandRow[] }>(`/admin/brands?name=${encodeURIComponent(name)}`))
    .data[0]!
  await api.delete(`/admin/brands/${made.id}`)
})

test('edit brand: rename it and clear its logo', async ({ page, api }) => {
  const brand = await arrangeBrand(api)
  try {
    await page.goto(`/admin/brands?name=${encodeURIComponent(brand.name)}`)
    await bodyRows(page)
      .first()
      .getByRole('link', { name: `Edit ${brand.name}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/brand/edit/${brand.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit brand' })).toBeVisible()
    const name = page.getByRole('textbox', { name: 'Name', exact: true })
    await expect(name).toHaveValue(brand.name)
    await expect(page.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', `/api/file${brand.logo}`)
    await expectAccessible(page)
    await screenshot(page, 'brand-edit-wide')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'brand-edit-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })

    // A blank name is refused before anything is sent.
    await name.fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('This field is required')).toBeVisible()

    const renamed = `${brand.name} renamed`
    await name.fill(renamed)
    await page.getByRole('button', { name: 'Remove image 1' }).click()
    await expect(page.getByRole('img', { name: 'Image 1' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/admin\/brands$/)
    await expect(page.getByText('Brand updated successfully')).toBeVisible()

    await page.goto(`/admin/brand/edit/${brand.id}`)
    await expect(name).toHaveValue(renamed)
    await expect(page.getByRole('button', { name: 'Upload image' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0)
    const stored = (await api.get<{ data: BrandRow }>(`/admin/brands/${brand.id}`)).data
    expect(stored).toMatchObject({ name: renamed, logo: null })
  } finally {
    await api.delete(`/admin/brands/${brand.id}`)
  }
})

test('delete brand: No keeps it, Yes removes it', async ({ page, api }) => {
  const brand = await arrangeBrand(api)
  await page.goto(`/admin/brands?name=${encodeURIComponent(brand.name)}`)
  await bodyRows(page)
    .first()
    .getByRole('button', { name: `Delete ${brand.name}` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toContainText(brand.name)
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
  await expect(bodyRows(page).first()).toContainText(brand.name)
  await bodyRows(page)
    .first()
    .getByRole('button', { name: `Delete ${brand.name}` })
    .click()
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(page.getByText('Deleted successfully')).toBeVisible()
  await expect(page.getByText('No brands match your search.')).toBeVisible()
})

test('deleting a brand that products use is refused with the reason', async ({ page, api }) => {
  // A demo product's brand: demo products are never deleted, so it stays in use.
  const used = (
    await api.get<{ data: { name: string; brand: { name: string } }[] }>('/admin/products?limit=50')
  ).data.find((p) => !p.name.startsWith('E2E'))!.brand
  await page.goto(`/admin/brands?name=${encodeURIComponent(used.name)}`)
  const row = bodyRows(page).filter({ hasText: used.name }).first()
  await row.getByRole('button', { name: `Delete ${used.name}` }).click()
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it' })
    .click()
  await expect(page.getByRole('alert').filter({ hasText: /is used by/ })).toBeVisible()
  await expect(row).toBeVisible()
})

test('an edit address of an unknown brand goes back to the list with a message', async ({ page }) => {
  await page.goto('/admin/brand/edit/999999999')
  await expect(page).toHaveURL(/\/admin\/brands$/)
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible()
})
