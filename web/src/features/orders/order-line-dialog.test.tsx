import type { Order, OrderEvent, OrderLine, Product } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { foldText } from '../../lib/search-text.ts'
import { notify } from '../../lib/toast.ts'
import { type FetchCall, fakeFetch, json, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { OrderDetailPage } from './order-detail-page.tsx'
import { toLineBody } from './order-line-dialog.tsx'

const tee: OrderLine = {
  id: '40',
  _id: '40',
  product: { id: '7', _id: '7', name: 'Áo thun cổ tròn', thumbnail: null, slug: 'ao-thun', deletedAt: null },
  price: 250_000,
  quantity: 2,
  size: null,
  variant: null,
}

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
  methodPayment: '1',
  paymentStatus: 'unpaid',
  source: 'phone',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 3,
  createdAt: '2026-11-21T04:30:00.000Z',
  updatedAt: '2026-11-21T04:30:00.000Z',
}
const placed: OrderEvent = { id: 'created-12', at: order.createdAt, actor: null, type: 'created' }

const product = (id: string, name: string, price: number, quantity: number): Product => ({
  id,
  _id: id,
  name,
  slug: foldText(name).replace(/ /g, '-'),
  price,
  images: [],
  thumbnail: null,
  description: '',
  size: [],
  quantity,
  category: { id: '1', _id: '1', name: 'Quần' },
  brand: { id: '1', _id: '1', name: 'Local' },
  sold: 0,
  rating: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  variants: [],
})
const variant = (id: string, sku: string, size: string, quantity: number, price: number | null = null) => ({
  id,
  _id: id,
  sku,
  size,
  color: 'Xanh',
  price,
  quantity,
  barcode: null,
})
/** Jeans by waist: 30 at a price of its own, 32 out of stock. */
const SLIM: Product = {
  ...product('6', 'Quần jean slim', 400_000, 3),
  variants: [variant('61', 'SLIM-30', '30', 3, 459_000), variant('62', 'SLIM-32', '32', 0)],
}
const PRODUCTS = [product('8', 'Quần jean ống đứng', 99_000, 12), product('9', 'Quần kaki', 180_000, 0), SLIM]
const meta = (count: number) => ({ meta: { page: 1, limit: 10, totalPages: 1, totalResults: count } })

const jeansLine: OrderLine = {
  id: '41',
  _id: '41',
  product: { id: '8', _id: '8', name: 'Quần jean ống đứng', thumbnail: null, slug: 'quan', deletedAt: null },
  price: 99_000,
  quantity: 3,
  size: null,
  variant: null,
}

/** The detail page over a fake API: the order, its lines and timeline, the product search, and `extra`. */
function show(shown: Order = order, extra: Routes = {}, permissions?: Parameters<typeof renderAt>[3]) {
  const server = fakeFetch({
    'GET /api/admin/orders/12': () => ok(shown),
    'GET /api/admin/orders/12/detail/12': () => ok([tee]),
    'GET /api/admin/orders/12/events': () => ok([placed]),
    'GET /api/admin/products': (call: FetchCall) => {
      const found = PRODUCTS.filter((p) => foldText(p.name).includes(foldText(call.query.get('name') ?? '')))
      return ok(found, meta(found.length))
    },
    ...extra,
  })
  renderAt(<OrderDetailPage />, '/admin/order/12/detail/12', '/admin/order/:orderId/detail/:id', {
    dropdowns: true,
    ...permissions,
  })
  return server
}

/** How often each of the order's three calls was made so far. */
const loads = (server: ReturnType<typeof fakeFetch>) => ({
  order: server.callsTo('GET /api/admin/orders/12').length,
  lines: server.callsTo('GET /api/admin/orders/12/detail/12').length,
  events: server.callsTo('GET /api/admin/orders/12/events').length,
})

const ready = () => screen.findByRole('list', { name: 'Timeline' })
const quantityField = () => screen.getByRole('textbox', { name: /^Quantity/ })
const priceField = () => screen.getByRole('textbox', { name: /^Unit price/ })

afterEach(async () => {
  vi.restoreAllMocks()
  await i18next.changeLanguage('en')
})

describe('the line body', () => {
  it('sends no price when the field is empty, and no product for a change', () => {
    expect(toLineBody('add', { productId: '8', variantId: '', quantity: 2, price: '' })).toEqual({
      productId: '8',
      quantity: 2,
      price: undefined,
    })
    expect(toLineBody('change', { productId: '8', variantId: '81', quantity: '3', price: 95_000 })).toEqual({
      quantity: '3',
      price: 95_000,
    })
  })
})

describe('adding a line on the order detail', () => {
  it('asks for a product and a quantity of 1 to 10,000 before sending anything', async () => {
    const server = show(order, { 'POST /api/admin/orders/12/lines': () => json(201, {}) })
    const user = userEvent.setup()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a product to order #12' })
    const search = within(dialog).getByRole('combobox', { name: /^Product/ })
    await waitFor(() => expect(search).toHaveFocus())
    expect(quantityField()).toHaveValue('1')

    await user.clear(quantityField())
    await user.type(quantityField(), '10001')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(search).toHaveAccessibleDescription(/This field is required/))
    expect(quantityField()).toHaveAccessibleDescription('Must be between 1 and 10000')

    await user.clear(quantityField())
    await user.type(quantityField(), '0')
    await waitFor(() => expect(quantityField()).toHaveAccessibleDescription('Must be between 1 and 10000'))
    expect(server.callsTo('POST /api/admin/orders/12/lines')).toHaveLength(0)
  })

  it('offers products with their stock, not one out of stock, and posts the line picked; then reloads the order', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = show(order, {
      'POST /api/admin/orders/12/lines': () =>
        json(201, { status: true, data: { ...jeansLine, quantity: 2 }, message: 'OK' }),
    })
    const user = userEvent.setup()
    await ready()
    const before = loads(server)
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a product to order #12' })
    const search = within(dialog).getByRole('combobox', { name: /^Product/ })
    await waitFor(() => expect(search).toHaveFocus())

    await user.type(search, 'quan')
    const kaki = await screen.findByRole('option', { name: /^Quần kaki/ })
    expect(kaki).toHaveTextContent('Out of stock')
    expect(kaki).toHaveAttribute('data-combobox-disabled')
    const jeans = screen.getByRole('option', { name: /^Quần jean ống đứng/ })
    expect(jeans).toHaveTextContent('99,000 VND · Stock: 12')
    await waitFor(() => expect(jeans).toHaveAttribute('data-combobox-selected'))
    await user.keyboard('{Enter}')

    const chosen = within(dialog).getByRole('group', { name: 'Chosen product' })
    expect(chosen).toHaveTextContent('Quần jean ống đứng')
    expect(chosen).toHaveTextContent('99,000 VND · Stock: 12')
    // The keyboard goes on to the quantity; the price left empty is the catalogue's, shown in its place.
    await waitFor(() => expect(quantityField()).toHaveFocus())
    expect(priceField()).toHaveAttribute('placeholder', '99,000 VND')
    expect(priceField()).toHaveAccessibleDescription('Leave empty for the catalogue price.')
    await user.clear(quantityField())
    await user.type(quantityField(), '2')
    expect(within(dialog).getByText('Line total: 198,000 VND')).toBeInTheDocument()
    await user.keyboard('{Enter}')

    await waitFor(() => expect(success).toHaveBeenCalledWith('Quần jean ống đứng added to the order'))
    expect(server.callsTo('POST /api/admin/orders/12/lines').map((call) => call.body)).toEqual([
      { productId: '8', quantity: 2 },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The order, its lines and its timeline load again, as the server worked them out.
    await waitFor(() => {
      const after = loads(server)
      expect(after.order).toBeGreaterThan(before.order)
      expect(after.lines).toBeGreaterThan(before.lines)
      expect(after.events).toBeGreaterThan(before.events)
    })
  })

  it("sends a price given, and shows the server's refusals on their fields", async () => {
    const error = vi.spyOn(notify, 'error')
    const server = show(order, {
      'POST /api/admin/orders/12/lines': [
        () =>
          refusal(
            409,
            { code: 'stockLeft', params: { left: 12 } },
            { quantity: { code: 'stockLeft', params: { left: 12 } } },
          ),
        () => refusal(400, 'productDeleted', { productId: 'productDeleted' }),
      ],
    })
    const user = userEvent.setup()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a product to order #12' })
    await user.type(within(dialog).getByRole('combobox', { name: /^Product/ }), 'jean')
    const jeans = await screen.findByRole('option', { name: /^Quần jean ống đứng/ })
    await waitFor(() => expect(jeans).toHaveAttribute('data-combobox-selected'))
    await user.keyboard('{Enter}')
    await user.clear(quantityField())
    await user.type(quantityField(), '20')
    await user.type(priceField(), '95000')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(quantityField()).toHaveAccessibleDescription('Not enough stock: 12 left'))
    expect(quantityField()).toHaveFocus()
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await user.clear(quantityField())
    await user.type(quantityField(), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    const chosen = within(dialog).getByRole('group', { name: 'Chosen product' })
    await waitFor(() => expect(chosen).toHaveAccessibleDescription('This product has been deleted'))
    expect(server.callsTo('POST /api/admin/orders/12/lines').map((call) => call.body)).toEqual([
      { productId: '8', quantity: 20, price: 95_000 },
      { productId: '8', quantity: 5, price: 95_000 },
    ])
    expect(error).not.toHaveBeenCalled()
  })
})

describe('a line of a variant on the order detail', () => {
  const slimLine: OrderLine = {
    id: '42',
    _id: '42',
    product: { id: '6', _id: '6', name: 'Quần jean slim', thumbnail: null, slug: 'slim', deletedAt: null },
    price: 459_000,
    quantity: 1,
    size: null,
    variant: { id: '61', _id: '61', sku: 'SLIM-30', size: '30', color: 'Xanh' },
  }

  it('shows the variant under the product, and names it in the change dialog', async () => {
    show(order, { 'GET /api/admin/orders/12/detail/12': () => ok([tee, slimLine]) })
    const user = userEvent.setup()
    await ready()
    const lines = screen
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes('Quần jean slim'))
    expect(lines).toHaveLength(1)
    expect(within(lines[0]!).getByText('SLIM-30 · 30 / Xanh')).toBeInTheDocument()
    // A line of another product shows none.
    expect(screen.getAllByText(/ · 30 \/ Xanh$/)).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Edit line Quần jean slim (SLIM-30)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Quần jean slim' })
    expect(within(dialog).getByText('SLIM-30 · 30 / Xanh')).toBeInTheDocument()
  })

  it('asks for the variant of a product that has them, and posts it at its price', async () => {
    const server = show(order, {
      'POST /api/admin/orders/12/lines': [
        () => refusal(400, 'invalid', { variantId: 'variantUnknown' }),
        () => json(201, { status: true, data: slimLine, message: 'OK' }),
      ],
    })
    const user = userEvent.setup()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a product to order #12' })
    const search = within(dialog).getByRole('combobox', { name: /^Product/ })
    await waitFor(() => expect(search).toHaveFocus())
    await user.type(search, 'slim')
    const slim = await screen.findByRole('option', { name: /^Quần jean slim/ })
    expect(slim).toHaveTextContent('400,000 VND · Stock: 3 · 2 variants')
    await waitFor(() => expect(slim).toHaveAttribute('data-combobox-selected'))
    await user.keyboard('{Enter}')

    // The keyboard goes on to the variant; the one out of stock is listed but cannot be chosen.
    const select = within(dialog).getByRole('combobox', { name: /^Variant/ })
    await waitFor(() => expect(select).toHaveFocus())
    expect(within(select).getByRole('option', { name: 'SLIM-32 — 32 / Xanh · Out of stock' })).toBeDisabled()
    expect(
      within(select).getByRole('option', { name: 'SLIM-30 — 30 / Xanh · 459,000 VND · Stock: 3' }),
    ).toBeEnabled()

    // None chosen: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(select).toHaveAccessibleDescription('Choose a size or colour of this product'))
    expect(server.callsTo('POST /api/admin/orders/12/lines')).toHaveLength(0)

    await user.selectOptions(select, '61')
    const chosen = within(dialog).getByRole('group', { name: 'Chosen product' })
    expect(chosen).toHaveTextContent('SLIM-30 · 30 / Xanh')
    expect(chosen).toHaveTextContent('459,000 VND · Stock: 3')
    expect(priceField()).toHaveAttribute('placeholder', '459,000 VND')
    expect(within(dialog).getByText('Line total: 459,000 VND')).toBeInTheDocument()

    // The server's refusal of the variant shows on its select.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(select).toHaveAccessibleDescription('This product has no such variant'))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(server.callsTo('POST /api/admin/orders/12/lines').map((call) => call.body)).toEqual([
      { productId: '6', variantId: '61', quantity: 1 },
      { productId: '6', variantId: '61', quantity: 1 },
    ])
  })
})

describe('changing a line on the order detail', () => {
  it('fills in the quantity and price, puts the change and reloads the order', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = show(order, {
      'PUT /api/admin/orders/12/lines/40': (call) =>
        ok({ ...tee, ...(call.body as { quantity: number; price: number }) }),
    })
    const user = userEvent.setup()
    await ready()
    const before = loads(server)
    await user.click(screen.getByRole('button', { name: 'Edit line Áo thun cổ tròn' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Áo thun cổ tròn' })
    expect(within(dialog).queryByRole('combobox', { name: /^Product/ })).not.toBeInTheDocument()
    await waitFor(() => expect(quantityField()).toHaveFocus())
    expect(quantityField()).toHaveValue('2')
    expect(priceField()).toHaveValue('250,000')
    expect(priceField()).toHaveAccessibleDescription('Leave empty to keep 250,000 VND.')
    expect(within(dialog).getByText('Line total: 500,000 VND')).toBeInTheDocument()

    await user.clear(quantityField())
    await user.type(quantityField(), '3')
    await user.clear(priceField())
    await user.type(priceField(), '240000')
    expect(within(dialog).getByText('Line total: 720,000 VND')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(success).toHaveBeenCalledWith('Line Áo thun cổ tròn changed'))
    expect(server.callsTo('PUT /api/admin/orders/12/lines/40').map((call) => call.body)).toEqual([
      { quantity: 3, price: 240_000 },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => {
      const after = loads(server)
      expect(after.order).toBeGreaterThan(before.order)
      expect(after.lines).toBeGreaterThan(before.lines)
      expect(after.events).toBeGreaterThan(before.events)
    })
  })

  it('shows a line short of stock under the quantity, and keeps the dialog open', async () => {
    const success = vi.spyOn(notify, 'success')
    const server = show(order, {
      'PUT /api/admin/orders/12/lines/40': () =>
        refusal(
          409,
          { code: 'stockLeft', params: { left: 4 } },
          { quantity: { code: 'stockLeft', params: { left: 4 } } },
        ),
    })
    const user = userEvent.setup()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Edit line Áo thun cổ tròn' }))
    await screen.findByRole('dialog', { name: 'Change Áo thun cổ tròn' })
    await user.clear(quantityField())
    await user.type(quantityField(), '9')
    // An empty price keeps the line's: none is sent.
    await user.clear(priceField())
    await user.keyboard('{Enter}')

    await waitFor(() => expect(quantityField()).toHaveAccessibleDescription('Not enough stock: 4 left'))
    expect(server.callsTo('PUT /api/admin/orders/12/lines/40').map((call) => call.body)).toEqual([
      { quantity: 9 },
    ])
    expect(screen.getByRole('dialog', { name: 'Change Áo thun cổ tròn' })).toBeInTheDocument()
    expect(success).not.toHaveBeenCalled()
  })

  it('words the short stock in Vietnamese', async () => {
    await act(() => i18next.changeLanguage('vi'))
    show(order, {
      'PUT /api/admin/orders/12/lines/40': () =>
        refusal(
          409,
          { code: 'stockLeft', params: { left: 4 } },
          { quantity: { code: 'stockLeft', params: { left: 4 } } },
        ),
    })
    const user = userEvent.setup()
    await screen.findByRole('list', { name: 'Lịch sử đơn hàng' })
    await user.click(screen.getByRole('button', { name: 'Sửa Áo thun cổ tròn trong đơn hàng' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sửa Áo thun cổ tròn' })
    const quantity = within(dialog).getByRole('textbox', { name: /^Số lượng/ })
    expect(within(dialog).getByRole('textbox', { name: /^Đơn giá/ })).toHaveValue('250.000')
    await user.clear(quantity)
    await user.type(quantity, '9')
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }))
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Không đủ tồn kho: chỉ còn 4'))
  })

  it('closes and reloads an order closed meanwhile, saying why', async () => {
    const error = vi.spyOn(notify, 'error')
    let current: Order = order
    const server = show(order, {
      'GET /api/admin/orders/12': () => ok(current),
      'PUT /api/admin/orders/12/lines/40': () => {
        current = { ...order, status: 3 }
        return refusal(409, { code: 'linesLocked', params: { status: 3 } })
      },
    })
    const user = userEvent.setup()
    await ready()
    await user.click(screen.getByRole('button', { name: 'Edit line Áo thun cổ tròn' }))
    await screen.findByRole('dialog', { name: 'Change Áo thun cổ tròn' })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: /^Edit line / })).not.toBeInTheDocument()
    expect(server.callsTo('PUT /api/admin/orders/12/lines/40')).toHaveLength(1)
  })
})

describe('the line buttons', () => {
  it('are offered on an open order to an account that may change orders', async () => {
    show({ ...order, status: 2 })
    await ready()
    expect(screen.getByRole('button', { name: 'Add product' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit line Áo thun cổ tròn' })).toBeInTheDocument()
  })

  it.each([3, 0] as const)(
    'are not offered on a delivered or cancelled order (status %i)',
    async (status) => {
      show({ ...order, status })
      await ready()
      expect(screen.getByText('250,000 VND x 2')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /^Edit line / })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /^Delete line / })).not.toBeInTheDocument()
    },
  )

  it('are not offered to an account that may only read orders', async () => {
    show(order, {}, { permissions: ['orders:read'] })
    await ready()
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit line / })).not.toBeInTheDocument()
  })
})
