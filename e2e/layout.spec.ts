import { expect, test } from './fixtures.ts'

test('a signed-in admin lands on the dashboard inside the layout', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'List Users' })).toBeVisible()
})

test('an unknown address shows Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home page' }).click()
  await expect(page).toHaveURL(/\/$/)
})
