import { ROLE_PERMISSIONS } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SessionProvider } from '../../lib/session.tsx'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { ResetPasswordPage } from './reset-password-page.tsx'

const renderReset = (address = '/reset-password?token=tok-1') =>
  renderAt(
    <SessionProvider>
      <ResetPasswordPage />
    </SessionProvider>,
    address,
  )

/** The link still works: what the page asks first. */
const working = (purpose: 'reset' | 'setup' = 'reset') => ({
  'GET /api/admin/auth/reset-password': () => ok({ purpose, expiresAt: '2026-06-04T10:30:00.000Z' }),
})

/** The form, once the link has been found to work. */
const fields = async () => ({
  password: await screen.findByLabelText(/^New password/),
  confirm: screen.getByLabelText(/^Confirm password/),
})

describe('ResetPasswordPage', () => {
  it('checks the new password and its confirmation with the spec’s rules', async () => {
    const fake = fakeFetch(working())
    const user = userEvent.setup()
    renderReset()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Enter the password again')).toBeInTheDocument()
    const { password, confirm } = await fields()
    await user.type(password, 'abc')
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.type(password, 'defgh')
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument()
    await user.type(password, '1')
    await user.type(confirm, 'abcdefgh2')
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/reset-password')).toHaveLength(0)
  })

  it('sets the password with the link’s token, then leads to sign-in', async () => {
    const fake = fakeFetch({
      // Asked once: were it asked again after the reset, the link would be spent by then (and this fake would
      // fail on the second call).
      'GET /api/admin/auth/reset-password': [working()['GET /api/admin/auth/reset-password']],
      'POST /api/admin/auth/reset-password': () => ok(null),
    })
    const user = userEvent.setup()
    renderReset()
    const { password, confirm } = await fields()
    await user.type(password, 'newSecret9')
    await user.type(confirm, 'newSecret9')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Password saved' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    // The link, spent now, is not asked about again (the account's calls, read again before the page moved on,
    // leave it be): the page stays on its news.
    expect(fake.callsTo('GET /api/admin/auth/reset-password')).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Password saved' })).toBeInTheDocument()
    expect(fake.callsTo('POST /api/admin/auth/reset-password')[0]!.body).toEqual({
      token: 'tok-1',
      password: 'newSecret9',
    })
  })

  it('says a link spent while the page was open is no longer valid, and offers a new one', async () => {
    fakeFetch({
      ...working(),
      'POST /api/admin/auth/reset-password': () =>
        refusal(400, 'resetLinkInvalid', { token: 'resetLinkInvalid' }),
    })
    const user = userEvent.setup()
    renderReset()
    const { password, confirm } = await fields()
    await user.type(password, 'newSecret9')
    await user.type(confirm, 'newSecret9')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('This link is no longer valid; ask for a new one')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
  })

  it('refuses a used or expired link as the page opens, before any password is typed, and asks nothing more', async () => {
    const fake = fakeFetch({
      'GET /api/admin/auth/reset-password': () =>
        refusal(400, 'resetLinkInvalid', { token: 'resetLinkInvalid' }),
    })
    renderReset('/reset-password?token=spent-1&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeInTheDocument()
    expect(screen.getByText('This link is no longer valid; ask for a new one')).toBeInTheDocument()
    expect(screen.getByText(/A link works once, and for a limited time/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
    const [asked] = fake.callsTo('GET /api/admin/auth/reset-password')
    expect(Object.fromEntries(asked!.query)).toEqual({ token: 'spent-1' })
    expect(fake.calls).toHaveLength(1)
  })

  it('titles a new member’s set-up link as the setting up of an account', async () => {
    fakeFetch(working('setup'))
    renderReset()
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your account' })).toBeInTheDocument()
    expect(
      screen.getByText('Choose the password you will sign in with, and type it twice.'),
    ).toBeInTheDocument()
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument()
  })

  it('leaves the form to the reset when the link cannot be checked (too many links tried)', async () => {
    fakeFetch({
      'GET /api/admin/auth/reset-password': () =>
        refusal(429, { code: 'tooManyLinkChecks', params: { minutes: 60 } }),
    })
    renderReset()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument()
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument()
  })

  it('says so at once for an address without a token', () => {
    fakeFetch({})
    renderReset('/reset-password')
    expect(screen.getByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('puts a password the server refuses next to its field', async () => {
    fakeFetch({
      ...working(),
      'POST /api/admin/auth/reset-password': () =>
        refusal(400, 'passwordDigit', { password: 'passwordDigit' }),
    })
    const user = userEvent.setup()
    renderReset()
    const { password, confirm } = await fields()
    await user.type(password, 'newSecret9')
    await user.type(confirm, 'newSecret9')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it('tells a signed-in administrator the link need not be theirs, and keeps their session', async () => {
    localStorage.setItem('token', 'admin-access')
    localStorage.setItem('refreshToken', 'admin-refresh')
    const fake = fakeFetch({
      'GET /api/admin/auth/me': () =>
        ok({
          id: '1',
          _id: '1',
          name: 'Store Admin',
          email: 'admin@example.com',
          avatar: null,
          role: 'admin',
          permissions: [...ROLE_PERMISSIONS.admin],
          twoFactor: false,
        }),
      'GET /api/admin/config': () =>
        ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
      ...working(),
      'POST /api/admin/auth/reset-password': () => ok(null),
    })
    const user = userEvent.setup()
    renderReset()
    expect(await screen.findByText('You are signed in as Store Admin')).toBeInTheDocument()
    const { password, confirm } = await fields()
    await user.type(password, 'newSecret9')
    await user.type(confirm, 'newSecret9')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByRole('link', { name: 'Back to the back-office' })).toHaveAttribute('href', '/')
    expect(localStorage.getItem('token')).toBe('admin-access')
    // The account is asked for again, as after any change to it: still signed in.
    await waitFor(() => expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(2))
  })
})
