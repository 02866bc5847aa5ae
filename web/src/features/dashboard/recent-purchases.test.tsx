import type { Order } from '@store/contract'
import { act, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from '../../lib/store-config.tsx'
import { fakeFetch, ok } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { RecentPurchases } from './recent-purchases.tsx'

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
  source: 'web',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 0,
  // 18:30 UTC: 01:30 the next day in Ho Chi Minh City, midnight in Kolkata, 13:30 in New York.
  createdAt: '2026-11-20T18:30:00.000Z',
  updatedAt: '2026-11-20T18:30:00.000Z',
}

const answerWithOrder = () =>
  fakeFetch({
    'GET /api/admin/orders': () =>
      ok([order], { meta: { page: 1, limit: 5, totalPages: 1, totalResults: 1 } }),
  })

/** Recent Purchases with the server's STORE_TZ given through the store config, as the app provides it. */
const renderInZone = (timeZone?: string) =>
  renderAt(
    timeZone ? (
      <StoreConfigContext.Provider value={{ ...DEFAULT_STORE_CONFIG, storeTimeZone: timeZone }}>
        <RecentPurchases />
      </StoreConfigContext.Provider>
    ) : (
      <RecentPurchases />
    ),
  )

describe('RecentPurchases', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en')
  })

  it("shows when an order was placed in the store's default zone, and names its detail link with it", async () => {
    answerWithOrder()
    renderInZone()
    expect(await screen.findByText('2026-11-21 01:30')).toHaveAttribute('datetime', order.createdAt)
    expect(screen.getByText('530,000 VND')).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'Order detail of Nguyễn Văn An, 2026-11-21 01:30' }),
    ).toHaveAttribute('href', '/admin/order/12/detail/12')
  })

  it("uses the server's STORE_TZ, whatever the browser's zone: Asia/Kolkata at its midnight", async () => {
    answerWithOrder()
    renderInZone('Asia/Kolkata')
    expect(await screen.findByText('2026-11-21 00:00')).toBeInTheDocument()
  })

  it('writes the date, time and amount as Vietnamese do, in America/New_York', async () => {
    await act(() => i18next.changeLanguage('vi'))
    answerWithOrder()
    renderInZone('America/New_York')
    expect(await screen.findByText('20/11/2026 13:30')).toBeInTheDocument()
    expect(screen.getByText('530.000 ₫')).toBeInTheDocument()
  })
})
