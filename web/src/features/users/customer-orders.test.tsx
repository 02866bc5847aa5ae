import { type Order, ROLE_PERMISSIONS, type User } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok } from '../../test/fake-fetch.ts'
import { placeRoutes } from '../../test/places.ts'
import { renderAt } from '../../test/render.tsx'
import { UserEditPage } from './user-form-page.tsx'

const customer = {
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
} satisfies User

const order = (id: string, totalPrice: number): Order => ({
  id,
  _id: id,
  user: { id: '7', _id: '7', name: customer.name, email: customer.email, phoneNumber: customer.phoneNumber },
  address: 'Hà Nội',
  addressParts: null,
  amount: 1,
  quantity: 1,
  status: 1,
  customerNote: '',
  subtotal: totalPrice,
  shipingFee: 0,
  discountPercent: 0,
  totalPrice,
  methodPayment: '0',
  paymentStatus: 'unpaid',
  source: 'phone',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 0,
  // 17:30 UTC is past midnight in the store's zone (UTC+7): the next day there.
  createdAt: '2026-03-01T17:30:00.000Z',
  updatedAt: '2026-03-01T17:30:00.000Z',
})

describe("the customer's orders on the edit screen", () => {
  it('lists the orders of this customer only, in the store’s time, with a link to each and paging', async () => {
    const server = fakeFetch({
      ...placeRoutes,
      'GET /api/admin/users/7': () => ok(customer),
      'GET /api/admin/orders': (call) =>
        call.query.get('page') === '2'
          ? ok([order('31', 99000)], { meta: { page: 2, limit: 10, totalPages: 2, totalResults: 11 } })
          : ok([order('42', 1250000)], { meta: { page: 1, limit: 10, totalPages: 2, totalResults: 11 } }),
    })
    const user = userEvent.setup()
    const { router } = renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id')
    const table = await screen.findByRole('table', { name: 'Orders of Nguyễn Văn An' })
    await waitFor(() =>
      expect(within(table).getByRole('link', { name: 'Open order #42' })).toBeInTheDocument(),
    )
    expect(within(table).getByRole('link', { name: 'Open order #42' })).toHaveAttribute(
      'href',
      '/admin/order/42/detail/42',
    )
    expect(within(table).getByText('2026-03-02 00:30')).toBeInTheDocument()
    expect(within(table).getByText('1,250,000 VND')).toBeInTheDocument()
    expect(server.callsTo('GET /api/admin/orders')[0]!.query.get('userId')).toBe('7')

    // Paging stays on the screen: the address is the form's.
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await within(table).findByRole('link', { name: 'Open order #31' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    expect(server.callsTo('GET /api/admin/orders').at(-1)!.query.get('userId')).toBe('7')
  })

  it('is not there for an account that may not read orders', async () => {
    const server = fakeFetch({ ...placeRoutes, 'GET /api/admin/users/7': () => ok(customer) })
    renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id', {
      permissions: ROLE_PERMISSIONS.staff.filter((p) => p !== 'orders:read'),
    })
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(customer.name))
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument()
    expect(server.callsTo('GET /api/admin/orders')).toHaveLength(0)
  })
})
