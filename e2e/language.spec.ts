import type { Page } from '@playwright/test'
import { en } from '../web/src/i18n/en/index.ts'
import { vi } from '../web/src/i18n/vi/index.ts'
import { expect, expectAccessible, screenshot, test } from './fixtures.ts'

/** The sidebar in each language: the English texts are the spec's, the Vietnamese ones the vi message set's. */
const SIDEBAR_EN = [
  'Dashboard',
  'Customers',
  'Add customer',
  'Reviews',
  'Products',
  'Add product',
  'Categories',
  'Brands',
  'Orders',
  'COD reconciliation',
  'Staff',
  'Audit log',
  'Shop settings',
]
const SIDEBAR_VI = [
  vi.layout.nav.dashboard,
  'Khách hàng',
  'Thêm khách hàng',
  'Đánh giá',
  'Sản phẩm',
  'Thêm sản phẩm',
  'Danh mục',
  'Thương hiệu',
  'Đơn hàng',
  'Đối soát COD',
  'Nhân viên',
  'Nhật ký hoạt động',
  'Cài đặt cửa hàng',
]

const sidebarLinks = (page: Page, name: string) =>
  page.getByRole('navigation', { name }).getByRole('list').getByRole('link')
/** The header's language switch, found by its label in either language. */
const languageSelect = (page: Page) => page.getByRole('combobox', { name: /^(Language|Ngôn ngữ)$/ })

test('the language switch turns the interface Vietnamese, is remembered, and switches back', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(sidebarLinks(page, en.layout.nav.label)).toHaveText(SIDEBAR_EN)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.title)
  await expect(languageSelect(page)).toHaveValue('en')

  await languageSelect(page).selectOption({ label: 'Tiếng Việt' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
  await expect(sidebarLinks(page, vi.layout.nav.label)).toHaveText(SIDEBAR_VI)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vi.dashboard.title)
  await expect(page).toHaveTitle(`${vi.dashboard.title} · ${vi.common.appName}`)
  await expect(page.getByRole('button', { name: vi.layout.toggleMenu })).toBeVisible()
  // Amounts as Vietnamese write them: dots between thousands, then the đồng sign.
  await expect(
    page
      .getByRole('region', { name: vi.dashboard.cards.revenue, exact: true })
      .getByText(/^[\d.]+ ₫$/)
      .first(),
  ).toBeVisible()
  await expect(languageSelect(page)).toHaveAccessibleName(vi.layout.language)
  // No English text of the frame is left over.
  for (const text of SIDEBAR_EN)
    await expect(page.getByRole('link', { name: text, exact: true })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('vi')
  await expectAccessible(page)
  await screenshot(page, 'dashboard-vi-wide')

  // Remembered in this browser: a reload comes back in Vietnamese.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
  await expect(sidebarLinks(page, vi.layout.nav.label)).toHaveText(SIDEBAR_VI)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vi.dashboard.title)
  await expect(languageSelect(page)).toHaveValue('vi')

  // The account menu follows too.
  await page.getByRole('button', { name: vi.layout.account }).click()
  await expect(page.getByRole('menuitem', { name: vi.layout.setting })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: vi.layout.logout })).toBeVisible()
  await page.keyboard.press('Escape')

  await languageSelect(page).selectOption({ label: 'English' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(sidebarLinks(page, en.layout.nav.label)).toHaveText(SIDEBAR_EN)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.title)
  await expect(page).toHaveTitle(`${en.dashboard.title} · ${en.common.appName}`)
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')
  await page.reload()
  await expect(sidebarLinks(page, en.layout.nav.label)).toHaveText(SIDEBAR_EN)
})

test('the chosen language carries over to a list screen and to Not Found', async ({ page }) => {
  await page.goto('/')
  await languageSelect(page).selectOption('vi')
  await sidebarLinks(page, vi.layout.nav.label).getByText('Sản phẩm', { exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/products/)
  await expect(page.getByRole('link', { name: 'Sản phẩm', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // The shared list pieces speak Vietnamese too.
  await expect(page.getByRole('columnheader', { name: vi.common.stt })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: vi.common.action })).toBeVisible()
  await expect(page.getByRole('navigation', { name: vi.common.pagination })).toBeVisible()
  await expect(page.getByRole('button', { name: vi.common.next, exact: true })).toBeVisible()

  await page.goto('/khong/co/trang-nay')
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
  await expect(page.getByRole('heading', { name: vi.common.notFound.title })).toBeVisible()
  await expect(page.getByRole('link', { name: vi.common.notFound.back })).toBeVisible()
})
