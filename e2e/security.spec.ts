import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page, Response } from '@playwright/test'
import { holdingAdminAccount, SLOW, signInThroughPage } from './admin-account.ts'
import { type Api, expect, test as withApi } from './fixtures.ts'

/*
 * The app under its Content-Security-Policy in Chromium. Every test of this file records each violation the
 * page reports (the `securitypolicyviolation` event, in every document the page loads) and each console
 * message about a policy, and fails on any: every screen is used here as a person would, so a library that
 * injects a style without the page's nonce, or code that needs eval, shows up as a failure.
 */

interface Watch {
  /** Violations and policy complaints seen so far; a test that provokes some on purpose takes them out. */
  reported: string[]
}

const test = withApi.extend<{ csp: Watch }>({
  csp: [
    async ({ page }, use) => {
      const watch: Watch = { reported: [] }
      // Survives navigations; the init script below runs in each new document before the app's scripts.
      await page.exposeFunction('__reportViolation', (text: string) => watch.reported.push(text))
      await page.addInitScript(() => {
        const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation
        window.addEventListener(
          'securitypolicyviolation',
          (event) =>
            report(
              `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname}` +
                ` (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
            ),
          true,
        )
      })
      page.on('console', (message) => {
        if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text()))
          watch.reported.push(`console: ${message.text()}`)
      })
      await use(watch)
      // A report is delivered through the page's binding; one more round trip lets the last ones arrive.
      await page.evaluate(() => 0).catch(() => {})
      expect(watch.reported, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

/** A screen has rendered once its main heading shows. */
const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible(SLOW)

/** The oldest rows of a list (its last page), so that nothing here touches what other tests change. */
async function oldest<T>(api: Api, list: string): Promise<T> {
  const first = await api.get<{ data: T[]; meta: { totalPages: number } }>(`${list}?page=1`)
  const last = await api.get<{ data: T[] }>(`${list}?page=${first.meta.totalPages}`)
  return last.data.at(-1) ?? first.data[0]!
}

const HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/** The headers every answer carries, as Chromium received them. */
async function expectSecurityHeaders(response: Response) {
  const headers = await response.allHeaders()
  for (const [name, value] of Object.entries(HEADERS)) expect(headers[name], name).toBe(value)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['permissions-policy']).toContain('microphone=()')
  expect(headers['permissions-policy']).toContain('geolocation=()')
  // Served over plain HTTP: telling the browser to insist on HTTPS would lock people out.
  expect(headers['strict-transport-security']).toBeUndefined()
  return headers
}

test('the page, its scripts, API answers and images arrive with the security headers', async ({ page }) => {
  const responses: Response[] = []
  page.on('response', (response) => responses.push(response))
  // A thumbnail is laid out (and so visible) before its bytes arrive: its answer is waited for on its own.
  const imageAnswer = page.waitForResponse((r) => r.url().includes('/api/file/'))
  const pageAnswer = await page.goto('/admin/products')
  await heading(page, 'Products')
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('img').first()).toBeVisible()

  const pageHeaders = await expectSecurityHeaders(pageAnswer!)
  const policy = pageHeaders['content-security-policy']!
  expect(policy).toContain("default-src 'self'")
  // Scripts of the page's origin, and the one inline script of index.html (the colour scheme before the first
  // paint) by its hash: no other inline script runs.
  expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]{44}'(;|$)/)
  expect(policy).toMatch(/style-src 'self' 'nonce-[\w+/=-]{16,}'(;|$)/)
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("base-uri 'none'")
  expect(policy).toContain("form-action 'self'")
  expect(policy).not.toContain('unsafe')
  expect(policy).not.toMatch(/https?:/)

  const script = responses.find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()))!
  const scriptHeaders = await expectSecurityHeaders(script)
  // Chromium accepts brotli: the copy compressed at build is what comes, with the year-long cache.
  expect(scriptHeaders['content-encoding']).toBe('br')
  expect(scriptHeaders['cache-control']).toBe('public, max-age=31536000, immutable')

  const call = responses.find((r) => r.url().includes('/api/admin/products?'))!
  expect((await expectSecurityHeaders(call))['content-security-policy']).toContain("default-src 'self'")

  const imageHeaders = await expectSecurityHeaders(await imageAnswer)
  expect(imageHeaders['content-security-policy']).toContain('sandbox')
  expect(imageHeaders['content-security-policy']).toContain("default-src 'none'")

  // A second load gets a nonce of its own.
  const again = await page.reload()
  expect((await again!.allHeaders())['content-security-policy']).not.toBe(policy)
  await heading(page, 'Products')
})

test('another site cannot show the sign-in page in a frame', async ({ page, csp, baseURL }) => {
  // Another site, on this machine (Chromium keeps public sites from framing local ones anyway, which would
  // hide the answer): its page frames a page of a third origin, which shows (so framing works here), and the
  // sign-in page, which Chromium must refuse to show.
  const other = createServer((request, response) => {
    const { port } = other.address() as AddressInfo
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end(
      request.url === '/own'
        ? '<!doctype html><title>own</title><button>Sign in</button>'
        : `<!doctype html><title>framing</title>
           <iframe id="own" title="own" src="http://localhost:${port}/own"></iframe>
           <iframe id="app" title="app" src="${baseURL}/login"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)
    await expect(page.frameLocator('#own').getByRole('button', { name: 'Sign in' })).toBeVisible()
    // Chromium says why; that is the refusal this test expects, so it is taken out of the reports.
    await expect
      .poll(() => csp.reported.filter((text) => text.includes("frame-ancestors 'none'")).length, SLOW)
      .toBe(1)
    expect(csp.reported).toEqual([
      expect.stringMatching(/^console: Framing '.+' violates .+frame-ancestors 'none'/),
    ])
    csp.reported.splice(0)
    // In its place, Chromium's error page.
    const app = await (await page.locator('#app').elementHandle())!.contentFrame()
    expect(app!.url()).toBe('chrome-error://chromewebdata/')
    await expect(page.frameLocator('#app').getByRole('textbox', { name: 'Email' })).toHaveCount(0)
  } finally {
    other.close()
  }
})

test('a script or style injected into the page is refused and reported', async ({ page, csp }) => {
  await page.goto('/')
  await heading(page, 'Dashboard')
  // What an injection would try: an inline script, an inline style, a script of another site.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.injected = true'
    document.head.append(script)
    const style = document.createElement('style')
    style.textContent = 'body { display: none }'
    document.head.append(style)
    const remote = document.createElement('script')
    remote.src = 'https://cdn.example.com/x.js'
    document.head.append(remote)
    return (window as unknown as { injected?: boolean }).injected === true
  })
  expect(ran).toBe(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const refused = () =>
    csp.reported
      .filter((text) => !text.startsWith('console:'))
      .map((text) => text.split(' ')[0])
      .sort()
  await expect.poll(refused).toEqual(['script-src-elem', 'script-src-elem', 'style-src-elem'])
  csp.reported.splice(0)
})

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('sign-in, password reset, create account, not found, then signing in: no violation', async ({
    page,
  }) => {
    await page.goto('/login')
    await heading(page, 'Sign in')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await heading(page, 'Forgot your password?')
    // A link that never worked: the page asks first, and says so before anything is typed.
    await page.goto('/reset-password?token=not-a-token')
    await heading(page, 'Link no longer valid')
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
    await page.goto('/login')
    await page.getByLabel('Language').selectOption('vi')
    await heading(page, 'Đăng nhập')
    await page.getByLabel('Ngôn ngữ').selectOption('en')

    await page.getByRole('link', { name: 'Create account' }).click()
    await heading(page, 'Create account')
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

    await holdingAdminAccount(() => signInThroughPage(page))
    await heading(page, 'Dashboard')
  })
})

test('dashboard, users (list, add, edit) and the Setting dialog: no violation', async ({ page, api }) => {
  await page.goto('/')
  await heading(page, 'Dashboard')
  await expect(page.getByRole('main').getByRole('table').first()).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click()
  await heading(page, 'Customers')
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1)).toBeVisible()

  await page.goto('/admin/user')
  await heading(page, 'Add customer')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required').first()).toBeVisible()
  await page.getByLabel('Gender').selectOption({ label: 'Female' })
  // The date of birth opens Mantine's calendar in a dropdown.
  await page.getByLabel('Date of birth').click()
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible()
  await page.keyboard.press('Escape')

  const user = await oldest<{ id: string; name: string }>(api, '/admin/users')
  await page.goto(`/admin/user/edit/${user.id}`)
  await heading(page, 'Edit customer')
  await expect(page.getByLabel('Name')).toHaveValue(user.name)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Account settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Account settings' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('tab', { name: 'Change password' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Current password', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('categories and brands, with a logo upload, its preview and a refused file: no violation', async ({
  page,
  api,
}) => {
  await page.goto('/admin/categories')
  await heading(page, 'Categories')
  await page.goto('/admin/category')
  await heading(page, 'Add category')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  const category = (await api.get<{ data: { id: string }[] }>('/admin/categories?page=1')).data[0]!
  await page.goto(`/admin/category/edit/${category.id}`)
  await heading(page, 'Edit category')

  await page.goto('/admin/brands')
  await heading(page, 'Brands')
  await page.goto('/admin/brand')
  await heading(page, 'Add brand')
  const logo = page.getByLabel(/^Logo image/)
  await logo.setInputFiles('e2e/files/not-an-image.txt')
  await expect(page.getByRole('alert').filter({ hasText: 'Not an image we accept' })).toBeVisible()
  await logo.setInputFiles('e2e/files/red.png')
  const preview = page.getByRole('list', { name: 'Chosen images' }).getByRole('img', { name: 'Image 1' })
  await expect(preview).toBeVisible(SLOW)
  // The preview is the stored image, served by the API from this origin.
  await expect(preview).toHaveAttribute('src', /^\/api\/file\/\d{4}\/\d{2}\/[\w-]+\.webp$/)
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const brand = (await api.get<{ data: { id: string }[] }>('/admin/brands?page=1')).data[0]!
  await page.goto(`/admin/brand/edit/${brand.id}`)
  await heading(page, 'Edit brand')
})

test('products: list, add with an image upload preview, edit: no violation', async ({ page, api }) => {
  await page.goto('/admin/products')
  await heading(page, 'Products')
  await page.getByRole('searchbox', { name: 'Search products by name' }).fill('a')
  await expect(page).toHaveURL(/[?&]name=a/)

  await page.goto('/admin/product')
  await heading(page, 'Add product')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required').first()).toBeVisible()
  await page.getByLabel(/^Images/).setInputFiles(['e2e/files/red.png', 'e2e/files/blue.jpg'])
  const previews = page.getByRole('list', { name: 'Chosen images' }).getByRole('img')
  await expect(previews).toHaveCount(2, SLOW)
  for (const img of await previews.all())
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true)
  await page.getByRole('button', { name: 'Remove image 1' }).click()
  await expect(previews).toHaveCount(1)

  const product = await oldest<{ id: string; name: string }>(api, '/admin/products')
  await page.goto(`/admin/product/edit/${product.id}`)
  await heading(page, 'Edit product')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(product.name)
})

test('orders (list, edit, detail, a delete dialog) and reviews: no violation', async ({ page, api }) => {
  // An open order (Pending or Processing): a delivered or cancelled one shows its lines without delete buttons.
  const order = (
    await api.get<{ data: { id: string }[] }>('/admin/orders?status=1,2&sortBy=createdAt:asc&limit=3')
  ).data[2]!
  await page.goto('/admin/orders')
  await heading(page, 'Orders')
  await page.goto(`/admin/order/edit/${order.id}`)
  await heading(page, 'Edit order')
  await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
  await heading(page, 'Order details')
  // Opening the confirmation (a modal, which locks the page's scroll with a style element of its own), then No.
  await page
    .getByRole('button', { name: /^Delete line / })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/admin/product-reviews')
  await heading(page, 'Reviews')
  await page
    .getByRole('button', { name: /^Delete review by / })
    .first()
    .click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
})

test('the API documentation works under its own policy, which is scoped to it', async ({ page }) => {
  const answer = await page.goto('/api/docs')
  const headers = await expectSecurityHeaders(answer!)
  // Swagger UI injects inline styles: allowed there, and only there. Scripts stay strict.
  expect(headers['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'(;|$)/)
  expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
  await expect(page.getByRole('heading', { name: /Store back-office API/ })).toBeVisible(SLOW)
  await page.getByRole('button', { name: /GET \/api\/health/ }).click()
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible()
})
