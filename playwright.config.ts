import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: `npm start` on a fresh DATA_DIR (embedded database, demo store), driven in Debian's
 * Chromium. The port can be moved with E2E_PORT so two runs do not collide.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
// Set once in the runner; workers inherit it, so they all talk about the same store.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'))

export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2eAdmin2026' }
/** Where the server sends mail: a test that reads mail starts an SMTP server of its own on this port. */
export const E2E_SMTP_PORT = port + 25
/** The stored session of this run (one file a port, so two runs never share one). */
export const AUTH_FILE = `e2e/artifacts/.auth/admin-${port}.json`

/**
 * Debian's headless shell when it is installed (package chromium-headless-shell, as `.ci/run` does): the same
 * Chromium without the desktop browser around it, which took a third less time over the suite on two cores.
 * The full browser otherwise.
 */
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file))

export default defineConfig({
  testDir: 'e2e',
  // One folder a port: two runs at once must not empty each other's traces.
  outputDir: `e2e/artifacts/results-${port}`,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  forbidOnly: true,
  retries: 0,
  // A test is a few seconds on a quiet machine; two browsers, the server and the build on two cores can make one
  // take most of a minute, which is slow, not broken.
  timeout: 90_000,
  // A list's first page after a page load waited past 8 s once in a full run on two cores: still slow, not broken.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    storageState: AUTH_FILE,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // A trace records a screencast and DOM snapshots of every test, which made the suite 30 % slower on two cores:
    // rerun a failing test with `--trace on` to get one. A failure still leaves its screenshot and page snapshot.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: the tests never download a browser of their own.
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node server/start.js',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every test signs in; the limits that stop guessing would stop the suite.
      LOGIN_LIMIT_PER_EMAIL: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      // Long enough that no access token expires during a run, so tests sharing a session never race a refresh.
      ACCESS_TOKEN_MINUTES: '120',
      // Mail goes to the SMTP server a test starts (password-reset.spec.ts); with none listening, sending fails
      // and the server carries on, as it does when a real mail server is down.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
})
