import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'

// These tests check the rules only: any call to the server would be a mistake.
beforeEach(() => {
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`unexpected call: ${String(input)}`)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const setup = () => {
  const user = userEvent.setup()
  renderAt(<ChangePasswordForm />)
  return {
    user,
    current: screen.getByLabelText(/Current password/),
    password: screen.getByLabelText(/New password/),
    confirm: screen.getByLabelText(/Confirm password/),
  }
}

describe('ChangePasswordForm', () => {
  it('asks for the current password', async () => {
    const { user, current } = setup()
    await user.type(current, 'a')
    await user.clear(current)
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
  })

  it('checks the new password as the user types, one rule at a time', async () => {
    const { user, password } = setup()
    await user.type(password, 'abc')
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.type(password, 'defgh')
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument()
    // 'abcdefgh' and 120 more: a password manager's 128 characters are accepted (CONTRACT 5.8); one more is not.
    await user.type(password, `1${'x'.repeat(119)}`)
    expect(screen.queryByText(/Password (is|must)|up to 128/)).not.toBeInTheDocument()
    await user.type(password, 'y')
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument()
    await user.clear(password)
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
    await user.type(password, 'abcdefg1')
    expect(screen.queryByText(/Password (is|must)|up to 128/)).not.toBeInTheDocument()
  })

  it('checks the confirmation, also when the new password changes afterwards', async () => {
    const { user, password, confirm } = setup()
    await user.type(password, 'abcdefg1')
    await user.type(confirm, 'x')
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument()
    await user.clear(confirm)
    expect(await screen.findByText('Enter the password again')).toBeInTheDocument()
    await user.type(confirm, 'abcdefg12')
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument()
    await user.type(password, '2')
    expect(screen.queryByText('The two passwords do not match')).not.toBeInTheDocument()
  })

  it('names every missing field when sent empty, and sends nothing', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Enter the password again')).toBeInTheDocument()
  })
})
