import type { Page } from '@playwright/test'
import { vi } from '../web/src/i18n/vi/index.ts'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

interface Row {
  id: string
  name: string
  images: string[]
  category: { id: string; name: string }
  brand: { id: string; name: string }
}

const PRICE = /^\d{1,3}(,\d{3})* VND$/

/** The table's body rows (the header row has no cells). */
const bodyRows = (page: Page, caption = 'Products') =>
  page
    .getByRole('table', { name: caption })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })

/** The first cell (No.) of the first row. */
const firstStt = (page: Page) => bodyRows(page).first().getByRole('cell').first()

/** A product made through the API for a test to change or delete, with two demo pictures. */
async function arrangeProduct(api: Api, { name = unique('E2E Product'), quantity = 4 } = {}) {
  const demo = (await api.get<{ data: Row[] }>('/admin/products?limit=50')).data.filter(
    (p) => !p.name.startsWith('E2E'),
  )
  const pictures = [...new Set(demo.flatMap((p) => p.images))].slice(0, 2)
  const { data } = await api.post<{ data: Row }>('/admin/products', {
    name,
    price: 350000,
    description: 'Made by an end-to-end test',
    quantity,
    category: demo[0]!.category.id,
    brand: demo[0]!.brand.id,
    images: pictures,
    size: ['M'],
  })
  return data
}

test('the product list shows VND prices and thumbnails, and pages through the address', async ({ page }) => {
  await page.goto('/admin/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb').getByText('Products', { exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Products' })
  for (const header of ['No.', 'Name', 'Price', 'Brand', 'Category', 'Image', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(firstStt(page)).toHaveText('1')
  await expect(bodyRows(page)).toHaveCount(10)

  // Price is the third cell: No., Name, Price.
  const prices = await bodyRows(page).evaluateAll((rows) => rows.map((r) => r.children[2]?.textContent ?? ''))
  expect(prices.length).toBeGreaterThan(0)
  for (const price of prices) expect(price).toMatch(PRICE)

  // Every picture in the table says what it shows.
  await expect(table.getByRole('img', { name: /^Picture of .+/ }).first()).toBeVisible()
  const alts = await table.evaluate((t) =>
    [...t.querySelectorAll('img')].map((i) => i.getAttribute('alt') ?? ''),
  )
  expect(alts.length).toBeGreaterThan(0)
  for (const alt of alts) expect(alt).toMatch(/^Picture of .+/)
  await expect(page.getByRole('main').getByRole('link', { name: 'Add product' })).toHaveAttribute(
    'href',
    '/admin/product',
  )
  await expectAccessible(page)
  await screenshot(page, 'products-list-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'products-list-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })

  // Paging through the address, then with Next and Previous, and back through history.
  await page.goto('/admin/products?page=2')
  await expect(firstStt(page)).toHaveText('11')
  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pager.getByRole('button', { name: 'Page 2' })).toBeDisabled()
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=3/)
  await expect(firstStt(page)).toHaveText('21')
  await page.goBack()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(firstStt(page)).toHaveText('11')
  await pager.getByRole('button', { name: 'Previous' }).click()
  await expect(page).toHaveURL(/[?&]page=1/)
  await expect(firstStt(page)).toHaveText('1')
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
})

test('the product search works through the box and the address; none left is out of stock', async ({
  page,
  api,
}) => {
  const product = await arrangeProduct(api, { quantity: 0 })
  try {
    await page.goto(`/admin/products?name=${encodeURIComponent(product.name)}`)
    const search = page.getByRole('searchbox', { name: 'Search products by name' })
    await expect(search).toHaveValue(product.name)
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(bodyRows(page).first()).toContainText(product.name)
    await expect(bodyRows(page).first()).toContainText('350,000 VND')
    await expect(bodyRows(page).first()).toContainText('Out of stock')

    await page.goto('/admin/products')
    await search.fill(product.name.toLowerCase())
    await expect(page).toHaveURL(/[?&]name=/)
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(bodyRows(page).first()).toContainText(product.name)
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(search).toHaveValue('')
    await expect(bodyRows(page)).toHaveCount(10)
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('on a phone in Vietnamese a product nothing of which has sold says so on its card: Đã bán: 0', async ({
  page,
  api,
}) => {
  const product = await arrangeProduct(api)
  try {
    await page.addInitScript(() => localStorage.setItem('language', 'vi'))
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(`/admin/products?name=${encodeURIComponent(product.name)}`)
    await expect(bodyRows(page, vi.products.title)).toHaveCount(1)
    const card = bodyRows(page, vi.products.title).first()
    await expect(card).toContainText(product.name)
    const sold = card.getByText(`${vi.products.fields.sold}:`, { exact: true }).locator('..')
    await expect(sold).toHaveText(new RegExp(`^${vi.products.fields.sold}:\\s*0$`))
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('the price filter follows typing after a short pause, without leaving the box, and keeps the address', async ({
  page,
  api,
}) => {
  const product = await arrangeProduct(api, { quantity: 0 })
  try {
    await page.goto(`/admin/products?name=${encodeURIComponent(product.name)}`)
    await expect(bodyRows(page)).toHaveCount(1)
    const from = page.getByRole('textbox', { name: 'Price from' })
    // 350,001 VND and up: the product (350,000) drops out while the box still has the focus.
    await from.pressSequentially('350001')
    await expect(page).toHaveURL(/[?&]minPrice=350001(&|$)/)
    await expect(page.getByText('No products match your search or filters.')).toBeVisible()
    await expect(from).toBeFocused()
    await expect(from).toHaveValue('350,001')
    await from.press('Backspace')
    await expect(page).toHaveURL(/[?&]minPrice=35000(&|$)/)
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(bodyRows(page).first()).toContainText(product.name)
    // The address holds it: a reload shows the same.
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Price from' })).toHaveValue('35,000')
    await expect(bodyRows(page)).toHaveCount(1)
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('add product: required messages, uploads, a taken name, then save and find it', async ({
  page,
  api,
}) => {
  // The longest path of the suite (two uploads the server converts, two axe runs, two screenshots): it gets
  // the slow allowance so a busy machine does not fail it on time alone.
  test.slow()
  // A demo product (not one another test made and may delete meanwhile): its name is taken.
  const demo = (await api.get<{ data: Row[] }>('/admin/products?limit=50')).data.find(
    (p) => !p.name.startsWith('E2E'),
  )!
  const taken = demo.name
  await page.goto('/admin/product')
  await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Category' }).getByRole('option').first()).toHaveText(
    'Select…',
  )

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(7)
  for (const name of ['Name', 'Price', 'Quantity', 'Description']) {
    await expect(page.getByRole('textbox', { name, exact: true })).toHaveAttribute('aria-invalid', 'true')
  }
  for (const name of ['Category', 'Brand']) {
    await expect(page.getByRole('combobox', { name })).toHaveAttribute('aria-invalid', 'true')
  }
  await expectAccessible(page)

  const images = page.getByLabel(/^Images/)
  await images.setInputFiles('e2e/files/red.png')
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await images.setInputFiles('e2e/files/not-an-image.txt')
  await expect(page.getByRole('alert').filter({ hasText: 'Not an image we accept' })).toBeVisible()
  // The refused file changed nothing.
  await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('img')).toHaveCount(1)

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(taken)
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill('1250000')
  await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('1,250,000')
  await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill('6')
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Áo thun cotton, made by an end-to-end test')
  // Demo ones: a category or brand another test made may be deleted meanwhile (and could not be, if used).
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: demo.category.name })
  await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: demo.brand.name })
  await page.getByRole('checkbox', { name: 'M' }).check()
  await page.getByRole('checkbox', { name: 'XL' }).check()
  await expect(page.getByText('This field is required')).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'product-add-wide')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'product-add-narrow')
  await page.setViewportSize({ width: 1280, height: 800 })

  // A name whose slug is taken: the message sits beside the name and the form keeps its values.
  await page.getByRole('button', { name: 'Save' }).click()
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(/already exists/).first()).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/product$/)
  await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('1,250,000')
  await expect(page.getByRole('checkbox', { name: 'XL' })).toBeChecked()

  const mine = unique('E2E Áo')
  await name.fill(mine)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(page.getByText('Product created successfully')).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search products by name' }).fill(mine)
  await expect(bodyRows(page)).toHaveCount(1)
  const row = bodyRows(page).first()
  await expect(row).toContainText(mine)
  await expect(row).toContainText('1,250,000 VND')
  await expect(row.getByRole('img', { name: `Picture of ${mine}` })).toBeVisible()

  const created = (
    await api.get<{ data: (Row & { size: string[]; sold: number; rating: number; quantity: number })[] }>(
      `/admin/products?name=${encodeURIComponent(mine)}`,
    )
  ).data[0]!
  expect(created).toMatchObject({ size: ['M', 'XL'], sold: 0, rating: 0, quantity: 6 })
  expect(created.images).toHaveLength(1)

  await api.delete(`/admin/products/${created.id}`)
})

test('delete product: No keeps it, Yes removes it', async ({ page, api }) => {
  const product = await arrangeProduct(api)
  await page.goto(`/admin/products?name=${encodeURIComponent(product.name)}`)
  const row = bodyRows(page).first()
  await row.getByRole('button', { name: `Delete ${product.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toContainText(product.name)
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText(product.name)
  await row.getByRole('button', { name: `Delete ${product.name}` }).click()
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click()
  await expect(page.getByText('Deleted successfully')).toBeVisible()
  await expect(page.getByText('No products match your search or filters.')).toBeVisible()
})

test('edit product: remove an image, add one, change the price, and it stays so', async ({ page, api }) => {
  const product = await arrangeProduct(api)
  try {
    await page.goto(`/admin/products?name=${encodeURIComponent(product.name)}`)
    await bodyRows(page)
      .first()
      .getByRole('link', { name: `Edit ${product.name}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/product/edit/${product.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(product.name)
    await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('350,000')
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(product.category.id)
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue(product.brand.id)
    await expect(page.getByRole('checkbox', { name: 'M' })).toBeChecked()
    const previews = page.getByRole('list', { name: 'Chosen images' }).getByRole('img')
    await expect(previews).toHaveCount(2)
    await expectAccessible(page)
    await screenshot(page, 'product-edit-wide')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'product-edit-narrow')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('button', { name: 'Remove image 1' }).click()
    await expect(previews).toHaveCount(1)
    await page.getByLabel(/^Images/).setInputFiles('e2e/files/blue.jpg')
    await expect(previews).toHaveCount(2)
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('990000')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(page.getByText('Product updated successfully')).toBeVisible()

    await page.goto(`/admin/product/edit/${product.id}`)
    await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('990,000')
    await expect(previews).toHaveCount(2)
    // The kept picture is now the first (the thumbnail); the upload came after it.
    await expect(previews.first()).toHaveAttribute('src', `/api/file${product.images[1]}`)
    await expect(previews.nth(1)).not.toHaveAttribute('src', `/api/file${product.images[0]}`)
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('an edit address of an unknown product goes back to the list with a message', async ({ page }) => {
  await page.goto('/admin/product/edit/999999999')
  // The toast first: it shows when the call fails, the list's address once the list's code has loaded.
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/, SLOW)
})
