import { type Order, type PaymentStatus, ROLE_PERMISSIONS, type Shipment } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-list-address.ts'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt, toastWith } from '../../test/render.tsx'
import { OrderListPage } from './order-list-page.tsx'

const order = (id: string, paymentStatus: PaymentStatus, extra: Partial<Order> = {}): Order => ({
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
  shipment: null,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
})
const LIST = 'GET /api/admin/orders'
const BULK_SHIPMENT = 'POST /api/admin/orders/bulk-shipment'
const LABELS = 'GET /api/admin/orders/labels.pdf'
const shipment = (status: Shipment['status']): Shipment => ({
  id: '5',
  carrier: 'ghtk',
  trackingNumber: 'S1',
  trackingUrl: null,
  codAmount: 530_000,
  codStatus: 'pending',
  codCollectedAt: null,
  carrierFee: null,
  weightGrams: null,
  note: null,
  status,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
})
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

afterEach(async () => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  await i18next.changeLanguage('en')
})
/** The row of an order in the table, by its number's link. */
const rowOf = async (id: string) =>
  (await screen.findByRole('link', { name: `#${id}` })).closest('tr') as HTMLTableRowElement

describe('OrderListPage', () => {
  it('shows each order’s payment status, and filters by it from the bar and the address', async () => {
    const server = fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    const { router } = renderAt(<OrderListPage />, '/admin/orders?paymentStatus=paid', '/admin/orders')
    const table = await screen.findByRole('table', { name: 'Orders' })
    const row = (await within(table).findByText('Khách 15')).closest('tr')!
    // Under the order's status, named for a screen reader: the table has no column of its own for it.
    expect(within(row).getByText('Paid').closest('td')).toHaveTextContent(/^PendingPayment: Paid$/)
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

  it('searches by order number, phone or name: the box sends q, and a link with name= still searches', async () => {
    // The clock moves by itself, and can be pushed past the search's wait.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const server = fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    const { router } = renderAt(<OrderListPage />, '/admin/orders?name=Kh%C3%A1ch', '/admin/orders')
    const box = screen.getByRole('searchbox', { name: 'Order number, phone number or name' })
    expect(box).toHaveValue('Khách')
    await screen.findByText('Khách 12')
    expect(server.callsTo(LIST)[0]!.query.get('q')).toBe('Khách')
    expect(server.callsTo(LIST)[0]!.query.has('name')).toBe(false)

    await user.clear(box)
    await user.type(box, '0909 123 456')
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.query.get('q')).toBe('0909 123 456'))
    expect(server.callsTo(LIST).at(-1)!.query.has('name')).toBe(false)
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      page: '1',
      q: '0909 123 456',
    })
  })

  it("shows the customer's phone and where the order came from under the customer's name", async () => {
    fakeFetch({
      [LIST]: () =>
        ok(
          [
            order('12', 'unpaid', {
              source: 'marketplace',
              user: { ...rows[0]!.user, phoneNumber: '0909123456' },
            }),
            order('15', 'paid', { source: 'shop' }),
          ],
          { meta: { ...meta, totalResults: 2 } },
        ),
    })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    // The customer's cell (after the row's number): the name, the phone, then the source, named for screen
    // readers as well.
    const [, customer] = within(await rowOf('12')).getAllByRole('cell')
    expect(customer).toHaveTextContent(/^Khách 120909123456Source: Marketplace$/)
    expect(within(customer!).getByText('0909123456')).toBeInTheDocument()
    // A customer without a phone: the name and the source.
    const [, unphoned] = within(await rowOf('15')).getAllByRole('cell')
    expect(unphoned).toHaveTextContent(/^Khách 15Source: In the shop$/)
  })

  it('names the sources in Vietnamese, in the rows and the filter', async () => {
    await act(() => i18next.changeLanguage('vi'))
    fakeFetch({ [LIST]: () => ok([order('12', 'unpaid', { source: 'marketplace' })], { meta }) })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    const [, customer] = within(await rowOf('12')).getAllByRole('cell')
    expect(customer).toHaveTextContent(/^Khách 12Nguồn: Sàn TMĐT$/)
    expect(screen.getByRole('searchbox', { name: 'Mã đơn, số điện thoại hoặc tên' })).toBeInTheDocument()
    const filter = screen.getByRole('combobox', { name: 'Nguồn đơn' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tất cả', 'Điện thoại', 'Zalo', 'Facebook', 'Tại cửa hàng', 'Website', 'Sàn TMĐT', 'Khác'])
  })

  it('filters by source from the bar and the address', async () => {
    const server = fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    const { router } = renderAt(<OrderListPage />, '/admin/orders?source=zalo', '/admin/orders')
    await screen.findByText('Khách 12')
    const filter = screen.getByRole('combobox', { name: 'Source' })
    expect(filter).toHaveValue('zalo')
    expect(server.callsTo(LIST)[0]!.query.get('source')).toBe('zalo')
    await userEvent.setup().selectOptions(filter, 'In the shop')
    await waitFor(() => expect(router.state.location.search).toBe('?source=shop'))
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.query.get('source')).toBe('shop'))
  })

  it('offers an admin the delete only on an order never paid, still Pending or Cancelled', async () => {
    const mixed = [
      order('12', 'unpaid'),
      order('13', 'failed', { status: 0 }),
      order('15', 'paid'),
      order('20', 'unpaid', { status: 3 }),
      order('21', 'pending', { status: 2 }),
    ]
    fakeFetch({ [LIST]: () => ok(mixed, { meta: { ...meta, totalResults: mixed.length } }) })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    await screen.findByText('Khách 12')
    const deletes = screen.getAllByRole('button', { name: /^Delete order #/ })
    expect(deletes.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Delete order #12 of Khách 12',
      'Delete order #13 of Khách 13',
    ])
    // A paid or a delivered order still offers its detail and edit: staff cancel it instead.
    expect(
      within(await rowOf('15')).getByRole('link', { name: 'Edit order #15 of Khách 15' }),
    ).toBeInTheDocument()
    expect(
      within(await rowOf('20')).getByRole('link', { name: 'Edit order #20 of Khách 20' }),
    ).toBeInTheDocument()
  })

  it('offers staff, who may change orders but not delete them, no delete at all', async () => {
    fakeFetch({ [LIST]: () => ok([order('12', 'unpaid')], { meta: { ...meta, totalResults: 1 } }) })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders', { permissions: ROLE_PERMISSIONS.staff })
    await screen.findByText('Khách 12')
    expect(screen.getByRole('link', { name: 'Edit order #12 of Khách 12' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change status' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete order #/ })).not.toBeInTheDocument()
  })

  it('shows Shipping for a Processing order in transit, Processing for the others', async () => {
    const shown = [
      order('12', 'unpaid', { status: 2, shipment: shipment('in-transit') }),
      order('15', 'unpaid', { status: 2, shipment: shipment('ready') }),
      order('20', 'unpaid', { status: 2 }),
    ]
    fakeFetch({ [LIST]: () => ok(shown, { meta }) })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    expect(within(await rowOf('12')).getByText('Shipping')).toBeInTheDocument()
    expect(within(await rowOf('15')).getByText('Processing')).toBeInTheDocument()
    expect(within(await rowOf('20')).getByText('Processing')).toBeInTheDocument()
    // The status filter keeps its four statuses.
    expect(screen.queryByRole('checkbox', { name: 'Shipping' })).not.toBeInTheDocument()
  })

  it('filters by shipment step, carrier and COD status from the address and the bar', async () => {
    const server = fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    const { router } = renderAt(
      <OrderListPage />,
      '/admin/orders?shipment=none&carrier=ghn&codStatus=outstanding',
      '/admin/orders',
    )
    await screen.findByText('Khách 12')
    const first = server.callsTo(LIST)[0]!.query
    expect([first.get('shipment'), first.get('carrier'), first.get('codStatus')]).toEqual([
      'none',
      'ghn',
      'outstanding',
    ])
    const step = screen.getByRole('combobox', { name: 'Shipment' })
    expect(step).toHaveDisplayValue('Not shipped')
    expect(screen.getByRole('combobox', { name: 'Carrier' })).toHaveDisplayValue('Giao Hàng Nhanh (GHN)')
    expect(screen.getByRole('combobox', { name: 'COD' })).toHaveDisplayValue('To collect')
    await userEvent.setup().selectOptions(step, 'Shipping')
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('shipment')).toBe('in-transit'),
    )
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.query.get('shipment')).toBe('in-transit'))
  })

  it('creates shipments for the chosen orders with one carrier and names the refused ones', async () => {
    const server = fakeFetch({
      [LIST]: () => ok(rows, { meta }),
      [BULK_SHIPMENT]: () =>
        ok([
          { id: '12', ok: true, message: 'OK' },
          {
            id: '20',
            ok: false,
            message: 'This order already has a shipment',
            code: 'shipmentExists',
          },
        ]),
    })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders', {
      permissions: ROLE_PERMISSIONS.staff,
      toasts: true,
    })
    await screen.findByText('Khách 12')
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Select order #12 of Khách 12' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select order #20 of Khách 20' }))
    const create = screen.getByRole('button', { name: 'Create shipments' })
    expect(create).toBeDisabled()
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Ship with' }),
      'Giao Hàng Tiết Kiệm (GHTK)',
    )
    await user.click(create)
    const ask = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(ask).toHaveTextContent('Create shipments with Giao Hàng Tiết Kiệm (GHTK) for 2 orders?')
    await user.click(within(ask).getByRole('button', { name: 'Yes, go ahead' }))
    const report = await toastWith('Create shipments:')
    expect(report).toHaveTextContent(
      'Create shipments: 1 of 2 done.Not done (1):order #20 of Khách 20: This order already has a shipment',
    )
    expect(server.callsTo(BULK_SHIPMENT)[0]!.body).toEqual({ ids: ['12', '20'], carrier: 'ghtk' })
  })

  it('prints the labels of the chosen orders, also for an account that may only read orders', async () => {
    const saved = catchDownloads()
    const server = fakeFetch({
      [LIST]: () => ok(rows, { meta }),
      [LABELS]: () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 }),
    })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders', { permissions: ['orders:read'] })
    await screen.findByText('Khách 12')
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Select order #15 of Khách 15' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select order #12 of Khách 12' }))
    expect(screen.queryByRole('button', { name: 'Create shipments' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Print labels' }))
    await waitFor(() => expect(saved).toEqual(['labels.pdf']))
    expect(server.callsTo(LABELS)[0]!.query.get('ids')).toBe('12,15')
  })

  it('names the shipment filters and bulk actions in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    fakeFetch({ [LIST]: () => ok(rows, { meta }) })
    renderAt(<OrderListPage />, '/admin/orders', '/admin/orders')
    await screen.findByText('Khách 12')
    const step = screen.getByRole('combobox', { name: 'Vận đơn' })
    expect(
      within(step)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tất cả', 'Chưa tạo vận đơn', 'Chờ lấy hàng', 'Đang giao', 'Đã giao', 'Đã hoàn'])
    expect(screen.getByRole('combobox', { name: 'Đơn vị vận chuyển' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Thu hộ (COD)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tạo vận đơn' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'In nhãn' })).toBeInTheDocument()
  })
})
