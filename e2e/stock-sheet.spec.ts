import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Product, StockMovement } from '@store/contract'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

// The monthly stock count (CONTRACT 5.4) as a shop does it: the stock sheet downloaded from the product list, the
// counted file imported back, a file with a fault refused whole, the fixed one checked and then written as a
// `count` movement. The test makes its own product with two variants and deletes it afterwards.

const HEADER = 'id,sku,product,size,color,price,quantity'

interface ListAnswer<T> {
  data: T[]
}

/** A product of the test's own with two variants, M (5 in stock) and L (2), and a demo product's references. */
async function arrangeProduct(api: Api) {
  const demo = (await api.get<ListAnswer<Product>>('/admin/products?limit=50')).data.filter(
    (p) => !p.name.startsWith('E2E'),
  )
  const batch = unique('E2E-SKU').replace(' ', '-')
  const { data } = await api.post<{ data: Product }>('/admin/products', {
    name: unique('E2E Counted'),
    price: 150000,
    description: 'Made by an end-to-end test',
    quantity: 0,
    category: demo[0]!.category.id,
    brand: demo[0]!.brand.id,
    images: demo[0]!.images.slice(0, 1),
    size: [],
    variants: [
      { sku: `${batch}-M`, size: 'M', quantity: 5 },
      { sku: `${batch}-L`, size: 'L', quantity: 2 },
    ],
  })
  return data
}

/** The product as the server has it now. */
const stored = async (api: Api, id: string) =>
  (await api.get<{ data: Product }>(`/admin/products/${id}`)).data

/** Picks a file as a person does: through the file chooser the field opens. */
async function chooseFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'CSV file' }).click()
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })
}

/** Nothing is wider than the screen: the page never scrolls sideways. */
const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test('the stock sheet downloads from the product list; a counted file with a fault writes nothing, the fixed one sets the stock', async ({
  page,
  api,
}) => {
  test.slow()
  const product = await arrangeProduct(api)
  const [medium, large] = product.variants
  try {
    // The sheet, from the product list's Stock sheet menu.
    await page.goto('/admin/products')
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
    await page.getByRole('button', { name: 'Stock sheet', exact: true }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Download stock sheet' }).click()
    const file = await download
    const text = readFileSync((await file.path())!, 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(HEADER)
    expect(lines).toContain(`${product.id},${medium!.sku},${product.name},M,,,5`)
    expect(lines).toContain(`${product.id},${large!.sku},${product.name},L,,,2`)

    // The import screen, from the same menu.
    await page.getByRole('button', { name: 'Stock sheet', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Import stock count' }).click()
    await expect(page).toHaveURL(/\/admin\/products\/stock-import$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Import stock count' })).toBeVisible()
    const check = page.getByRole('button', { name: 'Check file' })
    const run = page.getByRole('button', { name: 'Import', exact: true })

    // M counted at 7, and a SKU the shop does not have on line 3: the check names it and nothing is written.
    const unknownSku = `${medium!.sku}-NONE`
    await chooseFile(page, 'count-with-error.csv', `sku,quantity\n${medium!.sku},7\n${unknownSku},1\n`)
    await check.click()
    const errors = page.getByRole('table', { name: 'Errors in the file' })
    await expect(errors).toBeVisible()
    const errorRow = errors
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '3', exact: true }) })
    await expect(errorRow.getByRole('cell')).toHaveText(['3', 'sku', `No variant has the SKU ${unknownSku}`])
    await expect(page.getByRole('alert').filter({ hasText: 'nothing was imported' })).toBeVisible()
    await expect(run).toBeDisabled()
    await expectAccessible(page)
    await screenshot(page, 'stock-import-errors')
    expect((await stored(api, product.id)).variants.find((v) => v.id === medium!.id)?.quantity).toBe(5)

    // The fixed file passes the check, still writing nothing, then sets M's stock.
    await chooseFile(page, 'count.csv', `sku,quantity\n${medium!.sku},7\n`)
    await expect(errors).toBeHidden()
    await check.click()
    const report = page.getByRole('status').filter({ hasText: 'The file is ready to import' })
    await expect(report).toBeVisible()
    await expect(report.getByText('Rows to set').locator('xpath=following-sibling::dd[1]')).toHaveText('1')
    expect((await stored(api, product.id)).variants.find((v) => v.id === medium!.id)?.quantity).toBe(5)
    await run.click()
    const done = page.getByRole('status').filter({ hasText: 'Stock count imported' })
    await expect(done).toBeVisible()
    await expect(
      done.getByText('Stocks or prices changed').locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('1')
    await expectAccessible(page)
    await screenshot(page, 'stock-import-done')

    const after = await stored(api, product.id)
    expect(after.variants.map((v) => [v.sku, v.quantity])).toEqual([
      [medium!.sku, 7],
      [large!.sku, 2],
    ])
    expect(after.quantity).toBe(9)
    const movements = await api.get<ListAnswer<StockMovement>>(
      `/admin/products/${product.id}/stock-movements`,
    )
    expect(movements.data.filter((m) => m.reason === 'count')).toEqual([
      expect.objectContaining({ variantId: medium!.id, delta: 2, after: 7 }),
    ])
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('on a phone the stock sheet menu works by keyboard and the import screen fits the width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/admin/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  expect(await fitsSideways(page)).toBe(true)

  await page.getByRole('button', { name: 'Stock sheet', exact: true }).focus()
  await page.keyboard.press('Enter')
  const download = page.getByRole('menuitem', { name: 'Download stock sheet' })
  await expect(download).toBeVisible()
  await screenshot(page, 'stock-sheet-menu-narrow')
  // The menu takes the focus once it has opened: an arrow pressed before that would go to the button instead.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
    .toBe(true)
  await page.keyboard.press('ArrowDown')
  await expect(download).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Import stock count' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/products\/stock-import$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Import stock count' })).toBeVisible()
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(page.getByText(/sku finds a variant/)).toBeVisible()
  expect(await fitsSideways(page)).toBe(true)
  await expectAccessible(page)
  await screenshot(page, 'stock-import-narrow')
})
