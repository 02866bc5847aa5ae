import { ROLE_PERMISSIONS } from '@store/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../test/render.tsx'
import { HistoryLink } from './history-link.tsx'

describe('HistoryLink', () => {
  it("leads to the audit log filtered to the record's entries", () => {
    renderAt(<HistoryLink entity="product" id="p 1" />)
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/admin/audit-log?entity=product&entityId=p+1',
    )
  })

  it('shows nothing to an account that may not read the log', () => {
    renderAt(<HistoryLink entity="product" id="p1" />, '/', '*', { permissions: ROLE_PERMISSIONS.staff })
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument()
  })
})
