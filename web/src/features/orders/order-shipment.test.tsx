import type { Order, OrderEvent, OrderLine, Permission, Shipment } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../lib/toast.ts'
import { type FetchCall, fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { OrderDetailPage } from './order-detail-page.tsx'

const ORDER = 'GET /api/admin/orders/12'
const CREATE = 'POST /api/admin/orders/12/shipment'
const MOVE = 'PUT /api/admin/orders/12/shipment'
const LABELS = 'GET /api/admin/orders/labels.pdf'

const line: OrderLine = {
  id: '40',
  _id: '40',
  product: { id: '7', _id: '7', name: 'Áo thun', thumbnail: null, slug: 'ao-thun', deletedAt: null },
  price: 250_000,
  quantity: 2,
  variant: null,
  size: null,
}

const order: Order = {
  id: '12',
  _id: '12',
  user: { id: '3', _id: '3', name: 'Nguyễn Văn An', email: 'an@example.com', phoneNumber: '0909123456' },
  address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  addressParts: null,
  amount: 530_000,
  quantity: 2,
  status: 2,
  customerNote: '',
  subtotal: 500_000,
  shipingFee: 30_000,
  discountPercent: 0,
  totalPrice: 530_000,
  methodPayment: '1',
  paymentStatus: 'unpaid',
  source: 'phone',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 3,
  createdAt: '2026-11-21T04:30:00.000Z',
  updatedAt: '2026-11-25T02:15:00.000Z',
}

const shipment: Shipment = {
  id: '5',
  carrier: 'ghn',
  trackingNumber: 'GHN123ABC',
  trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN123ABC',
  codAmount: 530_000,
  codStatus: 'pending',
  codCollectedAt: null,
  carrierFee: null,
  weightGrams: 800,
  note: null,
  status: 'ready',
  createdAt: '2026-11-25T03:00:00.000Z',
  updatedAt: '2026-11-25T03:00:00.000Z',
}

const events: OrderEvent[] = [{ id: 'created-12', at: order.createdAt, actor: null, type: 'created' }]

/** The detail of order 12 as `current()` has it at each load, plus the routes a test adds. */
function renderDetail(
  current: () => Order,
  routes: Parameters<typeof fakeFetch>[0] = {},
  permissions?: readonly Permission[],
) {
  const server = fakeFetch({
    [ORDER]: () => ok(current()),
    'GET /api/admin/orders/12/detail/12': () => ok([line]),
    'GET /api/admin/orders/12/events': () => ok(events),
    ...routes,
  })
  const rendered = renderAt(
    <OrderDetailPage />,
    '/admin/order/12/detail/12',
    '/admin/order/:orderId/detail/:id',
    permissions && { permissions },
  )
  return { ...rendered, server }
}

const section = () => screen.findByRole('region', { name: 'Shipment' })
const stepButtons = () =>
  within(screen.getByRole('group', { name: 'Move the shipment on' }))
    .getAllByRole('button')
    .map((button) => button.textContent)

afterEach(async () => {
  vi.restoreAllMocks()
  await i18next.changeLanguage('en')
})

describe('the shipment of an order not shipped yet', () => {
  it("prefills the COD with the order's amount while unpaid, and sends what was filled in", async () => {
    const success = vi.spyOn(notify, 'success')
    let current = order
    const { server } = renderDetail(() => current, {
      [CREATE]: (call: FetchCall) => {
        current = {
          ...order,
          shipment: { ...shipment, trackingNumber: (call.body as { trackingNumber: string }).trackingNumber },
        }
        return ok(current.shipment, {})
      },
    })
    const user = userEvent.setup()
    expect(within(await section()).getByText('Not handed to a carrier yet.')).toBeInTheDocument()
    // Only with a shipment is there a label to print.
    expect(screen.queryByRole('button', { name: 'Print label' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create shipment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a shipment for order #12' })
    expect(within(dialog).getByRole('textbox', { name: 'COD to collect' })).toHaveValue('530,000 VND')
    const carrier = within(dialog).getByRole('combobox', { name: 'Carrier' })
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Giao Hàng Nhanh (GHN)')

    // No carrier chosen: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }))
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument()
    expect(server.callsTo(CREATE)).toHaveLength(0)

    await user.selectOptions(carrier, 'Giao Hàng Nhanh (GHN)')
    // Pasted rather than typed key by key: the test stays fast on a busy machine.
    await user.click(within(dialog).getByRole('textbox', { name: /^Tracking number/ }))
    await user.paste('ghn123abc')
    await user.click(within(dialog).getByRole('textbox', { name: 'Weight (grams)' }))
    await user.paste('800')
    await user.click(within(dialog).getByRole('textbox', { name: 'Note for the carrier' }))
    await user.paste('Gọi trước khi giao')
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }))

    await waitFor(() => expect(success).toHaveBeenCalledWith('Shipment created for order #12'))
    expect(server.callsTo(CREATE)[0]!.body).toEqual({
      carrier: 'ghn',
      trackingNumber: 'GHN123ABC',
      codAmount: 530_000,
      weightGrams: 800,
      note: 'Gọi trước khi giao',
    })
    // The order loads again, with its shipment.
    const shown = await screen.findByRole('link', { name: /^GHN123ABC/ })
    expect(shown).toHaveAttribute('href', shipment.trackingUrl)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('starts the COD at 0 for an order already paid', async () => {
    renderDetail(() => ({ ...order, paymentStatus: 'paid', methodPayment: '2' }))
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create shipment' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('textbox', { name: 'COD to collect' })).toHaveValue('0 VND')
  })

  it('shows a taken tracking number under its field, and an order that cannot ship above the buttons', async () => {
    renderDetail(() => order, {
      [CREATE]: [
        () =>
          refusal(
            409,
            { code: 'trackingTaken', params: { trackingNumber: 'GHN1', orderId: '9' } },
            { trackingNumber: { code: 'trackingTaken', params: { trackingNumber: 'GHN1', orderId: '9' } } },
          ),
        () => refusal(409, { code: 'shipmentOrderStatus', params: { status: 3 } }),
      ],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Create shipment' }))
    const dialog = await screen.findByRole('dialog')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'jt')
    const tracking = within(dialog).getByRole('textbox', { name: /^Tracking number/ })
    await user.type(tracking, 'GHN1')
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }))
    expect(
      await within(dialog).findByText('The tracking number GHN1 is already on order 9'),
    ).toBeInTheDocument()
    expect(tracking).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()

    await user.clear(tracking)
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A Delivered order cannot be shipped: only a Pending or Processing one',
    )
  })

  it('offers no shipment to a delivered order', async () => {
    renderDetail(() => ({ ...order, status: 3 }))
    expect(within(await section()).getByText('Not handed to a carrier yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create shipment' })).not.toBeInTheDocument()
  })

  it('offers no shipment to an account that may only read orders', async () => {
    renderDetail(() => order, {}, ['orders:read'])
    expect(within(await section()).getByText('Not handed to a carrier yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create shipment' })).not.toBeInTheDocument()
  })
})

describe('the shipment of a shipped order', () => {
  it('shows the carrier, the tracking link in a new tab, the step, the COD and the fee once collected', async () => {
    renderDetail(() => ({
      ...order,
      status: 3,
      paymentStatus: 'paid',
      shipment: {
        ...shipment,
        status: 'delivered',
        codStatus: 'collected',
        codCollectedAt: '2026-11-28T03:00:00.000Z',
        carrierFee: 22_000,
      },
    }))
    const region = await section()
    const value = (term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling
    expect(value('Carrier')).toHaveTextContent('Giao Hàng Nhanh (GHN)')
    const link = within(region).getByRole('link', { name: /^GHN123ABC\s*\(opens in a new tab\)$/ })
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toMatch(/noopener/)
    expect(value('Shipment status')).toHaveTextContent('Delivered')
    expect(value('COD to collect')).toHaveTextContent('530,000 VND')
    expect(value('COD status')).toHaveTextContent('Collected')
    expect(value('Carrier fee')).toHaveTextContent('22,000 VND')
    // Delivered is final: no step, no tracking field.
    expect(screen.queryByRole('group', { name: 'Move the shipment on' })).not.toBeInTheDocument()
  })

  it('offers only the steps SHIPMENT_MOVES allows, and says Shipping while in transit', async () => {
    let current: Order = { ...order, shipment }
    const { server } = renderDetail(() => current, {
      [MOVE]: (call: FetchCall) => {
        const status = (call.body as { status: Shipment['status'] }).status
        current = { ...current, shipment: { ...shipment, status, updatedAt: '2026-11-26T00:00:00.000Z' } }
        return ok(current.shipment)
      },
    })
    await section()
    expect(stepButtons()).toEqual(['Picked up — in transit', 'Delivered', 'Returned'])
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Processing')

    await userEvent.setup().click(screen.getByRole('button', { name: 'Picked up — in transit' }))
    expect(server.callsTo(MOVE)[0]!.body).toEqual({ status: 'in-transit' })
    await waitFor(() => expect(stepButtons()).toEqual(['Delivered', 'Returned']))
    // The order is still Processing (its filter finds it so), and reads 'Shipping'.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Shipping')
  })

  it('asks before a return: No sends nothing, Yes marks it returned', async () => {
    const { server } = renderDetail(() => ({ ...order, shipment: { ...shipment, status: 'in-transit' } }), {
      [MOVE]: () => ok({ ...shipment, status: 'returned' }),
    })
    const user = userEvent.setup()
    await section()
    await user.click(screen.getByRole('button', { name: 'Returned' }))
    const ask = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(ask).toHaveTextContent('The order is cancelled and its stock comes back')
    await user.click(within(ask).getByRole('button', { name: 'No' }))
    expect(server.callsTo(MOVE)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Returned' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, it came back' }))
    await waitFor(() => expect(server.callsTo(MOVE)).toHaveLength(1))
    expect(server.callsTo(MOVE)[0]!.body).toEqual({ status: 'returned' })
  })

  it('saves a tracking number added later, and shows a refused step in the server’s words', async () => {
    const { server } = renderDetail(
      () => ({ ...order, shipment: { ...shipment, trackingNumber: null, trackingUrl: null } }),
      {
        [MOVE]: [
          () => ok({ ...shipment }),
          () => refusal(409, { code: 'shipmentMove', params: { from: 'delivered', to: 'delivered' } }),
        ],
      },
    )
    const user = userEvent.setup()
    const region = await section()
    expect(
      within(region).getByText('Tracking number', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Not given yet')
    const save = within(region).getByRole('button', { name: 'Save tracking number' })
    expect(save).toBeDisabled()
    await user.type(within(region).getByRole('textbox', { name: 'Tracking number' }), 'ghn777')
    await user.click(save)
    await waitFor(() => expect(server.callsTo(MOVE)).toHaveLength(1))
    expect(server.callsTo(MOVE)[0]!.body).toEqual({ status: 'ready', trackingNumber: 'ghn777' })

    await user.click(within(region).getByRole('button', { name: 'Delivered' }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(/^A shipment cannot go from /)
  })

  it('prints the label and the packing slip of the order', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
    const pdf = () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 })
    const { server } = renderDetail(() => ({ ...order, shipment }), {
      [LABELS]: pdf,
      'GET /api/admin/orders/packing-slips.pdf': pdf,
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Print label' }))
    await waitFor(() => expect(saved).toEqual(['labels.pdf']))
    expect(server.callsTo(LABELS)[0]!.query.get('ids')).toBe('12')
    await user.click(screen.getByRole('button', { name: 'Packing slip' }))
    await waitFor(() => expect(saved).toEqual(['labels.pdf', 'packing-slips.pdf']))
  })

  it('speaks Vietnamese: the section, the steps and Đang giao', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderDetail(() => ({ ...order, shipment: { ...shipment, status: 'in-transit' } }))
    const region = await screen.findByRole('region', { name: 'Vận đơn' })
    expect(
      within(within(region).getByRole('group', { name: 'Cập nhật vận đơn' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Đã giao', 'Hoàn hàng'])
    expect(screen.getByRole('combobox', { name: 'Trạng thái' })).toHaveDisplayValue('Đang giao')
    expect(screen.getByRole('button', { name: 'In nhãn' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Phiếu đóng gói' })).toBeInTheDocument()
  })
})
