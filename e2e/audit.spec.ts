import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { SLOW } from './admin-account.ts'
import { type Api, expect, expectAccessible, screenshot, test, unique } from './fixtures.ts'

interface CategoryRow {
  id: string
  name: string
}

const logTable = (page: Page) => page.getByRole('table', { name: 'Audit log' })
/** The table's rows under the header. */
const dataRows = (page: Page) =>
  logTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

async function makeCategory(api: Api, name = unique('E2E Audit')) {
  const { data } = await api.post<{ data: CategoryRow }>('/admin/categories', { name })
  return data
}

/** Today in the shop's time zone (the run's STORE_TZ is the default, Asia/Ho_Chi_Minh), as 'YYYY-MM-DD'. */
const shopToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' })

test("an edit shows up in the record's history, by whom, with before and after; a save of nothing does not", async ({
  page,
  api,
}) => {
  const category = await makeCategory(api)
  const renamed = `${category.name} (renamed)`
  try {
    await page.goto(`/admin/category/edit/${category.id}`)
    await expect(page.getByLabel('Name')).toHaveValue(category.name, SLOW)
    await page.getByLabel('Name').fill(renamed)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Category updated successfully')).toBeVisible()

    // Saved again as it is: the save goes through, and the log gets no entry of it.
    await page.goto(`/admin/category/edit/${category.id}`)
    await expect(page.getByLabel('Name')).toHaveValue(renamed, SLOW)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Category updated successfully')).toBeVisible()

    // The History link of the edit screen opens the log filtered to this record.
    await page.goto(`/admin/category/edit/${category.id}`)
    await expect(page.getByLabel('Name')).toHaveValue(renamed, SLOW)
    await page.getByRole('link', { name: 'History' }).click()
    await expect(page).toHaveURL(/\/admin\/audit-log\?/)
    expect(query(page)).toEqual({ entity: 'category', entityId: category.id })
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible(SLOW)
    // The record by its name as its newest entry has it, not by its id.
    await expect(page.getByText(`Only Category “${renamed}”`)).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Record type' })).toHaveValue('category')

    // Newest first: the rename, then the creation; each by the administrator (named by email: another test
    // renames the account for a moment), each linking to the category.
    await expect(dataRows(page)).toHaveCount(2)
    const [update, create] = [dataRows(page).nth(0), dataRows(page).nth(1)]
    await expect(update).toContainText('Updated')
    await expect(update).toContainText('admin@example.com')
    await expect(update.getByRole('cell').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    await expect(create).toContainText('Created')
    await expect(update.getByRole('link', { name: `Open Category “${renamed}”` })).toHaveAttribute(
      'href',
      `/admin/category/edit/${category.id}`,
    )
    // The creation is filed under the name it was made with.
    await expect(create.getByRole('link', { name: `Open Category “${category.name}”` })).toBeVisible()
    // Fields by their labels, never the code's keys.
    await expect(update.getByRole('cell').last()).toContainText('Name, Address name (slug)')
    await expectAccessible(page)
    await screenshot(page, 'audit-log-history')

    await update.getByRole('button', { name: /^\d+ fields?: Updated at / }).click()
    const details = page.getByRole('dialog', { name: 'Entry details' })
    await expect(details).toBeVisible()
    const nameRow = details
      .getByRole('table', { name: 'Changes' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Name', exact: true }) })
    await expect(nameRow.getByRole('cell')).toHaveText(['Name', category.name, renamed])
    await expectAccessible(page)
    await screenshot(page, 'audit-log-details')
    await details.getByRole('button', { name: 'Close' }).click()
    await expect(details).toBeHidden()

    // 'Show every record' drops the record, keeping its type.
    await page.getByRole('button', { name: 'Show every record' }).click()
    await expect.poll(() => query(page)).toEqual({ entity: 'category' })
  } finally {
    await api.delete(`/admin/categories/${category.id}`)
  }
})

test('the filters narrow the log and live in the address', async ({ page, api }) => {
  const category = await makeCategory(api)
  const { data: me } = await api.get<{ data: { id: string } }>('/admin/auth/me')
  try {
    await page.goto('/admin/audit-log')
    await expect(dataRows(page).first()).toBeVisible(SLOW)
    await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'Category' })
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Created' })
    // The administrator by id: another test renames the account for a moment.
    await page.getByRole('combobox', { name: 'Person' }).selectOption(me.id)
    await expect.poll(() => query(page)).toEqual({ entity: 'category', action: 'create', actor: me.id })
    await expect(dataRows(page).filter({ hasText: category.id }).first()).toBeVisible()
    // The rows of the previous filters stay on screen until the new ones arrive: every row shown must come to
    // match, read again as a whole each time rather than row by row while they change.
    await expect
      .poll(async () => {
        const shown = await dataRows(page).allTextContents()
        return (
          shown.length > 0 &&
          shown.every(
            (text) =>
              text.includes('Created') && text.includes('Category') && text.includes('admin@example.com'),
          )
        )
      }, SLOW)
      .toBe(true)

    // Today, in the shop's zone, holds the new category; from tomorrow on, nothing does yet.
    const today = shopToday()
    await page.getByRole('textbox', { name: 'From' }).fill(today)
    await page.getByRole('textbox', { name: 'From' }).blur()
    await expect.poll(() => query(page)).toMatchObject({ from: today })
    await expect(dataRows(page).filter({ hasText: category.id }).first()).toBeVisible()
    const tomorrow = new Date(`${today}T00:00:00Z`)
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    const next = tomorrow.toISOString().slice(0, 10)
    await page.getByRole('textbox', { name: 'From' }).fill(next)
    await page.getByRole('textbox', { name: 'From' }).blur()
    await expect.poll(() => query(page)).toMatchObject({ from: next })
    await expect(logTable(page).getByText('No entries match these filters.')).toBeVisible()

    // A reload keeps every filter: it is all in the address.
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Record type' })).toHaveValue('category', SLOW)
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('create')
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(next)
    await expect(logTable(page).getByText('No entries match these filters.')).toBeVisible()
  } finally {
    await api.delete(`/admin/categories/${category.id}`)
  }
})

test('Export downloads the filtered entries as a CSV file', async ({ page, api }) => {
  const category = await makeCategory(api)
  try {
    await page.goto(`/admin/audit-log?entity=category&entityId=${encodeURIComponent(category.id)}`)
    await expect(dataRows(page)).toHaveCount(1, SLOW)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{8}\.csv$/)
    const bytes = readFileSync((await file.path())!)
    // A byte order mark first, so a spreadsheet reads Vietnamese right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/)
    // A header and the one entry the filters match: the category's creation.
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(category.id)
    await expect(page.getByText('The audit log was exported')).toBeVisible()
  } finally {
    await api.delete(`/admin/categories/${category.id}`)
  }
})

test('every edit screen links to its history', async ({ page, api }) => {
  const { data: products } = await api.get<{ data: { id: string }[] }>('/admin/products?limit=1')
  const { data: orders } = await api.get<{ data: { id: string }[] }>('/admin/orders?limit=1')
  const { data: brands } = await api.get<{ data: { id: string }[] }>('/admin/brands?limit=1')
  const { data: users } = await api.get<{ data: { id: string }[] }>('/admin/users?role=user&limit=1')
  const screens = [
    [`/admin/product/edit/${products[0]!.id}`, 'product', products[0]!.id],
    [`/admin/order/edit/${orders[0]!.id}`, 'order', orders[0]!.id],
    [`/admin/order/${orders[0]!.id}/detail/${orders[0]!.id}`, 'order', orders[0]!.id],
    [`/admin/brand/edit/${brands[0]!.id}`, 'brand', brands[0]!.id],
    [`/admin/user/edit/${users[0]!.id}`, 'user', users[0]!.id],
  ] as const
  for (const [address, entity, id] of screens) {
    await page.goto(address)
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      `/admin/audit-log?entity=${entity}&entityId=${encodeURIComponent(id)}`,
      SLOW,
    )
  }
  await page.getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible(SLOW)
  // By the customer's name once the log has an entry of them (another test may have edited them), else by id.
  await expect(page.getByText(new RegExp(`^Only Customer (${users[0]!.id}|“.+”)$`))).toBeVisible()
})
