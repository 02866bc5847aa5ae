/**
 * Lighthouse's performance score of the web app's first screens: the sign-in page, the dashboard and the product
 * list, each with Lighthouse's desktop preset and its default phone profile (a mid-range phone on a slow 4G
 * connection, simulated), against the targets of docs/performance.md, "The web app" (95 on desktop, 90 on the phone).
 *
 * It serves the build in web/dist as `npm start` does, on a fresh embedded database in a temporary folder with
 * the demo store, signs in through the API and hands the page the session the way the app keeps it (its tokens
 * in localStorage), then runs Lighthouse in Chromium: /usr/bin/chromium, or CHROME_PATH.
 *
 *   npm run build && npm run bench:lighthouse               # 3 runs a page and profile, the median shown
 *   npm run bench:lighthouse -- --runs 1 --only dashboard   # one run of the pages whose name holds 'dashboard'
 *   npm run bench:lighthouse -- --audits                    # also the audits that cost each run points
 *
 * WEB_DIR serves another build instead (one made from an earlier commit, to compare).
 *
 * The table is written, with every run's figures, to bench/results/lighthouse-<time>.json (git-ignored).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer from 'puppeteer-core'

const root = path.resolve(import.meta.dirname, '..')
const ADMIN = { email: 'lighthouse-admin@example.com', password: 'lighthouse2026' }
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
/** The web app's keys in localStorage (web/src/lib/storage-keys.ts). */
const STORAGE = { access: 'token', refresh: 'refreshToken', language: 'language' }
type PageStorage = { clear(): void; setItem(key: string, value: string): void }

const PAGES = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/', signedIn: true },
  { name: 'product list', path: '/admin/products', signedIn: true },
] as const
const PROFILES = [
  { name: 'desktop', target: 95, config: desktopConfig },
  // Lighthouse's default: a phone's screen, a 4x slower CPU and a slow 4G connection, simulated.
  { name: 'phone', target: 90, config: undefined },
] as const

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    audits: { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(options.runs) || 1)

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Server {
  child: ChildProcess
  base: string
  dir: string
  log: string
}

/** `npm start` on a fresh data folder with the demo store; answers once /api/health does. */
async function startServer(): Promise<Server> {
  const web = process.env.WEB_DIR ?? path.join(root, 'web/dist')
  if (!existsSync(path.join(web, 'index.html')))
    throw new Error(`no build in ${web}: run \`npm run build\` first`)
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'))
  const port = await freePort()
  const log = path.join(dir, 'server.log')
  const out = createWriteStream(log)
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // No token expires during a run, so no run measures a refresh.
      ACCESS_TOKEN_MINUTES: '120',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(out)
  child.stderr!.pipe(out)
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 180_000
  while (Date.now() < until && child.exitCode === null) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, base, dir, log }
    await sleep(250)
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start; its log:\n${readFileSync(log, 'utf8').slice(-4000)}`)
}

async function stopServer(server: Server) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
  }
  rmSync(server.dir, { recursive: true, force: true })
}

/** Signs the administrator in through the API: the tokens the sign-in page would store. */
async function signIn(base: string): Promise<{ access: string; refresh: string }> {
  const answer = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const body = (await answer.json()) as {
    data?: { tokens?: { access: { token: string }; refresh: { token: string } } }
  }
  const tokens = body.data?.tokens
  if (!answer.ok || !tokens) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(body)}`)
  return { access: tokens.access.token, refresh: tokens.refresh.token }
}

interface Run {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  /** The audits that cost points, worst first (with --audits). */
  failing: string[]
}

const figures = (lhr: Result): Run => {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  }
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!

async function main() {
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME}: set CHROME_PATH`)
  const pages = PAGES.filter((p) => !options.only || p.name.includes(options.only))
  console.log(`Starting the server (demo store, ${pages.length} page(s), ${RUNS} run(s) each per profile)…`)
  const server = await startServer()
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS })
  const rows: { page: string; profile: string; target: number; median: Run; runs: Run[] }[] = []
  try {
    const tokens = await signIn(server.base)
    // A tab of the app's origin, through which the session is stored or removed and the cache emptied.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const tab = await browser.newPage()
    await tab.goto(`${server.base}/api/health`)
    const cdp = await tab.createCDPSession()
    for (const page of pages) {
      for (const profile of PROFILES) {
        const runs: Run[] = []
        for (let i = 0; i < RUNS; i++) {
          await tab.evaluate(
            (signedIn, keys, t) => {
              // Runs in the page (this folder's types have no DOM).
              const storage = (globalThis as unknown as { localStorage: PageStorage }).localStorage
              storage.clear()
              storage.setItem(keys.language, 'en')
              if (signedIn) {
                storage.setItem(keys.access, t.access)
                storage.setItem(keys.refresh, t.refresh)
              }
            },
            page.signedIn,
            STORAGE,
            tokens,
          )
          // Lighthouse would clear the origin's storage, session included; the cache is emptied here instead, so
          // every run is a first visit.
          await cdp.send('Network.clearBrowserCache')
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          }
          const result = await lighthouse(`${server.base}${page.path}`, flags, profile.config)
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`)
          const { lhr } = result
          if (lhr.runtimeError) throw new Error(`${page.name}, ${profile.name}: ${lhr.runtimeError.message}`)
          const landed = new URL(lhr.finalDisplayedUrl).pathname
          if (landed !== page.path) throw new Error(`${page.name} ended at ${landed}, not ${page.path}`)
          runs.push(figures(lhr))
          process.stdout.write('.')
        }
        rows.push({
          page: page.name,
          profile: profile.name,
          target: profile.target,
          median: median(runs),
          runs,
        })
      }
    }
    await browser.disconnect()
  } finally {
    await chrome.kill()
    await stopServer(server)
  }
  console.log('\n')
  const ms = (v: number) => `${Math.round(v)} ms`
  const table = rows.map((r) => ({
    page: r.page,
    profile: r.profile,
    score: RUNS > 1 ? `${r.median.score} (${r.runs.map((x) => x.score).join(', ')})` : String(r.median.score),
    FCP: ms(r.median.fcp),
    LCP: ms(r.median.lcp),
    TBT: ms(r.median.tbt),
    CLS: r.median.cls.toFixed(3),
    target: r.target,
    met: r.median.score >= r.target ? 'yes' : 'no',
  }))
  console.table(table)
  if (options.audits) {
    for (const r of rows) console.log(`${r.page}, ${r.profile}: ${r.median.failing.join('; ') || 'none'}`)
  }
  const results = path.join(root, 'bench/results')
  mkdirSync(results, { recursive: true })
  const file = path.join(results, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify({ chrome: CHROME, runs: RUNS, rows }, null, 2))
  console.log(`Written to ${path.relative(root, file)}`)
  if (rows.some((r) => r.median.score < r.target)) process.exitCode = 1
}

await main()
