import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { vi } from '../web/src/i18n/vi/index.ts'
import { SLOW } from './admin-account.ts'
import { expect, expectAccessible, openSetting, screenshot, test } from './fixtures.ts'
import { newStaffMember, type StaffMember, signInAs } from './staff-member.ts'

// A member of its own signs in and out here: the run's admin account must never have two-step sign-in on.
test.use({ storageState: { cookies: [], origins: [] } })
// A code of the app works once, so the test waits for the app's next code between uses: up to 30 s each time.
test.describe.configure({ timeout: 180_000 })

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/, SLOW)
}

/** The password step of a sign-in, which then asks for a code. */
async function passwordStep(page: Page, member: StaffMember) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible(SLOW)
}

/**
 * The authenticator app of the test: a code whose step comes after the last one used (the server takes each step's
 * code once). The server allows a clock one step ahead, as an app's clock may be, so the test uses the current step
 * and then the next before it waits, as a person waits for the app to show a new code.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
  let lastStep = -1
  return async () => {
    await expect.poll(() => totp.counter() + 1 > lastStep, { timeout: 35_000, intervals: [500] }).toBe(true)
    const step = Math.max(totp.counter(), lastStep + 1)
    lastStep = step
    return totp.generate({ timestamp: step * 30_000 })
  }
}

test('two-step sign-in: turned on in Setting, asked for at sign-in (a code, then a recovery code), turned off', async ({
  page,
  request,
}) => {
  // The QR code is drawn under the page's Content-Security-Policy: any violation it (or a screen here) causes is
  // reported by the browser, and fails the test.
  const violations: string[] = []
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation
    window.addEventListener(
      'securitypolicyviolation',
      (event) =>
        report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ${event.sample}`),
      true,
    )
  })
  const member = await newStaffMember(request)
  await signInAs(page, member)
  let dialog = await openSetting(page)
  await dialog.getByRole('tab', { name: 'Two-step sign-in' }).click()
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Turn on' }).click()

  // The QR code and the same secret as text; the test's app takes the text.
  const qr = dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' })
  await expect(qr).toBeVisible()
  await expect(qr.locator('path')).toHaveCount(1)
  const secret = await dialog.getByRole('textbox', { name: 'Or type this key into the app' }).inputValue()
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const nextCode = authenticator(secret)
  expect(violations, 'Content-Security-Policy violations').toEqual([])
  await expectAccessible(page)
  await screenshot(page, 'two-factor-setup')

  const code = dialog.getByRole('textbox', { name: 'Code from the app' })
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await code.fill('000000')
  await dialog.getByRole('button', { name: 'Confirm and turn on' }).click()
  // One chance in a million that 000000 is the real code; the message then never shows and the test fails.
  await expect(dialog.getByText('The code is not correct')).toBeVisible()
  await code.fill(await nextCode())
  await dialog.getByRole('button', { name: 'Confirm and turn on' }).click()

  const list = dialog.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim())
  await expect(dialog.getByText(/shown only this once/)).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'two-factor-recovery-codes')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download (.txt)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('recovery-codes.txt')
  const file = await readFile(await download.path(), 'utf8')
  for (const recovery of recoveryCodes) expect(file).toContain(recovery)
  await dialog.getByRole('button', { name: 'I have saved them' }).click()
  await expect(dialog.getByText('On', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  // The dialog gives the focus back to the account menu as it closes: the menu is opened only after that.
  await expect(dialog).toBeHidden()
  await signOut(page)

  // Signing in now takes a code of the app after the password.
  await passwordStep(page, member)
  const appCode = page.getByRole('textbox', { name: 'Authentication code' })
  await expect(appCode).toHaveAttribute('inputmode', 'numeric')
  await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code')
  await expectAccessible(page)
  await screenshot(page, 'two-factor-sign-in')
  await appCode.fill(await nextCode())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  await signOut(page)

  // Or one of the recovery codes, each once.
  await passwordStep(page, member)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)
  await signOut(page)
  await passwordStep(page, member)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  const recovery = page.getByRole('textbox', { name: 'Recovery code' })
  await recovery.fill(recoveryCodes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert', { name: 'Sign-in failed' })).toContainText('The code is not correct')
  await expect(recovery).toHaveValue('')
  await recovery.fill(recoveryCodes[1]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(SLOW)

  // Turning it off takes the password and a code.
  dialog = await openSetting(page)
  await dialog.getByRole('tab', { name: 'Two-step sign-in' }).click()
  await dialog.getByRole('button', { name: 'Turn off' }).click()
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('notThePassword1')
  const offCode = dialog.getByRole('textbox', { name: 'Code from the app, or a recovery code' })
  await offCode.fill(recoveryCodes[2]!)
  await dialog.getByRole('button', { name: 'Turn off' }).click()
  await expect(dialog.getByText('The password is not correct')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password)
  await offCode.fill(await nextCode())
  await dialog.getByRole('button', { name: 'Turn off' }).click()
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Turn on' })).toBeVisible()
  await page.keyboard.press('Escape')
  // The dialog gives the focus back to the account menu as it closes: the menu is opened only after that.
  await expect(dialog).toBeHidden()
  await signOut(page)

  // Off again: the password alone signs in.
  await signInAs(page, member)
  expect(violations, 'Content-Security-Policy violations').toEqual([])
})

test('in Vietnamese the set-up shows its copy button whole, on a 1,366 px laptop and on a phone', async ({
  page,
  request,
}) => {
  const member = await newStaffMember(request)
  await signInAs(page, member)
  await page.evaluate(() => localStorage.setItem('language', 'vi'))
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport)
    await page.reload()
    await page.getByRole('button', { name: vi.layout.account }).click()
    await page.getByRole('menuitem', { name: vi.layout.setting }).click()
    const dialog = page.getByRole('dialog', { name: vi.layout.setting })
    await dialog.getByRole('tab', { name: vi.account.tabs.twoFactor }).click()
    await dialog.getByRole('button', { name: vi.account.twoFactor.turnOn, exact: true }).click()
    const copy = dialog.getByRole('button', { name: vi.account.twoFactor.copyKey })
    await expect(copy).toBeVisible()
    // 'Sao chép khóa' whole: neither the button nor a part of it narrower than its content, and the button inside
    // the dialog.
    const cut = await copy.evaluate((button) => {
      const problems = [button, ...button.querySelectorAll('*')]
        .filter((el) => !el.closest('svg') && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `"${el.textContent}": ${el.scrollWidth} px in ${el.clientWidth} px`)
      const box = button.getBoundingClientRect()
      const dialogBox = button.closest('[role="dialog"]')!.getBoundingClientRect()
      if (box.left < dialogBox.left || box.right > dialogBox.right) problems.push('outside the dialog')
      return problems
    })
    expect(cut, `the copy button at ${viewport.width} px`).toEqual([])
    await screenshot(page, `two-factor-setup-vi-${viewport.width}`)
  }
})
