/**
 * The README's pictures: the dashboard, the order list and the new-order screen (a customer and two lines
 * chosen), in Vietnamese, light and dark, on a desktop (1,366 × 768) and a phone (390 × 844, twice the pixels),
 * written to docs/screenshots/<screen>-<desktop|phone>-<light|dark>.png.
 *
 * It serves the build on a fresh demo store (scripts/demo-server.ts), so the pictures show what a newcomer's
 * `npm start` shows, and drives Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) through Playwright.
 *
 *   npm run build && npm run screenshots
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { vi } from '../web/src/i18n/vi/index.ts'
import { type Admin, signIn, startDemoServer, stopDemoServer } from './demo-server.ts'

const root = path.resolve(import.meta.dirname, '..')
const OUT = path.join(root, 'docs/screenshots')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const ADMIN: Admin = { email: 'screenshots-admin@example.com', password: 'screenshots2026' }

const DEVICES = {
  desktop: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const
const SCHEMES = ['light', 'dark'] as const

interface Screen {
  name: string
  path: string
  /** What the screen should hold before its picture is taken, beyond its own loading. */
  prepare?: (page: Page) => Promise<void>
}

/** A customer found by name and two products added, as staff taking an order by phone would. */
async function fillNewOrder(page: Page) {
  const t = vi.newOrder
  const pick = async (box: string, text: string) => {
    await page.getByRole('combobox', { name: new RegExp(`^${box}`) }).fill(text)
    // The list shows the last search's matches until this one's arrive: the first option holding the text.
    const option = page.locator('[data-combobox-option]:visible', { hasText: text }).first()
    await option.waitFor()
    await option.click()
  }
  await pick(t.customer.search, 'Nguyễn')
  for (const name of ['Áo', 'Quần']) {
    await pick(t.lines.search, name)
    // A product sold by size and colour asks which one: the first in stock.
    // It shows a moment after the pick: a product sold as it is has none, and its line is there by then.
    const chooser = page.getByRole('combobox', {
      name: new RegExp(`^${vi.orders.variant.chooser.replace('{{name}}', '.+')}$`),
    })
    const asks = await chooser.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    )
    if (asks) {
      // A native select: its first variant that can be chosen (one out of stock cannot).
      const first = await chooser.evaluate(
        // Runs in the page (this folder's types have no DOM).
        (select) =>
          Array.from(
            (select as unknown as { options: ArrayLike<{ value: string; disabled: boolean }> }).options,
          ).find((o) => o.value !== '' && !o.disabled)?.value,
      )
      if (first === undefined) throw new Error(`no variant in stock of the product found by '${name}'`)
      await chooser.selectOption(first)
      await page.getByRole('button', { name: vi.orders.variant.add }).click()
      await chooser.waitFor({ state: 'hidden' })
    }
  }
  // Both lines are in: a picture of an empty order would not show the screen.
  await page.getByRole('list', { name: t.lines.list }).getByRole('listitem').nth(1).waitFor()
  await page.evaluate('window.scrollTo(0, 0)')
}

const SCREENS: readonly Screen[] = [
  { name: 'dashboard', path: '/' },
  { name: 'order-list', path: '/admin/orders' },
  { name: 'new-order', path: '/admin/order/new', prepare: fillNewOrder },
]

/** Waits until the screen's heading shows and nothing on it is loading any more. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    `!document.querySelector('main [aria-busy="true"], main .mantine-Skeleton-root')`,
  )
  // Transitions (a chart's bars, a dialog's fade) end.
  await page.waitForTimeout(400)
}

async function shoot(browser: Browser, base: string, tokens: { access: string; refresh: string }) {
  for (const [device, options] of Object.entries(DEVICES)) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ ...options, colorScheme: scheme, locale: 'vi-VN' })
      // The session and the language the way the app keeps them (web/src/lib/storage-keys.ts).
      const stored = { token: tokens.access, refreshToken: tokens.refresh, language: 'vi' }
      await context.addInitScript({
        content: `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value)`,
      })
      const page = await context.newPage()
      for (const screen of SCREENS) {
        await page.goto(`${base}${screen.path}`)
        await settled(page)
        await screen.prepare?.(page)
        if (screen.prepare) await settled(page)
        const file = path.join(OUT, `${screen.name}-${device}-${scheme}.png`)
        await page.screenshot({ path: file, animations: 'disabled', fullPage: screen.name === 'new-order' })
        console.log(path.relative(root, file))
      }
      await context.close()
    }
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  console.log('Starting the server with the demo store…')
  const server = await startDemoServer(ADMIN)
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    await shoot(browser, server.base, await signIn(server.base, ADMIN))
  } finally {
    await browser.close()
    await stopDemoServer(server)
  }
}

await main()
