import { ROLE_PERMISSIONS } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { SessionProvider } from '../../lib/session.tsx'
import { fakeFetch, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { SettingDialog } from './setting-dialog.tsx'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const OTPAUTH = `otpauth://totp/Store%20back-office:lan%40example.com?secret=${SECRET}&issuer=Store%20back-office`
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)

/** The account as `/me` answers it, two-step sign-in as the test's server has it now. */
const account = (twoFactor: boolean) => ({
  id: '7',
  _id: '7',
  name: 'Lan',
  email: 'lan@example.com',
  avatar: null,
  role: 'staff' as const,
  permissions: [...ROLE_PERMISSIONS.staff],
  twoFactor,
})

/** The Setting dialog of a signed-in account, on its 'Two-step sign-in' tab. */
async function openTab(routes: Routes) {
  localStorage.setItem('token', 'access-1')
  localStorage.setItem('refreshToken', 'refresh-1')
  const fake = fakeFetch({
    'GET /api/admin/config': () =>
      ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    ...routes,
  })
  const user = userEvent.setup()
  renderAt(
    <SessionProvider>
      <SettingDialog opened onClose={() => {}} />
    </SessionProvider>,
  )
  await user.click(await screen.findByRole('tab', { name: 'Two-step sign-in' }))
  return { fake, user, dialog: screen.getByRole('dialog', { name: 'Account settings' }) }
}

/** A Blob's text: jsdom's Blob has no `text()`. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('TwoFactorTab', () => {
  it('turns two-step sign-in on: QR code and key, a code, then the recovery codes once', async () => {
    let on = false
    const { fake, user, dialog } = await openTab({
      'GET /api/admin/auth/me': () => ok(account(on)),
      'POST /api/admin/auth/2fa/setup': [() => ok({ secret: SECRET, otpauthUrl: OTPAUTH })],
      'POST /api/admin/auth/2fa/enable': [
        () => refusal(400, 'codeWrong', { code: 'codeWrong' }),
        () => {
          on = true
          return ok({ recoveryCodes: CODES })
        },
      ],
    })
    expect(within(dialog).getByText('Off')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }))

    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Or type this key into the app' })).toHaveValue(SECRET)
    const code = within(dialog).getByRole('textbox', { name: /Code from the app/ })
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(code, '12345')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }))
    expect(await within(dialog).findByText('Enter the 6 digits the app shows')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/2fa/enable')).toHaveLength(0)

    // A wrong code is said next to the field, which empties for the next one.
    await user.type(code, '6')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }))
    expect(await within(dialog).findByText('The code is not correct')).toBeInTheDocument()
    expect(code).toHaveValue('')

    await user.type(code, '654 321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }))
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(within(dialog).getByText(/They are shown only this once/)).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/2fa/enable')[1]!.body).toEqual({ code: '654321' })

    // Download: a text file made in the browser, one code a line.
    const blobs: Blob[] = []
    // jsdom has no object URLs: these stand in for the browser's, for this test only.
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:codes'
    })
    URL.revokeObjectURL = vi.fn()
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('recovery-codes.txt')
      expect(this.href).toBe('blob:codes')
    })
    await user.click(within(dialog).getByRole('button', { name: 'Download (.txt)' }))
    expect(clicked).toHaveBeenCalledTimes(1)
    const text = await readBlob(blobs[0]!)
    expect(text).toContain('lan@example.com')
    expect(text.trim().split('\n').slice(-10)).toEqual(CODES)

    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }))
    expect(await within(dialog).findByText('On')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument()
  })

  it('copies the recovery codes, one a line', async () => {
    const { user, dialog } = await openTab({
      'GET /api/admin/auth/me': () => ok(account(false)),
      'POST /api/admin/auth/2fa/setup': [() => ok({ secret: SECRET, otpauthUrl: OTPAUTH })],
      'POST /api/admin/auth/2fa/enable': [() => ok({ recoveryCodes: CODES })],
    })
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }))
    await user.type(await within(dialog).findByRole('textbox', { name: /Code from the app/ }), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Copy codes' }))
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'))
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('turns it off with the password and a code, saying which one is wrong', async () => {
    let on = true
    const { fake, user, dialog } = await openTab({
      'GET /api/admin/auth/me': () => ok(account(on)),
      'POST /api/admin/auth/2fa/disable': [
        () => refusal(400, 'passwordWrong', { password: 'passwordWrong' }),
        () => {
          on = false
          return ok(null)
        },
      ],
    })
    expect(within(dialog).getByText('On')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2)
    expect(fake.callsTo('POST /api/admin/auth/2fa/disable')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText(/^Password/), 'notMine12')
    await user.type(within(dialog).getByRole('textbox', { name: /recovery code/ }), ' 123 456 ')
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/2fa/disable')[0]!.body).toEqual({
      password: 'notMine12',
      code: '123456',
    })

    await user.clear(within(dialog).getByLabelText(/^Password/))
    await user.type(within(dialog).getByLabelText(/^Password/), 'mine12345')
    await user.clear(within(dialog).getByRole('textbox', { name: /recovery code/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /recovery code/ }), 'abcde-12345')
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findByText('Off')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Turn on' })).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/2fa/disable')[1]!.body).toEqual({
      password: 'mine12345',
      code: 'abcde-12345',
    })
  })

  it('lets a set-up be cancelled, nothing turned on', async () => {
    const { user, dialog } = await openTab({
      'GET /api/admin/auth/me': () => ok(account(false)),
      'POST /api/admin/auth/2fa/setup': [() => ok({ secret: SECRET, otpauthUrl: OTPAUTH })],
    })
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(within(dialog).getByText('Off')).toBeInTheDocument())
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument()
  })
})
