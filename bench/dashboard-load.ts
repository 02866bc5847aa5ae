import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { sql } from 'drizzle-orm'
import type { RunningApi } from './harness.ts'

// The dashboard's first load in Chromium (issue: under 300 ms with all its calls), signed in through
// localStorage as the web app keeps its session, opening `/` and waiting until the network is idle. Read from
// the browser's own resource timings, for each load:
// - `load`: from the navigation's start to the end of the last answer of its API calls (images left out);
// - `calls`: from the start of the first of the dashboard's data calls (after the session check) to that end.
// A new browser context has nothing cached: the first load of a day. Later loads in the same context have the
// web app's files cached, as a member of staff opening the dashboard again has.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** What the page functions below use of the browser (this project compiles without the DOM's types). */
interface Browser {
  localStorage: { setItem(key: string, value: string): void }
  performance: {
    getEntriesByType(type: 'resource'): { name: string; startTime: number; responseEnd: number }[]
  }
}

export interface Load {
  load: number
  calls: number
}

export interface DashboardLoads {
  /** Each in a new browser context: nothing cached. */
  cold: Load[]
  /** Again in the same context, nothing written in between: the report's top products are remembered. */
  warm: Load[]
  /** Again in the same context, each right after an order was written: the report sums its top products. */
  afterWrite: Load[]
  /** The API calls one load makes. */
  calls: string[]
}

/** Null when there is no Chromium or no built web app to load. */
export async function measureDashboard(api: RunningApi, runs: number): Promise<DashboardLoads | null> {
  if (!api.web || !existsSync(CHROMIUM)) return null
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  try {
    let calls: string[] = []
    const newPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' })
      await context.addInitScript((tokens) => {
        const { localStorage } = globalThis as unknown as Browser
        localStorage.setItem('token', tokens.access)
        localStorage.setItem('refreshToken', tokens.refresh)
      }, api.tokens)
      return { context, page: await context.newPage() }
    }
    const load = async (page: Awaited<ReturnType<typeof newPage>>['page']): Promise<Load> => {
      await page.goto(`${api.base}/`, { waitUntil: 'networkidle' })
      const timing = await page.evaluate(() =>
        (globalThis as unknown as Browser).performance
          .getEntriesByType('resource')
          .map((entry) => ({ url: new URL(entry.name), start: entry.startTime, end: entry.responseEnd }))
          .filter(({ url }) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/file/'))
          .map(({ url, start, end }) => ({ name: url.pathname + url.search, start, end })),
      )
      calls = timing.map((t) => t.name)
      const session = /\/api\/admin\/(auth\/me|config)$/
      const data = timing.filter((t) => !session.test(t.name))
      // No figures asked for means the page never reached the dashboard (signed out, or an error screen): say so
      // rather than print a time of minus infinity.
      if (data.length === 0)
        throw new Error(
          `the dashboard asked the API for no figures; it showed ${await page.title()} at ${page.url()}`,
        )
      const end = Math.max(...timing.map((t) => t.end))
      return { load: end, calls: end - Math.min(...data.map((t) => t.start)) }
    }
    const cold: Load[] = []
    const warm: Load[] = []
    const afterWrite: Load[] = []
    // Unmeasured: the browser, the server's code and the database's pages warm up.
    for (let i = 0; i < 3; i++) {
      const { context, page } = await newPage()
      await load(page)
      await context.close()
    }
    for (let i = 0; i < runs; i++) {
      const { context, page } = await newPage()
      cold.push(await load(page))
      await context.close()
    }
    const { context, page } = await newPage()
    await load(page)
    for (let i = 0; i < runs; i++) warm.push(await load(page))
    for (let i = 0; i < runs; i++) {
      // Any committed write to an order moves the orders' change version on (docs/counts.md, "Change versions").
      await api.database.db.execute(
        sql`update orders set updated_at = updated_at where id = (select max(id) from orders)`,
      )
      afterWrite.push(await load(page))
    }
    await context.close()
    return { cold, warm, afterWrite, calls }
  } finally {
    await browser.close()
  }
}
