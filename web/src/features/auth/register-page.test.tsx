import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { RegisterPage } from './register-page.tsx'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('RegisterPage', () => {
  it('says an administrator creates accounts and how the set-up link follows, with no input that does nothing', () => {
    renderAt(<RegisterPage />, '/register')
    expect(screen.getByRole('heading', { level: 1, name: 'Create account' })).toBeInTheDocument()
    expect(screen.getByText('Accounts are created by an administrator')).toBeInTheDocument()
    const steps = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      'An administrator of the store adds you on the Staff screen.',
      'You receive a set-up link by email, or from the administrator. Open it and choose your password; it works once, for 72 hours.',
      'Sign in with your email address and that password.',
    ])
    // Nothing pretends: no field, no button that cannot work.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Ask for a new one with your email address' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('says the same in Vietnamese', async () => {
    await i18next.changeLanguage('vi')
    renderAt(<RegisterPage />, '/register')
    expect(screen.getByRole('heading', { level: 1, name: 'Tạo tài khoản' })).toBeInTheDocument()
    expect(screen.getByText('Tài khoản do quản trị viên cấp')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Quay lại đăng nhập' })).toHaveAttribute('href', '/login')
  })
})
