import type { Page } from '@playwright/test'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

// Edited meanwhile (CONTRACT 4.6): two tabs open the same product; the first saves, and the second's save is
// refused with a dialog that says who saved meanwhile, when, and which fields differ, and offers to reload the
// product as it is now. Nothing is lost or overwritten without the person at the second tab choosing so.

interface Product {
  id: string
  name: string
  price: number
  images: string[]
  version: number
  category: { id: string }
  brand: { id: string }
}

/** A product of its own, made through the API with a demo picture. */
async function arrangeProduct(api: Api): Promise<Product> {
  const demo = (await api.get<{ data: Product[] }>('/admin/products?limit=20')).data.filter(
    (p) => !p.name.startsWith('E2E'),
  )
  const { data } = await api.post<{ data: Product }>('/admin/products', {
    name: unique('E2E Meanwhile'),
    price: 350000,
    description: 'Made by an end-to-end test',
    quantity: 5,
    category: demo[0]!.category.id,
    brand: demo[0]!.brand.id,
    images: demo[0]!.images.slice(0, 1),
    size: ['M'],
  })
  return data
}

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true })
const priceField = (page: Page) => page.getByRole('textbox', { name: 'Price', exact: true })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Changed by someone else' })

/** Opens the product's edit screen and waits for the form to hold the product. */
async function openEdit(page: Page, product: Product) {
  await page.goto(`/admin/product/edit/${product.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible()
  await expect(nameField(page)).toHaveValue(product.name)
  await expect(priceField(page)).toHaveValue('350,000')
}

test('two tabs edit one product: the second hears of the first’s save, reloads it, and then saves', async ({
  page: first,
  context,
  api,
}) => {
  // Two pages, each loading the screen afresh, and several saves: more than one screen's time on a busy machine.
  test.slow()
  const product = await arrangeProduct(api)
  expect(product.version).toBe(0)
  const second = await context.newPage()
  try {
    await openEdit(first, product)
    await openEdit(second, product)

    // The first tab changes the price and saves.
    await priceField(first).fill('420000')
    await first.getByRole('button', { name: 'Save' }).click()
    await expect(first).toHaveURL(/\/admin\/products$/)
    await expect(first.getByText('Product updated successfully')).toBeVisible()

    // The second tab, still showing the old price, renames the product and saves.
    const renamed = `${product.name} (mới)`
    await nameField(second).fill(renamed)
    await second.getByRole('button', { name: 'Save' }).click()
    await expect(dialog(second)).toBeVisible()
    // Who saved first (the run's administrator, whose name another test changes for a moment) and when, in the
    // shop's time; then the fields this tab is saving that differ from what is stored: its name, their price.
    await expect(dialog(second)).toContainText(
      /\S.* saved this record at \d{4}-\d{2}-\d{2} \d{2}:\d{2}, after you opened it, so your changes were not saved\./,
    )
    const differs = dialog(second).getByRole('list', {
      name: 'What you are saving differs from what is stored now in:',
    })
    await expect(differs.getByRole('listitem')).toHaveText(['Name', 'Price'])
    await expect(second).toHaveURL(new RegExp(`/admin/product/edit/${product.id}$`))
    // Nothing of the second tab's edit reached the product.
    const meanwhile = (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data
    expect(meanwhile).toMatchObject({ name: product.name, price: 420000, version: 1 })
    await expectAccessible(second)
    await screenshot(second, 'edited-meanwhile-dialog')

    // Cancel keeps editing: what was typed is still there.
    await dialog(second).getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog(second)).toBeHidden()
    await expect(nameField(second)).toHaveValue(renamed)
    await expect(priceField(second)).toHaveValue('350,000')

    // Saving again is refused again, and this time the second tab reloads: the first tab's price shows.
    await second.getByRole('button', { name: 'Save' }).click()
    await expect(dialog(second)).toBeVisible()
    await dialog(second).getByRole('button', { name: 'Reload' }).click()
    await expect(dialog(second)).toBeHidden()
    await expect(priceField(second)).toHaveValue('420,000')
    await expect(nameField(second)).toHaveValue(product.name)

    // Made again from the product as it is now, the rename saves and keeps the first tab's price.
    await nameField(second).fill(renamed)
    await second.getByRole('button', { name: 'Save' }).click()
    await expect(second).toHaveURL(/\/admin\/products$/)
    await expect(second.getByText('Product updated successfully')).toBeVisible()
    const saved = (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data
    expect(saved).toMatchObject({ name: renamed, price: 420000, version: 2 })
  } finally {
    await second.close()
    await api.delete(`/admin/products/${product.id}`)
  }
})

test('the dialog speaks Vietnamese when that language is chosen', async ({ page, api }) => {
  const product = await arrangeProduct(api)
  try {
    // The language this browser chose before (the header's switch remembers it so).
    await page.addInitScript(() => localStorage.setItem('language', 'vi'))
    await page.goto(`/admin/product/edit/${product.id}`)
    await expect(page.getByRole('textbox', { name: 'Tên sản phẩm', exact: true })).toHaveValue(product.name)
    // Someone else saves meanwhile, through the API.
    await api.put(`/admin/products/${product.id}`, {
      name: `${product.name} khác`,
      price: product.price,
      description: 'Made by an end-to-end test',
      quantity: 5,
      category: product.category.id,
      brand: product.brand.id,
      images: product.images,
      size: ['M'],
    })
    await page.getByRole('textbox', { name: 'Tên sản phẩm', exact: true }).fill(`${product.name} của tôi`)
    await page.getByRole('button', { name: 'Lưu' }).click()
    const refused = page.getByRole('dialog', { name: 'Đã có người khác thay đổi' })
    await expect(refused).toBeVisible()
    await expect(refused).toContainText(/\S.* đã lưu bản ghi này lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    await expect(refused.getByRole('listitem')).toHaveText(['Tên'])
    await refused.getByRole('button', { name: 'Tải lại' }).click()
    await expect(page.getByRole('textbox', { name: 'Tên sản phẩm', exact: true })).toHaveValue(
      `${product.name} khác`,
    )
  } finally {
    await api.delete(`/admin/products/${product.id}`)
  }
})
