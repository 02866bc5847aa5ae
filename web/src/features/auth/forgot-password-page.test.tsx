import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { ForgotPasswordPage } from './forgot-password-page.tsx'

const NEUTRAL =
  'If this email address belongs to a staff account, a link to choose a new password is on its way'

describe('ForgotPasswordPage', () => {
  it('checks the email with the spec’s rule and sends nothing until it is one', async () => {
    const fake = fakeFetch({})
    const user = userEvent.setup()
    renderAt(<ForgotPasswordPage />, '/forgot-password')
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Email/), 'lan')
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
  })

  it('answers every request with the same confirmation, whatever the server found', async () => {
    const fake = fakeFetch({
      'POST /api/admin/auth/forgot-password': () => ok(null, { message: 'resetLinkSent' }),
    })
    const user = userEvent.setup()
    renderAt(<ForgotPasswordPage />, '/forgot-password')
    await user.type(screen.getByLabelText(/Email/), '  lan@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL)
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument()
    expect(fake.calls[0]!.body).toEqual({ email: 'lan@example.com' })
    expect(fake.calls[0]!.headers['accept-language']).toBe('en')
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
  })

  it('shows a 429 with its message and keeps the form', async () => {
    fakeFetch({
      'POST /api/admin/auth/forgot-password': () =>
        refusal(429, { code: 'tooManyResetRequests', params: { minutes: 15 } }),
    })
    const user = userEvent.setup()
    renderAt(<ForgotPasswordPage />, '/forgot-password')
    await user.type(screen.getByLabelText(/Email/), 'lan@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password reset requests; try again in 15 minutes',
    )
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByLabelText(/Email/)).toHaveValue('lan@example.com')
  })

  it('puts a refusal about the email next to the field', async () => {
    fakeFetch({
      'POST /api/admin/auth/forgot-password': () => refusal(400, 'email', { email: 'email' }),
    })
    const user = userEvent.setup()
    renderAt(<ForgotPasswordPage />, '/forgot-password')
    await user.type(screen.getByLabelText(/Email/), 'lan@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })
})
