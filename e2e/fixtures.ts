import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import type { Product } from '@store/contract'
import { AUTH_FILE } from '../playwright.config.ts'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe on the page as it is and fails on any serious or critical violation, naming each. */
export async function expectAccessible(page: Page) {
  // A dialog fading in is half transparent, and axe would measure its colours washed out: every finite
  // animation and transition (not a spinner's endless one) is let finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  // The app's Content-Security-Policy refuses inline scripts, as it should, so axe is not added as a script
  // tag: it is evaluated through the browser's debugging protocol, which the policy does not govern.
  // Once a document: several checks of one screen in its states reuse the axe already parsed there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // A dialog fading in, or a button still easing its hover colour, is measured between its colours: the checks
  // wait for the screen's transitions to end (not for spinners, which never do; at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 2000)),
    ]),
  )
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return (
      result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[]
    )
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations, 'axe: serious or critical violations').toEqual([])
}

/** Saves a full-page picture of a screen under e2e/artifacts/screens/<name>.png. */
export async function screenshot(page: Page, name: string) {
  if (!process.env.E2E_SCREENS) return
  await page.screenshot({ path: path.resolve('e2e/artifacts/screens', `${name}.png`), fullPage: true })
}

/**
 * Watches the page for `text` until the page next loads, and answers whether it showed. For a toast shown just
 * before a reload: an expectation polled after the click can look only once the toast and the page are gone on a
 * busy machine, so the page notes the text itself, in sessionStorage, which outlives the reload.
 */
export async function watchAcrossReload(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `e2e-seen-${text}`
  await page.evaluate(
    ({ text, key }) => {
      sessionStorage.removeItem(key)
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(text)) {
          sessionStorage.setItem(key, 'yes')
          observer.disconnect()
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    },
    { text, key },
  )
  return () => page.evaluate((key) => sessionStorage.getItem(key) === 'yes', key)
}

/** The session the global setup stored: its access token, for setting up data through the API. */
export function adminToken(): string {
  const state = JSON.parse(readFileSync(path.resolve(AUTH_FILE), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[]
  }
  return state.origins[0]!.localStorage.find((item) => item.name === 'token')!.value
}

/** A test whose `api` calls the store's API as the signed-in admin, to arrange data a screen then shows. */
export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => {
    const token = adminToken()
    const call = async <T>(method: string, url: string, data?: unknown): Promise<T> => {
      const response = await request.fetch(`/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        data,
      })
      const body = response.status() === 204 ? null : await response.json()
      if (!response.ok())
        throw new Error(`${method} ${url} answered ${response.status()}: ${JSON.stringify(body)}`)
      return body as T
    }
    await use({
      get: (url) => call('GET', url),
      post: (url, data) => call('POST', url, data),
      put: (url, data) => call('PUT', url, data),
      delete: (url) => call('DELETE', url),
    })
  },
})

export interface Api {
  get<T = { data: unknown }>(url: string): Promise<T>
  post<T = { data: unknown }>(url: string, data?: unknown): Promise<T>
  put<T = { data: unknown }>(url: string, data?: unknown): Promise<T>
  delete<T = unknown>(url: string): Promise<T>
}

/** A name no other test or demo row has: `E2E Category 1732…-ab12`. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export { expect }

/**
 * Opens the dashboard at `address` and waits until its report has drawn its chart over time, which it does as
 * soon as the report's answer is in (the charts are plain SVG, drawn with the screen's own code).
 */
export async function openDashboard(page: Page, address = '/') {
  await page.goto(address)
  // The drawing, named by what it shows ('Revenue by day, …'); the card's icons are images too, without names.
  const chart = page
    .getByRole('region', { name: 'Sales over time', exact: true })
    .getByRole('img', { name: / by (day|week|month), / })
  await expect(chart).toBeVisible({ timeout: 30_000 })
}

/**
 * Opens the Setting dialog from the account menu. The menu's dropdown stays in the page while it fades out, a menu
 * without items for a moment, which axe rightly reports: the dialog is returned once the menu has gone.
 */
export async function openSetting(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Account settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Account settings' })
  await expect(dialog).toBeVisible()
  await expect(page.getByRole('menu')).toBeHidden()
  return dialog
}

/** A phone number no customer has yet: an order taken with it makes a customer of its own, for the test to delete. */
export async function freshPhone(api: Api) {
  for (;;) {
    const digits = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    const taken = await api.get<{ data: unknown[] }>(`/admin/users?role=user&phone=${digits}`)
    if (taken.data.length === 0) return digits
  }
}

/** A demo product sold as it is (no variants), with stock to spare. */
export async function productInStock(api: Api) {
  const { data } = await api.get<{ data: Product[] }>('/admin/products?limit=100&sortBy=createdAt:asc')
  const product = data.find((p) => p.quantity > 10 && p.variants.length === 0 && !p.name.startsWith('E2E'))
  if (!product) throw new Error('no product with stock to spare')
  return product
}
