import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { AUTH_FILE, E2E_ADMIN } from '../playwright.config.ts'

/**
 * Signs the admin in once through the API and stores the session the way the web app keeps it (localStorage
 * `token` and `refreshToken`), so each test starts signed in without typing the password again.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!
  const response = await fetch(`${baseURL}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  })
  if (!response.ok)
    throw new Error(`sign-in for the tests failed: ${response.status} ${await response.text()}`)
  const answer = (await response.json()) as {
    data: { tokens: { access: { token: string }; refresh: { token: string } } }
  }
  const file = path.resolve(AUTH_FILE)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(
    file,
    JSON.stringify({
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'token', value: answer.data.tokens.access.token },
            { name: 'refreshToken', value: answer.data.tokens.refresh.token },
          ],
        },
      ],
    }),
  )
}
