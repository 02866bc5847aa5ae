import type { Page } from '@playwright/test'
import { expect, expectAccessible, screenshot, test } from './fixtures.ts'

/** The sidebar of spec section 2, in its order, with Dashboard first. */
const SIDEBAR = [
  { name: 'Dashboard', path: '/' },
  { name: 'Customers', path: '/admin/users' },
  { name: 'Add customer', path: '/admin/user' },
  { name: 'Reviews', path: '/admin/product-reviews' },
  { name: 'Products', path: '/admin/products' },
  { name: 'Add product', path: '/admin/product' },
  { name: 'Categories', path: '/admin/categories' },
  { name: 'Brands', path: '/admin/brands' },
  { name: 'Orders', path: '/admin/orders' },
  { name: 'COD reconciliation', path: '/admin/cod' },
  // The administrators' screens (CONTRACT 4.2); the run signs in as an administrator.
  { name: 'Staff', path: '/admin/staff' },
  { name: 'Audit log', path: '/admin/audit-log' },
  { name: 'Shop settings', path: '/admin/settings' },
]
const PHONE = { width: 375, height: 812 }

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })
/** The sidebar's own links (the app name above them also leads home). */
const sidebarLinks = (page: Page) => sidebar(page).getByRole('list').getByRole('link')
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Toggle menu' })
/** The sidebar's width once its animation has settled. */
const sidebarWidth = async (page: Page) =>
  // A bounded wait, so that a poll that never sees the sidebar says why instead of hanging on one call.
  Math.round((await sidebar(page).boundingBox({ timeout: 5_000 }))?.width ?? -1)

test('a signed-in admin lands on the dashboard inside the layout', async ({ page }) => {
  await page.goto('/')
  await expect(sidebar(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Customers' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
})

test('the sidebar lists the spec links in order; each leads to its screen and is marked current there', async ({
  page,
}) => {
  await page.goto('/')
  await expect(sidebarLinks(page)).toHaveText(SIDEBAR.map((item) => item.name))
  for (const item of SIDEBAR) {
    await sidebarLinks(page).getByText(item.name, { exact: true }).click()
    await expect(page).toHaveURL((url) => url.pathname === item.path)
    const current = sidebar(page).locator('[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveAccessibleName(item.name)
  }
})

test('the sidebar stays in view while a long page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The dashboard grows as its figures and lists arrive; on a busy machine that is after the heading shows.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight), { timeout: 20_000 })
    .toBeGreaterThan(1000)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  await expect(sidebarLinks(page).first()).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeInViewport()
})

test('a screen reached from a list keeps its list marked in the sidebar', async ({ page }) => {
  await page.goto('/admin/product/edit/does-not-matter')
  await expect(sidebar(page).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
  await page.goto('/admin/category')
  await expect(sidebar(page).getByRole('link', { name: 'Categories' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1)
})

test('the menu toggle collapses the wide sidebar from 260 px to 64 px and back, names kept', async ({
  page,
}) => {
  await page.goto('/')
  await expect(sidebar(page)).toBeVisible()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expect.poll(() => sidebarWidth(page)).toBe(260)

  await menuToggle(page).click()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')
  await expect.poll(() => sidebarWidth(page)).toBe(64)
  // The labels leave the screen but not the accessibility tree: every link keeps its name, and shows it on hover.
  for (const item of SIDEBAR) {
    const link = sidebarLinks(page).and(page.getByRole('link', { name: item.name, exact: true }))
    await expect(link).toBeVisible()
    await expect(link).toHaveAttribute('title', item.name)
  }
  // The content takes the room the sidebar gave back.
  const mainBox = await page.getByRole('main').boundingBox()
  expect(Math.round(mainBox?.x ?? 0)).toBe(64)
  await screenshot(page, 'layout-sidebar-collapsed-wide')

  await sidebarLinks(page).getByText('Brands').click()
  await expect(page).toHaveURL(/\/admin\/brands$/)
  await expect.poll(() => sidebarWidth(page)).toBe(64)

  await menuToggle(page).click()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expect.poll(() => sidebarWidth(page)).toBe(260)
  await expect(page.getByRole('link', { name: 'Brands', exact: true })).not.toHaveAttribute('title')
})

test('on a phone the sidebar opens over the page and closes by backdrop, Escape or a link', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await expect(page.getByRole('main')).toBeVisible()
  await expect(sidebar(page)).toBeHidden()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')
  const backdrop = page.getByRole('button', { name: 'Close menu' })
  await expect(backdrop).toBeHidden()

  // Opened: an overlay above the page (the page does not move), with a backdrop over the rest.
  const mainBefore = await page.getByRole('main').boundingBox()
  await menuToggle(page).click()
  await expect(sidebar(page)).toBeVisible()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(backdrop).toBeVisible()
  await expect.poll(async () => (await sidebar(page).boundingBox())?.x).toBe(0)
  expect(await sidebarWidth(page)).toBe(260)
  expect((await page.getByRole('main').boundingBox())?.x).toBe(mainBefore?.x)
  await screenshot(page, 'layout-sidebar-open-narrow')

  // A tap on the dimmed part of the page (right of the sidebar) closes it.
  await backdrop.click({ position: { x: PHONE.width - 30, y: PHONE.height / 2 } })
  await expect(sidebar(page)).toBeHidden()
  await expect(backdrop).toBeHidden()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')

  // By keyboard: the focus goes into the overlay, and back to the toggle when Escape closes it.
  await menuToggle(page).focus()
  await page.keyboard.press('Enter')
  await expect(sidebar(page)).toBeVisible()
  await expect(sidebar(page).getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(sidebarLinks(page).first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(sidebar(page)).toBeHidden()
  await expect(menuToggle(page)).toBeFocused()

  await menuToggle(page).click()
  await sidebarLinks(page).getByText('Products').click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(sidebar(page)).toBeHidden()
  await expect(backdrop).toBeHidden()
})

test('the dashboard layout with the sidebar open on a phone passes axe', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await menuToggle(page).click()
  await expect(sidebar(page)).toBeVisible()
  await expect.poll(async () => (await sidebar(page).boundingBox())?.x).toBe(0)
  await expectAccessible(page)
})

test('the wide layout, open and collapsed, passes axe', async ({ page }) => {
  await page.goto('/')
  await expect(sidebar(page)).toBeVisible()
  await expectAccessible(page)
  await menuToggle(page).click()
  await expect.poll(() => sidebarWidth(page)).toBe(64)
  await expectAccessible(page)
})

test('the account menu opens from the keyboard with Setting, the shortcuts, the colour scheme and Logout', async ({
  page,
}) => {
  await page.goto('/')
  const account = page.getByRole('button', { name: 'Account menu' })
  await account.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  await expect(account).toHaveAttribute('aria-expanded', 'true')
  // Arrow keys walk the items.
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeFocused()
  for (const scheme of ['Light', 'Dark', 'Follow system']) {
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitemradio', { name: scheme })).toBeFocused()
  }
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(account).toBeFocused()

  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
})

test('a reload on a deep client address keeps working; a missing asset is a real 404', async ({
  page,
  request,
}) => {
  await page.goto('/admin/products?page=2')
  await expect(sidebar(page).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
  await page.reload()
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/)
  await expect(sidebar(page).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const deep = await request.get('/admin/products?page=2')
  expect(deep.status()).toBe(200)
  expect(deep.headers()['content-type']).toContain('text/html')
  const asset = await request.get('/assets/nope.js')
  expect(asset.status()).toBe(404)
  expect(asset.headers()['content-type'] ?? '').not.toContain('text/html')
})

test('an unknown address shows Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'not-found-wide')
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(sidebar(page)).toBeVisible()
})

test('Not Found fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/admin/no-such-screen')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectAccessible(page)
  await screenshot(page, 'not-found-narrow')
})

test('a list the server fails to give says so, toasts the reason, and keeps the session', async ({
  page,
}) => {
  let fail = true
  await page.route('**/api/admin/brands?*', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, data: null, message: 'The database is resting' }),
        })
      : route.fallback(),
  )
  await page.goto('/admin/brands')
  await expect(page.getByText('The database is resting')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'The list could not be loaded.' })).toBeVisible()
  await expect(page.getByText('No brands yet.')).toHaveCount(0)
  // A 500 is not a reason to sign out (CONTRACT.md section 3).
  await expect(page).toHaveURL(/\/admin\/brands$/)
  fail = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('table', { name: 'Brands' }).getByRole('row')).not.toHaveCount(1)
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
})
