import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { type Api, expect, expectAccessible, test, unique } from './fixtures.ts'

interface Named {
  id: string
  name: string
}

const HEADER = 'id,name,price,quantity,category,brand,size,images,description'

/** A category and a brand the demo store has, by name as an import file names them, and a stored picture. */
async function namesInStore(api: Api) {
  const categories = await api.get<{ data: Named[] }>('/admin/categories?limit=1')
  const brands = await api.get<{ data: Named[] }>('/admin/brands?limit=1')
  const products = await api.get<{ data: { images: string[] }[] }>('/admin/products?limit=1')
  return {
    category: categories.data[0]!.name,
    brand: brands.data[0]!.name,
    image: products.data[0]!.images[0]!,
  }
}

/** The names of the store's five newest categories and brands, and the first pictures of its five newest products. */
async function newestInStore(api: Api) {
  const categories = await api.get<{ data: Named[] }>('/admin/categories?limit=5')
  const brands = await api.get<{ data: Named[] }>('/admin/brands?limit=5')
  const products = await api.get<{ data: { images: string[] }[] }>('/admin/products?limit=5')
  return {
    categories: categories.data.map((row) => row.name),
    brands: brands.data.map((row) => row.name),
    images: products.data.flatMap((row) => row.images.slice(0, 1)),
  }
}

/** Picks a file as a person does: through the file chooser the field opens. */
async function chooseFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'CSV file' }).click()
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })
}

/** The product list searched by name: how many rows match. */
async function countByName(api: Api, name: string) {
  const { meta } = await api.get<{ meta: { totalResults: number } }>(
    `/admin/products?name=${encodeURIComponent(name)}`,
  )
  return meta.totalResults
}

test('the template downloads with a BOM, the import header and an example naming a real category and brand', async ({
  page,
  api,
}) => {
  // The example names the newest category, brand and product's picture, and other tests add some meanwhile: the
  // example's must be among the newest before the download or after it.
  const before = await newestInStore(api)
  await page.goto('/admin/products/import')
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download template' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('products-import-template.csv')
  const text = readFileSync((await file.path())!, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, example] = text.slice(1).trimEnd().split('\r\n')
  expect(header).toBe(HEADER)
  const after = await newestInStore(api)
  const [, , , , category, brand, , image] = example!.split(',')
  expect([...before.categories, ...after.categories]).toContain(category)
  expect([...before.brands, ...after.brands]).toContain(brand)
  expect([...before.images, ...after.images]).toContain(image)
})

test('a file with an error shows line, field and message and writes nothing; the fixed file imports', async ({
  page,
  api,
}) => {
  const { category, brand, image } = await namesInStore(api)
  const batch = unique('E2E Import')
  const good = `${batch} good`
  const bad = `${batch} bad`
  const rows = (price: string) =>
    [
      HEADER,
      `,${good},250000,5,${category},${brand},S|M,${image},Imported by an end-to-end test`,
      `,${bad},${price},3,${category},${brand},,${image},Imported by an end-to-end test`,
    ].join('\n')

  // The way staff come: the product list's Import button.
  await page.goto('/admin/products')
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/products\/import$/)
  const check = page.getByRole('button', { name: 'Check file' })
  const run = page.getByRole('button', { name: 'Import', exact: true })
  await expect(check).toBeDisabled()

  // Line 3 has a price that is not a number: the check names it, and nothing is written.
  await chooseFile(page, 'with-error.csv', rows('abc'))
  await check.click()
  const errors = page.getByRole('table', { name: 'Errors in the file' })
  await expect(errors).toBeVisible()
  const errorRow = errors
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'price', exact: true }) })
  await expect(errorRow.getByRole('cell').first()).toHaveText('3')
  await expect(errorRow.getByRole('cell').nth(2)).not.toBeEmpty()
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was imported' })).toBeVisible()
  await expect(run).toBeDisabled()
  await expectAccessible(page)
  expect(await countByName(api, batch)).toBe(0)

  // The fixed file passes the check, still writing nothing, then imports both rows.
  await chooseFile(page, 'fixed.csv', rows('99000'))
  await expect(errors).toBeHidden()
  await check.click()
  const report = page.getByRole('status').filter({ hasText: 'The file is ready to import' })
  await expect(report).toBeVisible()
  await expect(report.getByText('New products').locator('xpath=following-sibling::dd[1]')).toHaveText('2')
  expect(await countByName(api, batch)).toBe(0)
  await run.click()
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible()
  expect(await countByName(api, batch)).toBe(2)

  // Back in the list, a search by name finds them.
  await page.getByRole('link', { name: 'Back to the product list' }).click()
  await expect(page).toHaveURL(/\/admin\/products(\?|$)/)
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(batch)
  const table = page.getByRole('table', { name: 'Products' })
  await expect(table.getByRole('cell', { name: good, exact: true })).toBeVisible()
  await expect(table.getByRole('cell', { name: bad, exact: true })).toBeVisible()
})

test('a file that is not CSV is refused with its reason', async ({ page }) => {
  await page.goto('/admin/products/import')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'CSV file' }).click()
  // A PNG's first bytes, named .csv.
  await (await chooser).setFiles({
    name: 'picture.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]),
  })
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The file was refused' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Errors in the file' })).toBeHidden()
})
