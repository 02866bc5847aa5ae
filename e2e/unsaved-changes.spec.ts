import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, unique } from './fixtures.ts'

interface Named {
  id: string
  name: string
}

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' })
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })

test('leaving a form with changes asks first: Stay keeps them, Leave goes, after a save nothing is asked', async ({
  page,
  api,
}) => {
  const { data: category } = await api.post<{ data: Named }>('/admin/categories', {
    name: unique('E2E Unsaved'),
  })
  // Into the form from its list, so that the browser's back button has a screen of the app to go back to.
  await page.goto(`/admin/categories?name=${encodeURIComponent(category.name)}`)
  await page.getByRole('link', { name: `Edit ${category.name}` }).click()
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveValue(category.name)

  // Nothing typed: the menu leaves at once.
  await menuLink(page, 'Brands').click()
  await expect(page).toHaveURL(/\/admin\/brands/)
  await expect(prompt(page)).toBeHidden()

  await page.goBack()
  await expect(name).toHaveValue(category.name)
  await name.fill(`${category.name} changed`)

  // A menu link: the question, and Stay keeps what was typed.
  await menuLink(page, 'Brands').click()
  await expect(prompt(page)).toBeVisible()
  await expectAccessible(page)
  await prompt(page).getByRole('button', { name: 'Stay' }).click()
  await expect(prompt(page)).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/admin/category/edit/${category.id}$`))
  await expect(name).toHaveValue(`${category.name} changed`)

  // The browser's back button asks too.
  await page.goBack()
  await expect(prompt(page)).toBeVisible()
  await prompt(page).getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/category/edit/${category.id}$`))
  await expect(name).toHaveValue(`${category.name} changed`)

  // Reloading the tab: the browser asks its own question; dismissed, the page and the text stay.
  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.dismiss()
  })
  await page.reload({ timeout: 3_000 }).catch(() => undefined)
  expect(asked).toEqual(['beforeunload'])
  await expect(name).toHaveValue(`${category.name} changed`)

  // Leave goes, and drops the change.
  await menuLink(page, 'Brands').click()
  await prompt(page).getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/admin\/brands/)
  const kept = await api.get<{ data: Named }>(`/admin/categories/${category.id}`)
  expect(kept.data.name).toBe(category.name)

  // Saved changes are not asked about.
  await page.goto(`/admin/category/edit/${category.id}`)
  await expect(name).toHaveValue(category.name)
  await name.fill(`${category.name} saved`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/categories/)
  await expect(prompt(page)).toBeHidden()
})

test('the add-product form asks before its Cancel drops what was typed', async ({ page }) => {
  await page.goto('/admin/product')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(unique('E2E Unsaved product'))
  await page.getByRole('main').getByRole('link', { name: 'Cancel' }).click()
  await expect(prompt(page)).toBeVisible()
  await prompt(page).getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/admin\/products/)
})

test("the customer's edit screen lists the customer's orders, newest first, each opening its detail", async ({
  page,
  api,
}) => {
  const orders = await api.get<{ data: { id: string; user: Named; createdAt: string }[] }>(
    '/admin/orders?limit=100',
  )
  const customer = orders.data[0]!.user
  const theirs = await api.get<{ data: { id: string }[]; meta: { totalResults: number } }>(
    `/admin/orders?userId=${customer.id}`,
  )
  await page.goto(`/admin/user/edit/${customer.id}`)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(customer.name)
  const table = page.getByRole('table', { name: `Orders of ${customer.name}` })
  await expect(table).toBeVisible()
  for (const header of ['Order', 'Placed on', 'Total', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(rows).toHaveCount(Math.min(10, theirs.meta.totalResults))
  const first = theirs.data[0]!.id
  await expect(rows.first().getByRole('link', { name: `Open order #${first}` })).toBeVisible()
  await expectAccessible(page)
  await rows
    .first()
    .getByRole('link', { name: `Open order #${first}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/order/${first}/detail/${first}$`))
})

test('every edit form, opened and left untouched, lets the user go without a question', async ({
  page,
  api,
}) => {
  const first = async (list: string) =>
    (await api.get<{ data: { id: string }[] }>(`${list}?limit=1`)).data[0]!.id
  const forms = [
    `/admin/product/edit/${await first('/admin/products')}`,
    `/admin/brand/edit/${await first('/admin/brands')}`,
    `/admin/category/edit/${await first('/admin/categories')}`,
    `/admin/order/edit/${await first('/admin/orders')}`,
    `/admin/user/edit/${await first('/admin/users')}`,
    `/admin/staff/edit/${await first('/admin/staff')}`,
  ]
  for (const form of forms) {
    await page.goto(form)
    // Loaded: the form is no longer busy.
    await expect(page.getByRole('main').locator('form[aria-busy="false"]')).toBeVisible()
    await menuLink(page, 'Dashboard').click()
    await expect(page, `leaving ${form}`).toHaveURL(/\/$/)
    await expect(prompt(page)).toBeHidden()
  }
})
