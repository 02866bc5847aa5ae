import { ROLE_PERMISSIONS, type User } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeFetch, ok } from '../../test/fake-fetch.ts'
import { placeRoutes } from '../../test/places.ts'
import { renderAt } from '../../test/render.tsx'
import { UserEditPage } from './user-form-page.tsx'
import { UserListPage } from './user-list-page.tsx'

const customer: User = {
  id: '7',
  _id: '7',
  name: 'Nguyễn Văn An',
  email: 'an@example.com',
  phoneNumber: '0901234567',
  gender: 2,
  dob: '1990-05-01',
  location: 'Hà Nội',
  addressParts: null,
  avatar: null,
  isEmailVerified: true,
  lastLoginAt: null,
  role: 'user',
  version: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const meta = { page: 1, limit: 10, totalPages: 1, totalResults: 1 }
/** The customer's orders under the edit form: none here. */
const noOrders = () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } })
/** Staff read customers but do not change them (CONTRACT 4.2). */
const asStaff = { permissions: ROLE_PERMISSIONS.staff }

beforeEach(() => {
  fakeFetch({})
})

describe('the user list for staff', () => {
  it('has no Add and no Delete, and opens each customer to look at', async () => {
    fakeFetch({ 'GET /api/admin/users': () => ok([customer], { meta }) })
    renderAt(<UserListPage />, '/admin/users', '/admin/users', asStaff)
    const table = await screen.findByRole('table', { name: 'Customers' })
    await within(table).findByText('an@example.com')
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(within(table).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'View Nguyễn Văn An' })).toHaveAttribute(
      'href',
      '/admin/user/edit/7',
    )
  })

  it('keeps Add, Edit and Delete for an administrator', async () => {
    fakeFetch({ 'GET /api/admin/users': () => ok([customer], { meta }) })
    renderAt(<UserListPage />, '/admin/users', '/admin/users')
    const table = await screen.findByRole('table', { name: 'Customers' })
    await within(table).findByText('an@example.com')
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Edit Nguyễn Văn An' })).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Delete Nguyễn Văn An' })).toBeInTheDocument()
  })
})

describe('the user edit screen for staff', () => {
  it('shows the customer read-only: every field disabled, Back and no Save, no History', async () => {
    fakeFetch({
      ...placeRoutes,
      'GET /api/admin/users/7': () => ok(customer),
      'GET /api/admin/orders': noOrders,
    })
    renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id', asStaff)
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Nguyễn Văn An'))
    expect(screen.getByText('You can look at this record but not change it.')).toBeInTheDocument()
    // The address written before the 2025 units shows as its free text.
    const labels = [/^Name/, /^Email/, /^Phone number/, /^Gender/, /^Date of birth/, /^Address/, /free text/]
    for (const label of labels) {
      expect(screen.getByLabelText(label)).toBeDisabled()
    }
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin/users')
    // Staff do not read the audit log.
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument()
  })

  it('shows an address given by the units read-only too', async () => {
    const parts = { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' }
    fakeFetch({
      ...placeRoutes,
      'GET /api/admin/users/7': () => ok({ ...customer, addressParts: parts }),
      'GET /api/admin/orders': noOrders,
    })
    renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id', asStaff)
    const ward = screen.getByRole('combobox', { name: /^Ward or commune/ })
    await waitFor(() => expect(ward).toHaveValue('Phường Cầu Giấy'))
    for (const field of [
      ward,
      screen.getByRole('combobox', { name: /^Province or city/ }),
      screen.getByRole('textbox', { name: /^House number and street/ }),
      screen.getByRole('switch', { name: 'Other address (free text)' }),
    ])
      expect(field).toBeDisabled()
  })

  it("gives an administrator the form and the customer's history", async () => {
    fakeFetch({
      ...placeRoutes,
      'GET /api/admin/users/7': () => ok(customer),
      'GET /api/admin/orders': noOrders,
    })
    renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Nguyễn Văn An'))
    expect(screen.getByLabelText(/^Name/)).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/admin/audit-log?entity=user&entityId=7',
    )
  })
})
