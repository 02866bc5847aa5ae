import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionProvider } from '../../lib/session.tsx'
import { fakeFetch as fakeSharedFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { LoginPage } from './login-page.tsx'

/** A fetch that answers only what a test expects and throws on anything else, so no call passes unnoticed. */
function fakeFetch(answers: Record<string, () => Response>) {
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    const answer = answers[key]
    if (!answer) throw new Error(`unexpected call: ${key}`)
    return answer()
  })
  vi.stubGlobal('fetch', fake)
  return fake
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const renderLogin = () =>
  renderAt(
    <SessionProvider>
      <LoginPage />
    </SessionProvider>,
    '/login',
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('LoginPage', () => {
  it('checks the email as the user types', async () => {
    fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    const email = screen.getByLabelText(/Email/)
    await user.type(email, 'admin')
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    await user.type(email, '@example.com')
    await waitFor(() => expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument())
    await user.clear(email)
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
  })

  it('requires the password once it has been typed and emptied', async () => {
    fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    const password = screen.getByLabelText(/^Password/)
    await user.type(password, 'x')
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument()
    await user.clear(password)
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
  })

  it('refuses to send an empty form and names each missing field', async () => {
    const fetch = fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows or hides the password with the toggle', async () => {
    fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    const password = screen.getByLabelText(/^Password/)
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
  })

  it('shows a refused sign-in on the form and keeps the email', async () => {
    fakeFetch({
      'POST /api/admin/auth/login': () =>
        json(401, { status: false, data: null, message: 'Incorrect email or password' }),
    })
    const user = userEvent.setup()
    renderLogin()
    await user.type(screen.getByLabelText(/Email/), 'admin@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password')
    expect(screen.getByLabelText(/Email/)).toHaveValue('admin@example.com')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows a 429 with the server’s words', async () => {
    fakeFetch({
      'POST /api/admin/auth/login': () =>
        json(429, {
          status: false,
          data: null,
          message: 'Too many sign-in attempts; try again in 15 minutes',
        }),
    })
    const user = userEvent.setup()
    renderLogin()
    await user.type(screen.getByLabelText(/Email/), 'admin@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'whatever1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts')
  })

  it('leads Forget Password? to the request form', async () => {
    fakeFetch({})
    renderLogin()
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register')
  })
})

const signedInAnswer = {
  status: true,
  message: 'Signed in',
  data: {
    tokens: {
      access: { token: 'access-2fa', expires: '2030-01-01T00:00:00.000Z' },
      refresh: { token: 'refresh-2fa', expires: '2030-01-01T00:00:00.000Z' },
    },
    user: {
      id: '7',
      _id: '7',
      name: 'Lan',
      email: 'lan@example.com',
      avatar: null,
      role: 'staff',
      permissions: [],
      twoFactor: true,
    },
  },
}
const challenge = () => ok({ mfaRequired: true, mfaToken: 'mfa-token-1' })

/** Signs in with the password and lands on the code step. */
async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  renderLogin()
  await user.type(screen.getByLabelText(/Email/), 'lan@example.com')
  await user.type(screen.getByLabelText(/^Password/), 'secret123')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  return screen.findByRole('textbox', { name: /Authentication code/ })
}

describe('LoginPage: two-step sign-in', () => {
  it('asks for the code when the password step says so, and signs in with it', async () => {
    const fake = fakeSharedFetch({
      'POST /api/admin/auth/login': [challenge],
      'POST /api/admin/auth/login/2fa': [() => ok(signedInAnswer.data)],
      // Signed in, the app asks for the store's settings.
      'GET /api/admin/config': () =>
        ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    })
    const user = userEvent.setup()
    const code = await passwordStep(user)
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeInTheDocument()
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(localStorage.getItem('token')).toBeNull()
    // As an authenticator app shows it, with a space in the middle.
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(localStorage.getItem('token')).toBe('access-2fa'))
    expect(fake.callsTo('POST /api/admin/auth/login/2fa')[0]!.body).toEqual({
      mfaToken: 'mfa-token-1',
      code: '123456',
    })
  })

  it('checks the six digits before sending', async () => {
    const fake = fakeSharedFetch({ 'POST /api/admin/auth/login': [challenge] })
    const user = userEvent.setup()
    const code = await passwordStep(user)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    await user.type(code, '12345')
    expect(await screen.findByText('Enter the 6 digits the app shows')).toBeInTheDocument()
    await user.type(code, '6')
    await waitFor(() =>
      expect(screen.queryByText('Enter the 6 digits the app shows')).not.toBeInTheDocument(),
    )
    expect(fake.callsTo('POST /api/admin/auth/login/2fa')).toHaveLength(0)
  })

  it.each([
    ['codeWrong', 400, 'The code is not correct'],
    ['codeUsed', 400, 'This code has already been used; wait for the next one'],
    ['tooManyCodes', 429, 'Too many wrong codes; try again in 15 minutes'],
  ] as const)('says %s plainly and empties the field for the next code', async (code, status, text) => {
    fakeSharedFetch({
      'POST /api/admin/auth/login': [challenge],
      'POST /api/admin/auth/login/2fa': [
        () =>
          code === 'tooManyCodes'
            ? refusal(status, { code, params: { minutes: 15 } })
            : refusal(status, code, { code }),
      ],
    })
    const user = userEvent.setup()
    const field = await passwordStep(user)
    await user.type(field, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(field).toHaveValue('')
    expect(field).toHaveFocus()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('takes a recovery code instead, as typed', async () => {
    const fake = fakeSharedFetch({
      'POST /api/admin/auth/login': [challenge],
      'POST /api/admin/auth/login/2fa': [() => ok(signedInAnswer.data)],
      // Signed in, the app asks for the store's settings.
      'GET /api/admin/config': () =>
        ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    })
    const user = userEvent.setup()
    await passwordStep(user)
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    const recovery = screen.getByRole('textbox', { name: /Recovery code/ })
    await user.type(recovery, 'abcde-12345')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(localStorage.getItem('token')).toBe('access-2fa'))
    expect(fake.callsTo('POST /api/admin/auth/login/2fa')[0]!.body).toEqual({
      mfaToken: 'mfa-token-1',
      code: 'abcde-12345',
    })
    expect(
      screen.queryByRole('button', { name: 'Use the authenticator app instead' }),
    ).not.toBeInTheDocument()
  })

  it('goes back to the email and password when the sign-in has expired, and says why', async () => {
    fakeSharedFetch({
      'POST /api/admin/auth/login': [challenge],
      'POST /api/admin/auth/login/2fa': [() => refusal(401, 'mfaTokenInvalid')],
    })
    const user = userEvent.setup()
    const code = await passwordStep(user)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The sign-in has expired; please enter your email and password again')
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Email/)).toHaveValue('lan@example.com')
    expect(screen.getByLabelText(/^Password/)).toHaveValue('')
  })

  it('goes back on request, keeping the email', async () => {
    fakeSharedFetch({ 'POST /api/admin/auth/login': [challenge] })
    const user = userEvent.setup()
    await passwordStep(user)
    await user.click(screen.getByRole('button', { name: 'Back to email and password' }))
    expect(screen.getByLabelText(/Email/)).toHaveValue('lan@example.com')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
