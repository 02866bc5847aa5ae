import { ROLE_PERMISSIONS } from '@store/contract'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { ProfileForm } from './profile-form.tsx'

const admin = {
  id: '1',
  _id: '1',
  name: 'Store Admin',
  email: 'admin@example.com',
  avatar: null,
  role: 'admin' as const,
  permissions: [...ROLE_PERMISSIONS.admin],
  twoFactor: false,
}

beforeEach(() => {
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`unexpected call: ${String(input)}`)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ProfileForm', () => {
  it('shows the name to edit and the email read-only', () => {
    renderAt(<ProfileForm user={admin} />)
    expect(screen.getByLabelText(/Name/)).toHaveValue('Store Admin')
    const email = screen.getByLabelText('Email')
    expect(email).toHaveValue('admin@example.com')
    expect(email).toHaveAttribute('readonly')
  })

  it('requires the name as the user types', async () => {
    const user = userEvent.setup()
    renderAt(<ProfileForm user={admin} />)
    await user.clear(screen.getByLabelText(/Name/))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Name/), '   ')
    expect(screen.getByText('This field is required')).toBeInTheDocument()
  })
})
