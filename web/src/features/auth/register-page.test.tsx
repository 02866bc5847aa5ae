import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { RegisterPage } from './register-page.tsx'

describe('RegisterPage', () => {
  it('says plainly that an administrator creates accounts, and offers nothing that pretends', () => {
    renderAt(<RegisterPage />, '/register')
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument()
    expect(screen.getByText('Accounts are created by an administrator')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toBeDisabled()
    expect(screen.getByLabelText('Password')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login')
  })
})
