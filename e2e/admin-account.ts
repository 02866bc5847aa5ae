import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'

/*
 * The run has one admin account. account.spec.ts changes its password for a few seconds (and that revokes the
 * account's refresh tokens), while auth.spec.ts signs in with it in another worker. Tests that type the
 * password or rely on a refresh token hold this lock, so the two never overlap. A directory is the lock:
 * creating one is atomic. It is named after the run's data directory, so a lock left by a killed run never
 * blocks the next one.
 */
const LOCK = path.join(
  os.tmpdir(),
  `store-e2e-admin-lock-${path.basename(process.env.E2E_DATA_DIR ?? 'default')}`,
)
const LOCK_WAIT_MS = 60_000

/**
 * For a step that loads the back-office's chunks and asks the server (sign-in, reload, logout): on a busy
 * machine it can take longer than the default 15 s of `expect`.
 */
export const SLOW = { timeout: 20_000 }

/** Runs `work` while no other test signs in as the admin or changes the admin's password. */
export async function holdingAdminAccount<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (Date.now() > deadline) throw new Error(`the admin account stayed locked for ${LOCK_WAIT_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/** Signs in through the sign-in page, as a person does, and waits for the back-office to show. */
export async function signInThroughPage(page: Page, password = E2E_ADMIN.password) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  // Signing in lands on the dashboard, whose charts can block a loaded machine's page for seconds: a key
  // pressed meanwhile waits behind them. The test goes on once they have drawn.
  await expect(page.getByRole('region', { name: 'Sales over time', exact: true })).toBeVisible({
    timeout: 30_000,
  })
}
