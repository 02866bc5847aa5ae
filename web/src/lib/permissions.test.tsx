import { ROLE_PERMISSIONS } from '@store/contract'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PermissionsProvider, useCan } from './permissions.tsx'

function Probe() {
  return (
    <ul>
      <li>catalog:write {String(useCan('catalog:write'))}</li>
      <li>customers:write {String(useCan('customers:write'))}</li>
      <li>audit:read {String(useCan('audit:read'))}</li>
    </ul>
  )
}

describe('useCan', () => {
  it("answers from the account's permissions", () => {
    render(
      <PermissionsProvider permissions={ROLE_PERMISSIONS.staff}>
        <Probe />
      </PermissionsProvider>,
    )
    expect(screen.getByText('catalog:write true')).toBeInTheDocument()
    expect(screen.getByText('customers:write false')).toBeInTheDocument()
    expect(screen.getByText('audit:read false')).toBeInTheDocument()
  })

  it('grants nothing outside the signed-in frame', () => {
    render(<Probe />)
    expect(screen.getByText('catalog:write false')).toBeInTheDocument()
    expect(screen.getByText('audit:read false')).toBeInTheDocument()
  })
})
