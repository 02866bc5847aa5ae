import type { Order, OrderEvent, OrderLine, PaymentStatus } from '@store/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from '../../lib/store-config.tsx'
import { notify } from '../../lib/toast.ts'
import { type FetchCall, fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt, renderPlain } from '../../test/render.tsx'
import { OrderDetailPage } from './order-detail-page.tsx'
import { OrderLineItem } from './order-line-item.tsx'
import { PaymentMethods } from './payment-methods.tsx'

const line: OrderLine = {
  id: '40',
  _id: '40',
  product: {
    id: '7',
    _id: '7',
    name: 'Áo thun cổ tròn',
    thumbnail: null,
    slug: 'ao-thun-co-tron',
    deletedAt: null,
  },
  price: 250_000,
  quantity: 2,
  variant: null,
  size: 'L',
}

afterEach(async () => {
  vi.restoreAllMocks()
  await i18next.changeLanguage('en')
})

describe('OrderLineItem', () => {
  it("shows 'price VND x quantity', the line's own size and its total", () => {
    renderPlain(
      <ul>
        <OrderLineItem line={line} onDelete={vi.fn()} />
      </ul>,
    )
    expect(screen.getByText('Áo thun cổ tròn')).toBeInTheDocument()
    expect(screen.getByText('250,000 VND x 2')).toBeInTheDocument()
    expect(screen.getByText('Size: L')).toBeInTheDocument()
    expect(screen.getByText('500,000 VND')).toBeInTheDocument()
    // The spec's client printed a fixed text here; this one does not.
    expect(screen.queryByText(/Black/)).not.toBeInTheDocument()
  })

  it('shows no size when the line has none, and asks to delete through its button', () => {
    const onDelete = vi.fn()
    renderPlain(
      <ul>
        <OrderLineItem line={{ ...line, size: null, quantity: 1 }} onDelete={onDelete} />
      </ul>,
    )
    expect(screen.getByText('250,000 VND x 1')).toBeInTheDocument()
    expect(screen.queryByText(/Size/)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Delete line Áo thun cổ tròn' }))
    expect(onDelete).toHaveBeenCalledTimes(1)
  })

  it('writes the price and total as Vietnamese do when chosen', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderPlain(
      <ul>
        <OrderLineItem line={line} onDelete={vi.fn()} />
      </ul>,
    )
    expect(screen.getByText('250.000 ₫ x 2')).toBeInTheDocument()
    expect(screen.getByText('500.000 ₫')).toBeInTheDocument()
    expect(screen.getByText('Kích cỡ: L')).toBeInTheDocument()
  })
})

describe('PaymentMethods', () => {
  const current = () =>
    within(screen.getByRole('list', { name: 'Payment method' }))
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'true')
      .map((item) => item.textContent)

  it.each([
    ['1', 'Cash on delivery'],
    ['2', 'VNPay wallet'],
    ['3', 'PayPal'],
    ['9', 'PayPal'],
  ])('highlights the method of code %s (%s) and, once paid, says it was paid so', (code, name) => {
    renderPlain(<PaymentMethods code={code} status="paid" amount={530_000} />)
    expect(current()).toEqual([name])
    expect(screen.getByText(`Paid with ${name}`)).toBeInTheDocument()
    expect(screen.queryByText('The customer has not paid for this order')).not.toBeInTheDocument()
  })

  it.each<[string, PaymentStatus, string]>([
    ['1', 'unpaid', 'Cash on delivery: 530,000 VND to collect on delivery'],
    ['1', 'pending', 'Cash on delivery: 530,000 VND to collect on delivery'],
    ['1', 'refunded', 'Paid with Cash on delivery, then refunded'],
    ['2', 'unpaid', 'Not paid yet; to be paid by VNPay wallet'],
    ['2', 'pending', 'Waiting for payment by VNPay wallet'],
    ['3', 'failed', 'Payment by PayPal failed'],
    ['0', 'paid', 'Paid; no payment method recorded'],
    ['0', 'refunded', 'Refunded'],
    ['0', 'failed', 'Payment failed'],
  ])('words method %s with payment status %s: %s', (code, status, line) => {
    renderPlain(<PaymentMethods code={code} status={status} amount={530_000} />)
    expect(screen.getByText(line)).toBeInTheDocument()
    // A cash-on-delivery order is not said to be paid before it is.
    expect(screen.queryByText(/^Paid with Cash on delivery$/)).not.toBeInTheDocument()
  })

  it.each(['0', '', null])('highlights nothing and says so when unpaid (%j)', (code) => {
    renderPlain(<PaymentMethods code={code} status="unpaid" amount={530_000} />)
    expect(current()).toEqual([])
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('The customer has not paid for this order')).toBeInTheDocument()
  })

  it('words the line in Vietnamese, the amount as Vietnamese write it', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderPlain(<PaymentMethods code="1" status="pending" amount={530_000} />)
    expect(screen.getByText('Thanh toán khi nhận hàng: thu 530.000 ₫ khi giao hàng')).toBeInTheDocument()
  })
})

describe('OrderDetailPage', () => {
  const order: Order = {
    id: '12',
    _id: '12',
    user: { id: '3', _id: '3', name: 'Nguyễn Văn An', email: 'an@example.com', phoneNumber: null },
    address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    addressParts: null,
    amount: 530_000,
    quantity: 2,
    status: 1,
    customerNote: '',
    subtotal: 500_000,
    shipingFee: 30_000,
    discountPercent: 0,
    totalPrice: 530_000,
    methodPayment: '2',
    paymentStatus: 'pending',
    source: 'phone',
    amountByHand: false,
    quantityByHand: false,
    shipment: null,
    version: 3,
    // 04:30 UTC on the 21st: still the 20th in New York, the 21st in Ho Chi Minh City.
    createdAt: '2026-11-21T04:30:00.000Z',
    // Days later: an edit must not move the placed-on date.
    updatedAt: '2026-11-25T02:15:00.000Z',
  }
  const events: OrderEvent[] = [
    {
      id: '9',
      at: '2026-11-25T02:15:00.000Z',
      actor: { id: '1', _id: '1', name: 'Trần Thị Bích', email: 'bich@example.com' },
      type: 'status',
      from: 1,
      to: 2,
    },
    { id: 'created-12', at: order.createdAt, actor: null, type: 'created' },
  ]

  const renderDetail = (
    timeZone?: string,
    shown: Order = order,
    extra: Parameters<typeof fakeFetch>[0] = {},
    permissions?: Parameters<typeof renderAt>[3],
  ) => {
    const server = fakeFetch({
      'GET /api/admin/orders/12': () => ok(shown),
      'GET /api/admin/orders/12/detail/12': () => ok([line, { ...line, id: '41', size: 'M' }]),
      'GET /api/admin/orders/12/events': () => ok(events),
      ...extra,
    })
    const page = <OrderDetailPage />
    const result = renderAt(
      timeZone ? (
        <StoreConfigContext.Provider value={{ ...DEFAULT_STORE_CONFIG, storeTimeZone: timeZone }}>
          {page}
        </StoreConfigContext.Provider>
      ) : (
        page
      ),
      '/admin/order/12/detail/12',
      '/admin/order/:orderId/detail/:id',
      permissions,
    )
    return { ...result, server }
  }

  it("shows the placed-on date from createdAt and the last change, in the store's zone, and the figures in VND", async () => {
    renderDetail()
    const placed = await screen.findByText('2026-11-21')
    expect(placed).toHaveAttribute('datetime', order.createdAt)
    expect(placed.parentElement).toHaveTextContent(/^Placed on: 2026-11-21$/)
    const changed = screen.getByText('2026-11-25 09:15')
    expect(changed).toHaveAttribute('datetime', order.updatedAt)
    expect(changed.parentElement).toHaveTextContent(/^Last changed: 2026-11-25 09:15$/)
    expect(screen.getAllByText('530,000 VND').length).toBeGreaterThan(0)
    expect(screen.getAllByText('250,000 VND x 2')).toHaveLength(2)
  })

  it("takes the day from the server's STORE_TZ: America/New_York is a day behind here", async () => {
    renderDetail('America/New_York')
    expect((await screen.findByText('2026-11-20')).parentElement).toHaveTextContent(/^Placed on: 2026-11-20$/)
    expect(screen.getByText('2026-11-24 21:15').parentElement).toHaveTextContent(
      /^Last changed: 2026-11-24 21:15$/,
    )
  })

  it('writes the date as DD/MM/YYYY and the money with ₫ in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderDetail()
    expect((await screen.findByText('21/11/2026')).parentElement).toHaveTextContent(
      /^Ngày đặt: 21\/11\/2026$/,
    )
    expect(screen.getByText('25/11/2026 09:15').parentElement).toHaveTextContent(
      /^Cập nhật lần cuối: 25\/11\/2026 09:15$/,
    )
    expect(screen.getAllByText('530.000 ₫').length).toBeGreaterThan(0)
    expect(screen.getByText('Chờ thanh toán')).toBeInTheDocument()
  })

  /** The value of a term of the summary (a description list). */
  const summary = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

  it('shows the payment status, and the amount to collect beside the total, unmarked when they agree', async () => {
    renderDetail()
    await screen.findByText('2026-11-21')
    expect(screen.getByText('Payment status:').parentElement).toHaveTextContent(
      'Payment status:Awaiting payment',
    )
    expect(summary('Total')).toHaveTextContent(/^530,000 VND$/)
    expect(summary('To collect')).toHaveTextContent(/^530,000 VND$/)
    expect(screen.queryByText(/differs from the total/)).not.toBeInTheDocument()
    expect(screen.getByText('Waiting for payment by VNPay wallet')).toBeInTheDocument()
  })

  it('marks an amount to collect set apart from the total, in words for screen readers too', async () => {
    renderDetail(undefined, { ...order, amount: 500_000, amountByHand: true })
    await screen.findByText('2026-11-21')
    expect(summary('Total')).toHaveTextContent(/^530,000 VND$/)
    expect(summary('To collect')).toHaveTextContent(/^500,000 VND\(differs from the total\)$/)
    expect(
      screen.getByText('The amount to collect was set by hand and differs from the total.'),
    ).toBeInTheDocument()
  })

  it('says a paid or refunded order has nothing to collect, not its amount', async () => {
    const { unmount } = renderDetail(undefined, {
      ...order,
      amount: 3_864_000,
      totalPrice: 3_864_000,
      methodPayment: '1',
      paymentStatus: 'paid',
    })
    await screen.findByText('2026-11-21')
    expect(summary('To collect')).toHaveTextContent(/^Nothing — paid$/)
    expect(summary('Total')).toHaveTextContent(/^3,864,000 VND$/)
    unmount()
    renderDetail(undefined, { ...order, amount: 500_000, amountByHand: true, paymentStatus: 'refunded' })
    await screen.findByText('2026-11-21')
    expect(summary('To collect')).toHaveTextContent(/^Nothing — refunded$/)
    expect(screen.queryByText(/differs from the total/)).not.toBeInTheDocument()
  })

  it('never says a cash-on-delivery order still to collect was paid', async () => {
    renderDetail(undefined, { ...order, methodPayment: '1', paymentStatus: 'pending' })
    await screen.findByText('2026-11-21')
    expect(screen.getByText('Cash on delivery: 530,000 VND to collect on delivery')).toBeInTheDocument()
    expect(screen.queryByText(/Paid with/)).not.toBeInTheDocument()
  })

  it('offers to delete each line of an open order', async () => {
    renderDetail()
    await screen.findByText('2026-11-21')
    expect(screen.getAllByRole('button', { name: /^Delete line / })).toHaveLength(2)
  })

  it.each([3, 0] as const)(
    'shows the lines of a closed order (status %i) without delete buttons',
    async (status) => {
      renderDetail(undefined, { ...order, status })
      await screen.findByText('2026-11-21')
      expect(screen.getAllByText('250,000 VND x 2')).toHaveLength(2)
      expect(screen.queryByRole('button', { name: /^Delete line / })).not.toBeInTheDocument()
    },
  )

  it('shows the timeline newest first: what, who and when', async () => {
    renderDetail()
    await screen.findByText('2026-11-21')
    const timeline = await screen.findByRole('list', { name: 'Timeline' })
    const entries = within(timeline).getAllByRole('listitem')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Status: Pending → Processing2026-11-25 09:15Trần Thị Bích',
      'Order placed2026-11-21 11:30The store',
    ])
  })

  it('downloads the invoice with the session’s token, under the server’s name', async () => {
    localStorage.setItem('token', 'access-1')
    const { server } = renderDetail(undefined, order, {
      'GET /api/admin/orders/12/invoice.pdf': () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="invoice-12.pdf"',
          },
        }),
    })
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
    try {
      await screen.findByText('2026-11-21')
      await userEvent.setup().click(screen.getByRole('button', { name: 'Print invoice' }))
      await waitFor(() => expect(saved).toEqual(['invoice-12.pdf']))
      const [call] = server.callsTo('GET /api/admin/orders/12/invoice.pdf')
      expect(call!.headers.authorization).toBe('Bearer access-1')
      expect(call!.headers.accept).toBe('application/pdf')
    } finally {
      click.mockRestore()
    }
  })

  it('lets an account that may only read orders print the invoice but neither edit nor note', async () => {
    renderDetail(undefined, order, {}, { permissions: ['orders:read'] })
    await screen.findByText('2026-11-21')
    await screen.findByRole('list', { name: 'Timeline' })
    expect(screen.getByRole('button', { name: 'Print invoice' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit order' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /Add a note/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete line / })).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Move the order on' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Move to / })).not.toBeInTheDocument()
  })

  it("shows the customer's phone as a link to call and where the order came from", async () => {
    renderDetail(undefined, { ...order, user: { ...order.user, phoneNumber: '0909123456' }, source: 'zalo' })
    await screen.findByText('2026-11-21')
    const phone = screen.getByRole('link', { name: '0909123456' })
    expect(phone).toHaveAttribute('href', 'tel:0909123456')
    expect(phone.parentElement).toHaveTextContent(/^Phone: 0909123456$/)
    expect(screen.getByText(/^Source:/)).toHaveTextContent(/^Source: Zalo$/)
  })

  it('leaves the phone out when the customer has none, and names the source in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderDetail(undefined, { ...order, source: 'shop' })
    await screen.findByText('21/11/2026')
    expect(screen.queryByText(/^Số điện thoại:/)).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^0/ })).not.toBeInTheDocument()
    expect(screen.getByText(/^Nguồn đơn:/)).toHaveTextContent(/^Nguồn đơn: Tại cửa hàng$/)
  })

  /** The buttons that move the order on, by their names. */
  const moveButtons = () =>
    within(screen.getByRole('group', { name: 'Move the order on' }))
      .getAllByRole('button')
      .map((button) => button.textContent)

  it.each([
    [1, ['Move to Processing', 'Move to Delivered', 'Cancel order']],
    [2, ['Move to Delivered', 'Cancel order']],
  ] as const)('offers from status %i only the moves allowed: %j', async (status, offered) => {
    renderDetail(undefined, { ...order, status })
    await screen.findByText('2026-11-21')
    expect(moveButtons()).toEqual(offered)
  })

  it.each([3, 0] as const)('offers no move from a final status (%i)', async (status) => {
    renderDetail(undefined, { ...order, status })
    await screen.findByText('2026-11-21')
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(String(status))
    expect(screen.queryByRole('group', { name: 'Move the order on' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Move to |^Cancel order$/ })).not.toBeInTheDocument()
  })

  /** The detail page over a server that keeps the order (`start`): a PUT changes what the next GET answers. */
  const renderMovable = (answerPut?: (call: FetchCall) => Response, start: Order = order) => {
    let current: Order = { ...start }
    const put = (call: FetchCall) => {
      if (answerPut) return answerPut(call)
      const body = call.body as { status: string; version: number }
      current = { ...current, status: Number(body.status) as Order['status'], version: body.version + 1 }
      return ok(current)
    }
    const rendered = renderDetail(undefined, start, {
      'GET /api/admin/orders/12': () => ok(current),
      'PUT /api/admin/orders/12': put,
    })
    return { ...rendered, now: (next: Order) => (current = next) }
  }

  it("moves the order with the edit form's save: its values, the new status and its version; then reloads it all", async () => {
    const success = vi.spyOn(notify, 'success')
    const user = userEvent.setup()
    const { server } = renderMovable()
    await screen.findByText('2026-11-21')
    await screen.findByRole('list', { name: 'Timeline' })
    const loads = (route: string) => server.callsTo(route).length
    const before = {
      order: loads('GET /api/admin/orders/12'),
      lines: loads('GET /api/admin/orders/12/detail/12'),
      events: loads('GET /api/admin/orders/12/events'),
    }

    await user.click(screen.getByRole('button', { name: 'Move to Processing' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order #12 is now Processing'))
    const [put] = server.callsTo('PUT /api/admin/orders/12')
    expect(put!.body).toEqual({
      address: order.address,
      amount: order.amount,
      quantity: order.quantity,
      status: '2',
      customerNote: order.customerNote,
      methodPayment: order.methodPayment,
      paymentStatus: order.paymentStatus,
      version: 3,
    })
    // The order, its lines and its timeline load again; the moves are now those from Processing.
    await waitFor(() => expect(moveButtons()).toEqual(['Move to Delivered', 'Cancel order']))
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('2')
    expect(loads('GET /api/admin/orders/12')).toBeGreaterThan(before.order)
    expect(loads('GET /api/admin/orders/12/detail/12')).toBeGreaterThan(before.lines)
    await waitFor(() => expect(loads('GET /api/admin/orders/12/events')).toBeGreaterThan(before.events))
  })

  it('moves an order whose address is by the 2025 units with its parts, as the edit form would send them', async () => {
    const success = vi.spyOn(notify, 'success')
    const user = userEvent.setup()
    const parts = { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' }
    const { server } = renderMovable(undefined, {
      ...order,
      address: '12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội',
      addressParts: parts,
    })
    await screen.findByText('2026-11-21')
    await user.click(screen.getByRole('button', { name: 'Move to Processing' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order #12 is now Processing'))
    // The parts keep the codes: sent as text, the server would drop them.
    expect(server.callsTo('PUT /api/admin/orders/12').map((call) => call.body)).toMatchObject([
      { address: parts, status: '2', version: 3 },
    ])
  })

  it('asks before cancelling: No sends nothing, Yes cancels', async () => {
    const success = vi.spyOn(notify, 'success')
    const user = userEvent.setup()
    const { server } = renderMovable()
    await screen.findByText('2026-11-21')

    await user.click(screen.getByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('Order #12 — Cancel this order? A cancelled order no longer changes.')
    await user.click(within(dialog).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(server.callsTo('PUT /api/admin/orders/12')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Cancel order' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order #12 is now Cancelled'))
    expect(server.callsTo('PUT /api/admin/orders/12').map((call) => (call.body as Order).status)).toEqual([
      '0',
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Cancelled is final: nothing more to offer.
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Move the order on' })).not.toBeInTheDocument(),
    )
  })

  it("shows a refused move in the server's words, and loads the order as it is now", async () => {
    const success = vi.spyOn(notify, 'success')
    const user = userEvent.setup()
    const moved = renderMovable(() => {
      // Someone delivered the order meanwhile: the server has it at Delivered.
      moved.now({ ...order, status: 3, version: 4 })
      return refusal(409, { code: 'statusMove', params: { from: 3, to: 2 } }, { status: 'statusMove' })
    })
    await screen.findByText('2026-11-21')
    await user.click(screen.getByRole('button', { name: 'Move to Processing' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An order cannot go from Delivered to Processing',
    )
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('3'))
    expect(screen.queryByRole('button', { name: /^Move to |^Cancel order$/ })).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('An order cannot go from Delivered to Processing')
    expect(success).not.toHaveBeenCalled()
  })

  it('words a refused move in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    const user = userEvent.setup()
    renderMovable(() => refusal(409, 'editedMeanwhile'))
    await screen.findByText('21/11/2026')
    await user.click(screen.getByRole('button', { name: 'Chuyển sang Đang xử lý' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Bản ghi này vừa được người khác thay đổi$/)
  })
})
