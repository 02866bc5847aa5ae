import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionProvider } from '../../lib/session.tsx'
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
  it('checks the e-mail as the user types', async () => {
    fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    const email = screen.getByLabelText(/Email/)
    await user.type(email, 'admin')
    expect(await screen.findByText('Please enter correct email format')).toBeInTheDocument()
    await user.type(email, '@example.com')
    await waitFor(() =>
      expect(screen.queryByText('Please enter correct email format')).not.toBeInTheDocument(),
    )
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
    await user.click(screen.getByRole('button', { name: 'Login' }))
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

  it('shows a refused sign-in on the form and keeps the e-mail', async () => {
    fakeFetch({
      'POST /api/admin/auth/login': () =>
        json(401, { status: false, data: null, message: 'Incorrect email or password' }),
    })
    const user = userEvent.setup()
    renderLogin()
    await user.type(screen.getByLabelText(/Email/), 'admin@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
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
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts')
  })

  it('keeps the Forget Password? link and says who resets passwords', async () => {
    fakeFetch({})
    const user = userEvent.setup()
    renderLogin()
    await user.click(screen.getByRole('button', { name: 'Forget Password?' }))
    expect(await screen.findByText(/Passwords are reset by an administrator/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register')
  })
})
