import type { Locator, Page } from '@playwright/test'
import { type Order, type Product, slugify } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// A product's variants, in Vietnamese: made in the add form from sizes × colours, each row's stock typed, saved; on
// its edit screen the table, a variant's stock taken by an order with the movement naming its SKU, and the ordered
// variant refused when removed. The test makes its own product, order and customer, and deletes them afterwards.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

const p = vi.products
const v = vi.products.variants

interface ListAnswer<T> {
  data: T[]
}

/** Nothing is wider than the screen: the page never scrolls sideways. */
const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/** The body rows of a table (the header row has no cells). */
const bodyRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') })

/** The text of each cell of a row. */
const cellsOf = (row: Locator) => row.getByRole('cell').allInnerTexts()

const cell = (page: Page, key: keyof typeof v.cell, row: number) =>
  page.getByRole('textbox', { name: v.cell[key].replace('{{row}}', String(row)), exact: true })

test('variants: rows made from sizes × colours, their stock summed, an order of one, an ordered one kept', async ({
  page,
  api,
}) => {
  test.slow()
  const demo = (await api.get<ListAnswer<Product>>('/admin/products?limit=50')).data.find(
    (product) => !product.name.startsWith('E2E'),
  )!
  const name = unique('E2E Áo thun biến thể')
  const base = slugify(name).toUpperCase()
  const SKUS = ['DEN-S', 'DEN-M', 'TRANG-S', 'TRANG-M'].map((tail) => `${base}-${tail}`)
  let product: Product | undefined
  let order: Order | undefined
  try {
    await page.goto('/admin/product')
    await expect(page.getByRole('heading', { level: 1, name: p.add })).toBeVisible()
    await page.getByLabel(new RegExp(`^${p.fields.images}`)).setInputFiles('e2e/files/red.png')
    await expect(
      page.getByRole('img', { name: vi.common.image.preview.replace('{{index}}', '1'), exact: true }),
    ).toBeVisible()
    await page.getByRole('textbox', { name: p.fields.name, exact: true }).fill(name)
    await page.getByRole('textbox', { name: p.fields.price, exact: true }).fill('199000')
    await page
      .getByRole('textbox', { name: p.fields.description, exact: true })
      .fill('Made by an end-to-end test')
    await page.getByRole('combobox', { name: p.fields.category }).selectOption({ label: demo.category.name })
    await page.getByRole('combobox', { name: p.fields.brand }).selectOption({ label: demo.brand.name })
    await expect(page.getByText(v.none)).toBeVisible()

    // The generator from the keyboard: sizes, Tab, colours, Enter makes the rows (and does not save the form).
    const sizes = page.getByRole('textbox', { name: v.generator.sizes, exact: true })
    await sizes.focus()
    await page.keyboard.type('S, M')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('textbox', { name: v.generator.colors, exact: true })).toBeFocused()
    await page.keyboard.type('Đen, Trắng')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/admin\/product$/)
    const table = page.getByRole('table', { name: v.caption })
    await expect(bodyRows(table)).toHaveCount(4)
    for (const [i, sku] of SKUS.entries()) await expect(cell(page, 'sku', i + 1)).toHaveValue(sku)
    await expect(page.getByRole('status').filter({ hasText: 'Đã thêm 4 dòng' })).toBeVisible()

    // Each row's stock; the product's own Tồn kho is their sum and cannot be typed in.
    const stocks = [3, 4, 5, 6]
    for (const [i, stock] of stocks.entries()) await cell(page, 'quantity', i + 1).fill(String(stock))
    const quantity = page.getByRole('textbox', { name: p.fields.quantity, exact: true })
    await expect(quantity).toHaveValue('18')
    await expect(quantity).toHaveAttribute('readonly', '')
    await expect(quantity).toHaveAccessibleDescription(p.hints.quantityOfVariants)
    await expect(cell(page, 'price', 1)).toHaveAttribute('placeholder', '199,000')
    await expectAccessible(page)
    await screenshot(page, 'product-variants-add-wide')

    // On a phone the table scrolls inside its own box, named, and the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 812 })
    const box = page.getByRole('region', { name: v.caption })
    await expect(box).toBeVisible()
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    expect(await fitsSideways(page)).toBe(true)
    await cell(page, 'barcode', 4).focus()
    expect(await fitsSideways(page)).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'product-variants-add-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('button', { name: vi.common.save, exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    const found = await api.get<ListAnswer<Product>>(`/admin/products?name=${encodeURIComponent(name)}`)
    expect(found.data).toHaveLength(1)
    product = found.data[0]!
    expect(product.quantity).toBe(18)
    expect(
      product.variants.map((variant) => [variant.sku, variant.size, variant.color, variant.quantity]),
    ).toEqual([
      [SKUS[0], 'S', 'Đen', 3],
      [SKUS[1], 'M', 'Đen', 4],
      [SKUS[2], 'S', 'Trắng', 5],
      [SKUS[3], 'M', 'Trắng', 6],
    ])

    // An order of one black M, taken through the API.
    const blackM = product.variants[1]!
    const { data } = await api.post<{ data: Order }>('/admin/orders', {
      customer: { name: unique('E2E Khách biến thể'), phoneNumber: await freshPhone(api) },
      address: '12 Trần Duy Hưng, Cầu Giấy, Hà Nội',
      lines: [{ productId: product.id, variantId: blackM.id, quantity: 1 }],
      source: 'phone',
    })
    order = data

    // The edit screen shows the table, the black M one down, and the movement naming its SKU.
    await page.goto(`/admin/product/edit/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: p.edit })).toBeVisible()
    await expect(bodyRows(table)).toHaveCount(4)
    await expect(cell(page, 'sku', 2)).toHaveValue(blackM.sku)
    await expect(cell(page, 'quantity', 2)).toHaveValue('3')
    await expect(quantity).toHaveValue('17')
    const movements = page.getByRole('table', { name: `Biến động tồn kho của ${name}` })
    await expect(movements.getByRole('columnheader', { name: p.stock.columns.variant })).toBeVisible()
    await expect(bodyRows(movements)).toHaveCount(5)
    // No., date, change, variant, stock after, reason, order.
    expect((await cellsOf(bodyRows(movements).first())).slice(2, 7)).toEqual([
      '−1',
      blackM.sku,
      '3',
      vi.enums.stockReason.order,
      `#${order.id}`,
    ])
    await expect(page.getByText(`${blackM.sku}: 3`)).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'product-variants-edit-wide')

    // The ordered variant removed and saved: refused above the table, the screen kept as it was.
    await page.getByRole('button', { name: v.remove.replace('{{sku}}', blackM.sku), exact: true }).click()
    await expect(bodyRows(table)).toHaveCount(3)
    await expect(quantity).toHaveValue('14')
    await page.getByRole('button', { name: vi.common.save, exact: true }).click()
    const refused = vi.messages.variantOrdered.replace('{{sku}}', blackM.sku)
    await expect(page.getByRole('alert').filter({ hasText: refused })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/admin/product/edit/${product.id}$`))
    await expect(bodyRows(table)).toHaveCount(3)
    await expectAccessible(page)
    await page.setViewportSize({ width: 375, height: 812 })
    expect(await fitsSideways(page)).toBe(true)
    await expectAccessible(page)
    await screenshot(page, 'product-variants-edit-narrow')
    const kept = (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data
    expect(kept.variants.map((variant) => variant.sku)).toEqual(SKUS)
    expect(kept.quantity).toBe(17)
  } finally {
    if (order) {
      await api.delete(`/admin/orders/${order.id}`)
      await api.delete(`/admin/users/${order.user.id}`)
    }
    if (product) await api.delete(`/admin/products/${product.id}`)
    else {
      // Saved, but not found before a failure: it is still the test's to delete.
      const left = await api.get<ListAnswer<Product>>(`/admin/products?name=${encodeURIComponent(name)}`)
      for (const made of left.data) await api.delete(`/admin/products/${made.id}`)
    }
  }
})
