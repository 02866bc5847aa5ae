import type { Order, OrderLine } from '@store/contract'
import { act, fireEvent, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from '../../lib/store-config.tsx'
import { fakeFetch, ok } from '../../test/fake-fetch.ts'
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
  size: 'L',
}

afterEach(async () => {
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
  ])('highlights the method of code %s (%s) and names it', (code, name) => {
    renderPlain(<PaymentMethods code={code} />)
    expect(current()).toEqual([name])
    expect(screen.getByText(`Paid with ${name}`)).toBeInTheDocument()
    expect(screen.queryByText('This person has not paid for this order')).not.toBeInTheDocument()
  })

  it.each(['0', '', null])('highlights nothing and says so when unpaid (%j)', (code) => {
    renderPlain(<PaymentMethods code={code} />)
    expect(current()).toEqual([])
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('This person has not paid for this order')).toBeInTheDocument()
  })
})

describe('OrderDetailPage', () => {
  const order: Order = {
    id: '12',
    _id: '12',
    user: { id: '3', _id: '3', name: 'Nguyễn Văn An', email: 'an@example.com', phoneNumber: null },
    address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    amount: 530_000,
    quantity: 2,
    status: 1,
    customerNote: '',
    subtotal: 500_000,
    shipingFee: 30_000,
    discountPercent: 0,
    totalPrice: 530_000,
    methodPayment: '2',
    createdAt: '2026-11-20T10:00:00.000Z',
    // 04:30 UTC on the 21st: still the 20th in New York, the 21st in Ho Chi Minh City.
    updatedAt: '2026-11-21T04:30:00.000Z',
  }

  const renderDetail = (timeZone?: string) => {
    fakeFetch({
      'GET /api/admin/orders/12': () => ok(order),
      'GET /api/admin/orders/12/detail/12': () => ok([line]),
    })
    const page = <OrderDetailPage />
    return renderAt(
      timeZone ? (
        <StoreConfigContext.Provider value={{ ...DEFAULT_STORE_CONFIG, storeTimeZone: timeZone }}>
          {page}
        </StoreConfigContext.Provider>
      ) : (
        page
      ),
      '/admin/order/12/detail/12',
      '/admin/order/:orderId/detail/:id',
    )
  }

  it("shows the placed-on date as YYYY-MM-DD in the store's zone, and the figures in VND", async () => {
    renderDetail()
    const placed = await screen.findByText('2026-11-21')
    expect(placed).toHaveAttribute('datetime', order.updatedAt)
    expect(placed.parentElement).toHaveTextContent(/^Placed on: 2026-11-21$/)
    expect(screen.getByText('530,000 VND')).toBeInTheDocument()
    expect(screen.getByText('250,000 VND x 2')).toBeInTheDocument()
  })

  it("takes the day from the server's STORE_TZ: America/New_York is a day behind here", async () => {
    renderDetail('America/New_York')
    expect((await screen.findByText('2026-11-20')).parentElement).toHaveTextContent(/^Placed on: 2026-11-20$/)
  })

  it('writes the date as DD/MM/YYYY and the money with ₫ in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    renderDetail()
    expect((await screen.findByText('21/11/2026')).parentElement).toHaveTextContent(
      /^Ngày đặt: 21\/11\/2026$/,
    )
    expect(screen.getByText('530.000 ₫')).toBeInTheDocument()
  })
})
