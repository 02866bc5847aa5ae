import type { Page } from '@playwright/test'
import { type Api, expect, expectAccessible, test } from './fixtures.ts'

// Every screen of the app, in both languages and both colour schemes, with no serious or critical axe violation:
// colours that read in light may not in dark (a grey on a grey), and words that fit in English may not in
// Vietnamese. The screens are opened as they first show, their data loaded; the states a screen passes through
// (dialogs, errors, menus) are checked by the screen's own tests.

interface ListAnswer<T> {
  data: T[]
}
type Row = { id: string }

/** The records whose edit or detail screens are opened: the first of each list. */
async function firstIds(api: Api) {
  const first = async (url: string) => {
    const answer = await api.get<ListAnswer<Row>>(url)
    const id = answer.data[0]?.id
    if (!id) throw new Error(`nothing at ${url}`)
    return id
  }
  return {
    customer: await first('/admin/users?role=user&limit=1'),
    category: await first('/admin/categories?limit=1'),
    brand: await first('/admin/brands?limit=1'),
    // One sold by size and colour, whose form shows the variants' table.
    product:
      (await api.get<ListAnswer<Row & { variants: unknown[] }>>('/admin/products?limit=50')).data.find(
        (p) => p.variants.length > 0,
      )?.id ?? (await first('/admin/products?limit=1')),
    order: await first('/admin/orders?limit=1'),
    staff: await first('/admin/staff?limit=1'),
  }
}

const signedOut = ['/login', '/register', '/forgot-password', '/reset-password?token=nothing-here']

const signedIn = (id: Awaited<ReturnType<typeof firstIds>>) => [
  '/',
  '/admin/users',
  '/admin/user',
  `/admin/user/edit/${id.customer}`,
  '/admin/categories',
  '/admin/category',
  `/admin/category/edit/${id.category}`,
  '/admin/brands',
  '/admin/brand',
  `/admin/brand/edit/${id.brand}`,
  '/admin/products',
  '/admin/product',
  `/admin/product/edit/${id.product}`,
  '/admin/products/import',
  '/admin/products/stock-import',
  '/admin/product-reviews',
  '/admin/orders',
  '/admin/order/new',
  `/admin/order/edit/${id.order}`,
  `/admin/order/${id.order}/detail/${id.order}`,
  '/admin/cod',
  '/admin/staff',
  '/admin/staff/add',
  `/admin/staff/edit/${id.staff}`,
  '/admin/audit-log',
  '/admin/settings',
  '/admin/no-such-screen',
]

/** Opens `address` and waits for its heading and for nothing on it to be loading. */
async function open(page: Page, address: string) {
  await page.goto(address)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('main [aria-busy="true"], main .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 30_000,
  })
}

for (const scheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'vi'] as const) {
    test(`every screen in ${scheme} and ${language === 'en' ? 'English' : 'Vietnamese'}: no serious axe violation`, async ({
      page,
      browser,
      api,
    }) => {
      test.setTimeout(300_000)
      await page.emulateMedia({ colorScheme: scheme })
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language)
      const ids = await firstIds(api)
      for (const address of signedIn(ids)) {
        await test.step(address, async () => {
          await open(page, address)
          expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme)
          await expectAccessible(page)
        })
      }

      const guest = await browser.newContext({
        storageState: { cookies: [], origins: [] },
        colorScheme: scheme,
      })
      try {
        const outside = await guest.newPage()
        await outside.addInitScript((lang) => localStorage.setItem('language', lang), language)
        for (const address of signedOut) {
          await test.step(address, async () => {
            await open(outside, address)
            await expectAccessible(outside)
          })
        }
      } finally {
        await guest.close()
      }
    })
  }
}
