import type { Order, PaymentStatus } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { OrderListPage } from './order-list-page.tsx'

const order = (id: string, paymentStatus: PaymentStatus): Order => ({
  id,
  _id: id,
  user: { id: `u${id}`, _id: `u${id}`, name: `Khách ${id}`, email: `k${id}@example.com`, phoneNumber: null },
  address: `${id} Lê Lợi, Quận 1`,
  addressParts: null,
  amount: 530_000,
  quantity: 2,
  status: 1,
  customerNote: '',
  subtotal: 500_000,
  shipingFee: 30_000,
  discountPercent: 0,
  totalPrice: 530_000,
  methodPayment: '1',
  paymentStatus,
  source: 'zalo',
  amountByHand: false,
  quantityByHand: false,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
})
const LIST = 'GET /api/admin/orders'
const SLIPS = 'GET /api/admin/orders/packing-slips.pdf'
const rows = [order('12', 'pending'), order('15', 'paid'), order('20', 'refunded')]
const meta = { page: 1, limit: 10, totalPages: 1, totalResults: 3 }

/** Catches the file the page saves: its name, instead of a download. */
function catchDownloads() {
  const saved: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
  return saved
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('OrderListPage', () => {
  it('shows each order’s payment status, and filters by it from the bar and the address', async () => {
    const server = fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    const { router } = renderAt(<OrderListPage />, '/admin/orders?paymentStatus=paid', '/admin/orders')
    const table = await screen.findByRole('table', { name: 'Order' })
    expect(within(table).getByRole('columnheader', { name: 'Payment' })).toBeInTheDocument()
    const row = (await within(table).findByText('Khách 15')).closest('tr')!
    expect(within(row).getByText('Paid')).toBeInTheDocument()
    expect(within(table).getByText('Awaiting payment')).toBeInTheDocument()
    expect(within(table).getByText('Refunded')).toBeInTheDocument()

    const filter = screen.getByRole('combobox', { name: 'Payment status' })
    expect(filter).toHaveValue('paid')
    expect(server.callsTo(LIST)[0]!.query.get('paymentStatus')).toBe('paid')
    await userEvent.setup().selectOptions(filter, 'Payment failed')
    await waitFor(() => expect(router.state.location.search).toBe('?paymentStatus=failed'))
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.query.get('paymentStatus')).toBe('failed'))
  })

  it('prints the packing slips of the chosen orders in one PDF, with the token', async () => {
    localStorage.setItem('token', 'access-1')
    const server = fakeFetch({
      [LIST]: () => ok(rows, { meta }),
      [SLIPS]: () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="packing-slips.pdf"',
          },
        }),
    })
    const saved = catchDownloads()
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    await screen.findByText('Khách 12')
    const print = screen.getByRole('button', { name: 'Print packing slips' })
    expect(print).toBeDisabled()
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Select order #12 of Khách 12' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select order #20 of Khách 20' }))
    await user.click(print)
    await waitFor(() => expect(saved).toEqual(['packing-slips.pdf']))
    const [call] = server.callsTo(SLIPS)
    expect(call!.query.get('ids')).toBe('12,20')
    expect(call!.headers.authorization).toBe('Bearer access-1')
    // Printing changes nothing: no question first, and the selection stays.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('2 selected')).toBeInTheDocument()
  })

  it('lets an account that may only read orders print packing slips, and nothing else in bulk', async () => {
    fakeFetch({
      [LIST]: () => ok(rows, { meta }),
      [SLIPS]: () => refusal(404, { code: 'ordersNotFound', params: { ids: '15' } }),
    })
    const saved = catchDownloads()
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders', { permissions: ['orders:read'] })
    await screen.findByText('Khách 12')
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Select order #15 of Khách 15' }))
    await user.click(screen.getByRole('button', { name: 'Print packing slips' }))
    // A refusal saves nothing; the button is ready again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print packing slips' })).toBeEnabled())
    expect(saved).toEqual([])
  })
})
