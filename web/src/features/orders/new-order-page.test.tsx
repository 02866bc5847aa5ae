import type { Order, Product, Province, User, Ward } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { foldText } from '../../lib/search-text.ts'
import { type FetchCall, fakeFetch, json, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { looksLikePhone, newOrderTotals, toNewOrderBody, withProduct, withVariant } from './new-order-form.ts'
import { NewOrderPage } from './new-order-page.tsx'

const PROVINCES: Province[] = [
  { code: '01', name: 'Hà Nội', fullName: 'Thành phố Hà Nội', nameEn: 'Hanoi' },
  { code: '79', name: 'Hồ Chí Minh', fullName: 'Thành phố Hồ Chí Minh', nameEn: 'Ho Chi Minh City' },
]
const WARDS: Ward[] = [
  { code: '00004', provinceCode: '01', name: 'Ba Đình', fullName: 'Phường Ba Đình', nameEn: 'Ba Dinh' },
  { code: '00167', provinceCode: '01', name: 'Cầu Giấy', fullName: 'Phường Cầu Giấy', nameEn: 'Cau Giay' },
]

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
  category: { id: '1', _id: '1', name: 'Áo' },
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
  color: 'Đen',
  price,
  quantity,
  barcode: null,
})
/** A polo in three sizes: M at a price of its own, L out of stock, XL at the product's price. */
const POLO: Product = {
  ...product('6', 'Áo polo', 300_000, 7),
  variants: [
    variant('61', 'POLO-DEN-M', 'M', 5, 320_000),
    variant('62', 'POLO-DEN-L', 'L', 0),
    variant('63', 'POLO-DEN-XL', 'XL', 2),
  ],
}
const PRODUCTS = [
  product('5', 'Áo thun cổ tròn', 250_000, 12),
  product('8', 'Quần jean ống đứng', 99_000, 3),
  product('9', 'Áo khoác gió', 450_000, 0),
  POLO,
]

const customer = (id: string, name: string, phoneNumber: string | null): User => ({
  id,
  _id: id,
  name,
  email: `${id}@example.com`,
  phoneNumber,
  gender: null,
  dob: null,
  location: null,
  addressParts: null,
  avatar: null,
  isEmailVerified: false,
  lastLoginAt: null,
  role: 'user',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})
const AN = customer('3', 'Nguyễn Văn An', '0909123456')

const savedOrder = (id: string): Order => ({
  id,
  _id: id,
  user: { id: '3', _id: '3', name: AN.name, email: AN.email, phoneNumber: AN.phoneNumber },
  address: '12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội',
  addressParts: { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' },
  amount: 0,
  quantity: 0,
  status: 1,
  customerNote: '',
  subtotal: 0,
  shipingFee: 0,
  discountPercent: 0,
  totalPrice: 0,
  methodPayment: '1',
  paymentStatus: 'unpaid',
  source: 'phone',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
})

const meta = (count: number) => ({ meta: { page: 1, limit: 10, totalPages: 1, totalResults: count } })

/** The API the screen talks to: places, customers by phone or name, products by name, and the save. */
function api(
  save: Routes[string] = (call) => json(201, { status: true, data: savedOrder('77'), message: 'OK', call }),
) {
  return fakeFetch({
    'GET /api/admin/places/provinces': () => ok(PROVINCES),
    'GET /api/admin/places/provinces/01/wards': () => ok(WARDS),
    'GET /api/admin/users': (call: FetchCall) => {
      const phone = call.query.get('phone')
      const name = call.query.get('name')
      const found = [AN].filter((c) =>
        phone !== null
          ? c.phoneNumber === phone.replace(/[\s.-]/g, '')
          : foldText(c.name).includes(foldText(name ?? '')),
      )
      return ok(found, meta(found.length))
    },
    'GET /api/admin/products': (call: FetchCall) => {
      const found = PRODUCTS.filter((p) => foldText(p.name).includes(foldText(call.query.get('name') ?? '')))
      return ok(found, meta(found.length))
    },
    'POST /api/admin/orders': save,
  })
}

const show = () => renderAt(<NewOrderPage />, '/admin/order/new', '/admin/order/new', { dropdowns: true })
const customerSearch = () => screen.getByRole('combobox', { name: /^Find a customer/ })
const productSearch = () => screen.getByRole('combobox', { name: /^Add a product/ })
const save = () => screen.getByRole('button', { name: 'Save' })
/** The value of a term of the totals. */
const total = (term: string | RegExp) => {
  const dt = screen
    .getAllByRole('term')
    .find((el) => (typeof term === 'string' ? el.textContent === term : term.test(el.textContent ?? '')))
  return dt?.nextElementSibling?.textContent
}

/** Types into a search box and waits until `option` is highlighted, then picks it with Enter. */
async function pickWithEnter(
  user: ReturnType<typeof userEvent.setup>,
  box: HTMLElement,
  text: string,
  option: RegExp,
) {
  await user.type(box, text)
  const choice = await screen.findByRole('option', { name: option })
  await waitFor(() => expect(choice).toHaveAttribute('data-combobox-selected'))
  await user.keyboard('{Enter}')
}

/** A new customer and the address in Cầu Giấy, Hà Nội. */
async function fillCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(customerSearch(), '0912 345 678')
  await user.click(screen.getByRole('button', { name: 'New customer' }))
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Trần Thị Bình')

  const province = screen.getByRole('combobox', { name: /^Province or city/ })
  await user.click(province)
  await pickWithEnter(user, province, 'ha noi', /^Hà Nội/)
  const ward = screen.getByRole('combobox', { name: /^Ward or commune/ })
  await waitFor(() => expect(ward).toBeEnabled())
  await user.click(ward)
  await pickWithEnter(user, ward, 'cau giay', /^Phường Cầu Giấy/)
  await user.type(screen.getByRole('textbox', { name: /^House number and street/ }), '12 Trần Duy Hưng')
}

/** A new customer, the address in Cầu Giấy, Hà Nội, and two products (the first twice). */
async function fillOrder(user: ReturnType<typeof userEvent.setup>) {
  await fillCustomer(user)
  await pickWithEnter(user, productSearch(), 'ao thun', /^Áo thun cổ tròn/)
  await pickWithEnter(user, productSearch(), 'quan jean', /^Quần jean ống đứng/)
  await pickWithEnter(user, productSearch(), 'ao thun', /^Áo thun cổ tròn/)
}

describe('the new-order rules', () => {
  it('tells a phone number from a name', () => {
    for (const phone of ['0909 123 456', '0909.123.456', '+84 909-123-456', '0909'])
      expect(looksLikePhone(phone)).toBe(true)
    for (const name of ['An', 'Nguyễn Văn An', 'An 2', '']) expect(looksLikePhone(name)).toBe(false)
  })

  it('merges the same product into one line', () => {
    const first = withProduct([], PRODUCTS[0]!)
    expect(first).toEqual({
      index: 0,
      lines: [
        {
          productId: '5',
          variantId: '',
          name: 'Áo thun cổ tròn',
          stock: 12,
          price: 250_000,
          quantity: 1,
          variants: [],
          productPrice: 250_000,
        },
      ],
    })
    const again = withProduct(first.lines, PRODUCTS[0]!)
    expect(again.index).toBe(0)
    expect(again.lines).toEqual([{ ...first.lines[0], quantity: 2 }])
  })

  it('computes the totals the server saves, the discount rounded half up and shipping after it', () => {
    const line = { variantId: '', stock: 9, variants: [], productPrice: 0 }
    const lines = [
      { ...line, productId: '5', name: 'a', price: 1_010, quantity: '1' },
      { ...line, productId: '6', name: 'b', price: '', quantity: 3 },
    ]
    expect(newOrderTotals({ lines, discountPercent: 15, shippingFee: '30000' })).toEqual({
      quantity: 4,
      subtotal: 1_010,
      discount: 152,
      discountPercent: 15,
      shippingFee: 30_000,
      total: 1_010 - 152 + 30_000,
    })
  })

  it('sends an existing customer by id, and a new one without an empty email', () => {
    const base = {
      customerMode: 'find' as const,
      customer: { id: '3', name: 'x', phoneNumber: '0912', email: '' },
      address: 'Số 1 Lê Lợi',
      lines: [],
      shippingFee: '',
      discountPercent: '',
      source: 'zalo' as const,
      methodPayment: '0',
      paymentStatus: '' as const,
      customerNote: ' ',
    }
    expect(toNewOrderBody(base)).toEqual({
      customer: { id: '3' },
      address: 'Số 1 Lê Lợi',
      lines: [],
      methodPayment: '0',
      source: 'zalo',
    })
    expect(toNewOrderBody({ ...base, customerMode: 'new' }).customer).toEqual({
      name: 'x',
      phoneNumber: '0912',
    })
  })
})

describe('the new-order screen', () => {
  it('searches customers by phone with phone= and by name with name=, and takes the one picked', async () => {
    const server = api()
    const user = userEvent.setup()
    show()
    expect(screen.getByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument()
    await pickWithEnter(user, customerSearch(), '0909 123 456', /^Nguyễn Văn An/)
    const calls = server.callsTo('GET /api/admin/users')
    const last = calls.at(-1)!
    expect(last.query.get('phone')).toBe('0909 123 456')
    expect(last.query.get('name')).toBeNull()
    expect(last.query.get('role')).toBe('user')
    expect(calls.every((call) => call.query.get('name') === null)).toBe(true)

    const chosen = screen.getByRole('group', { name: 'Chosen customer' })
    expect(chosen).toHaveTextContent('Nguyễn Văn An')
    expect(chosen).toHaveTextContent('0909123456')
    expect(within(chosen).getByRole('button', { name: 'Change customer' })).toHaveFocus()

    await user.click(within(chosen).getByRole('button', { name: 'Change customer' }))
    await user.type(customerSearch(), 'nguyen an')
    expect(await screen.findByRole('option', { name: /^Nguyễn Văn An/ })).toBeInTheDocument()
    // An option may already show from a search of fewer letters: the last search is the whole text, by name.
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/users').at(-1)!.query.get('name')).toBe('nguyen an'),
    )
    expect(server.callsTo('GET /api/admin/users').at(-1)!.query.get('phone')).toBeNull()
  })

  it('takes a new customer, the typed phone already in the phone field', async () => {
    api()
    const user = userEvent.setup()
    show()
    await user.type(customerSearch(), '0912 345 678')
    await user.click(screen.getByRole('button', { name: 'New customer' }))
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('0912 345 678')
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: /^Email/ })).not.toBeRequired()

    // A name typed goes to the name.
    await user.click(screen.getByRole('button', { name: 'Find an existing customer' }))
    await user.clear(customerSearch())
    await user.type(customerSearch(), 'Lê Thị Cúc')
    await user.click(screen.getByRole('button', { name: 'New customer' }))
    // The fields keep what was typed in them before.
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('0912 345 678')
  })

  it('refuses to save without a customer, an address or a product, and sends nothing', async () => {
    const server = api()
    const user = userEvent.setup()
    show()
    await user.click(save())
    await waitFor(() => expect(customerSearch()).toHaveAccessibleDescription(/This field is required/))
    expect(productSearch()).toHaveAccessibleDescription(/An order needs at least one line/)
    expect(screen.getByRole('combobox', { name: /^Ward or commune/ })).toHaveAccessibleDescription(
      /This field is required/,
    )
    expect(server.callsTo('POST /api/admin/orders')).toHaveLength(0)
  })

  it('shows the totals as they change, posts the order and opens its detail', async () => {
    const server = api()
    const user = userEvent.setup()
    const { router } = show()
    await fillOrder(user)

    // One line a product: the first product picked twice is two of it.
    const lines = screen.getByRole('list', { name: 'Products of the order' })
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Quantity of Áo thun cổ tròn' })).toHaveValue('2')
    expect(within(lines).getByText('Stock: 3')).toBeInTheDocument()
    expect(total('Subtotal')).toBe('599,000 VND')
    expect(total('Total')).toBe('599,000 VND')

    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '10')
    await user.type(screen.getByRole('textbox', { name: 'Shipping fee' }), '30000')
    expect(total('Discount (10%)')).toBe('-59,900 VND')
    expect(total('Shipping')).toBe('30,000 VND')
    expect(total('Total')).toBe('569,100 VND')

    const price = screen.getByRole('textbox', { name: 'Price of Quần jean ống đứng' })
    await user.clear(price)
    await user.type(price, '95000')
    // 500,000 + 95,000 = 595,000; 10 % is 59,500.
    expect(total('Subtotal')).toBe('595,000 VND')
    expect(total('Total')).toBe('565,500 VND')

    await user.selectOptions(screen.getByRole('combobox', { name: /^Source/ }), 'zalo')
    await user.type(screen.getByRole('textbox', { name: 'Customer note' }), 'Gọi trước khi giao')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/77/detail/77'))
    expect(server.callsTo('POST /api/admin/orders').map((call) => call.body)).toEqual([
      {
        customer: { name: 'Trần Thị Bình', phoneNumber: '0912345678' },
        address: { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' },
        lines: [
          { productId: '5', quantity: 2, price: 250_000 },
          { productId: '8', quantity: 1, price: 95_000 },
        ],
        shippingFee: 30_000,
        discountPercent: 10,
        methodPayment: '1',
        customerNote: 'Gọi trước khi giao',
        source: 'zalo',
      },
    ])
  })

  it('shows a line short of stock on that line, and stays', async () => {
    const server = api(() =>
      refusal(
        409,
        { code: 'linesShort', params: { lines: '2' } },
        {
          'lines.1.quantity': { code: 'stockLeft', params: { left: 3 } },
        },
      ),
    )
    const user = userEvent.setup()
    const { router } = show()
    await fillOrder(user)
    const jeans = screen.getByRole('textbox', { name: 'Quantity of Quần jean ống đứng' })
    await user.clear(jeans)
    await user.type(jeans, '5')
    await user.click(save())
    await waitFor(() => expect(jeans).toHaveAccessibleDescription('Not enough stock: 3 left'))
    expect(
      screen.getByRole('textbox', { name: 'Quantity of Áo thun cổ tròn' }),
    ).not.toHaveAccessibleDescription(/stock/)
    expect(server.callsTo('POST /api/admin/orders')).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/admin/order/new')
  })

  it('puts a 400 on its field, and offers the customer whose phone a new one gives', async () => {
    const server = api([
      () => refusal(400, 'invalid', { 'address.wardCode': 'invalid' }),
      () =>
        refusal(
          409,
          { code: 'phoneTaken', params: { name: AN.name, id: 3 } },
          {
            'customer.phoneNumber': { code: 'phoneTaken', params: { name: AN.name, id: 3 } },
          },
        ),
      (call) => json(201, { status: true, data: savedOrder('78'), message: 'OK', call }),
    ])
    const user = userEvent.setup()
    const { router } = show()
    await fillOrder(user)
    await user.click(save())
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Ward or commune/ })).toHaveAccessibleDescription(
        'This value is not valid',
      ),
    )

    await user.click(save())
    const phone = screen.getByRole('textbox', { name: /^Phone number/ })
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription('Nguyễn Văn An (customer 3) already has this phone number'),
    )
    await user.click(screen.getByRole('button', { name: 'Use Nguyễn Văn An instead' }))
    expect(screen.getByRole('group', { name: 'Chosen customer' })).toHaveTextContent('Nguyễn Văn An')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/78/detail/78'))
    expect(
      server.callsTo('POST /api/admin/orders').map((call) => (call.body as { customer: unknown }).customer),
    ).toEqual([
      { name: 'Trần Thị Bình', phoneNumber: '0912345678' },
      { name: 'Trần Thị Bình', phoneNumber: '0912345678' },
      { id: '3' },
    ])
  })

  it('shows a product out of stock but does not add it', async () => {
    api()
    const user = userEvent.setup()
    show()
    await user.type(productSearch(), 'ao')
    const jacket = await screen.findByRole('option', { name: /^Áo khoác gió/ })
    expect(jacket).toHaveTextContent('Out of stock')
    expect(jacket).toHaveAttribute('data-combobox-disabled')
    const tee = screen.getByRole('option', { name: /^Áo thun cổ tròn/ })
    expect(tee).toHaveTextContent('250,000 VND · Stock: 12')
    await user.click(jacket)
    expect(screen.queryByRole('list', { name: 'Products of the order' })).not.toBeInTheDocument()
  })
})

describe('a product with variants on the new-order screen', () => {
  const chooser = () => screen.getByRole('group', { name: 'Choose the variant of Áo polo' })
  const chooserSelect = () =>
    within(chooser()).getByRole('combobox', { name: 'Choose the variant of Áo polo' })

  /** Picks the polo in the search and its variant `id` in the select that follows, with Enter. */
  async function pickPolo(user: ReturnType<typeof userEvent.setup>, id: string) {
    await pickWithEnter(user, productSearch(), 'polo', /^Áo polo/)
    await waitFor(() => expect(chooserSelect()).toHaveFocus())
    await user.selectOptions(chooserSelect(), id)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(productSearch()).toHaveFocus())
  }

  it('asks for a variant before adding the line, each with its price and stock, one out of stock not choosable', async () => {
    api()
    const user = userEvent.setup()
    show()
    await user.type(productSearch(), 'polo')
    expect(await screen.findByRole('option', { name: /^Áo polo/ })).toHaveTextContent(
      '300,000 VND · Stock: 7 · 3 variants',
    )
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /^Áo polo/ })).toHaveAttribute('data-combobox-selected'),
    )
    await user.keyboard('{Enter}')

    // Nothing is added yet: the keyboard is in the variant's select.
    await waitFor(() => expect(chooserSelect()).toHaveFocus())
    expect(screen.queryByRole('list', { name: 'Products of the order' })).not.toBeInTheDocument()
    const options = within(chooserSelect()).getAllByRole('option')
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ['Choose a variant', true],
      ['POLO-DEN-M — M / Đen · 320,000 VND · Stock: 5', false],
      ['POLO-DEN-L — L / Đen · Out of stock', true],
      ['POLO-DEN-XL — XL / Đen · 300,000 VND · Stock: 2', false],
    ])
    // Enter with none chosen says what is missing, and adds nothing.
    await user.keyboard('{Enter}')
    expect(chooserSelect()).toHaveAccessibleDescription(/Choose a size or colour of this product/)
    expect(screen.queryByRole('list', { name: 'Products of the order' })).not.toBeInTheDocument()

    await user.selectOptions(chooserSelect(), '61')
    await user.keyboard('{Enter}')
    const lines = await screen.findByRole('list', { name: 'Products of the order' })
    await waitFor(() => expect(productSearch()).toHaveFocus())
    expect(screen.queryByRole('group', { name: /^Choose the variant/ })).not.toBeInTheDocument()
    const [line] = within(lines).getAllByRole('listitem')
    expect(line).toHaveTextContent('Áo polo')
    expect(within(line!).getByText('POLO-DEN-M · M / Đen')).toBeInTheDocument()
    expect(within(line!).getByText('Stock: 5')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Price of Áo polo (POLO-DEN-M)' })).toHaveValue('320,000')
    expect(screen.getByRole('combobox', { name: 'Variant of Áo polo' })).toHaveValue('61')

    // Cancel goes back to the search without a line.
    await pickWithEnter(user, productSearch(), 'polo', /^Áo polo/)
    await waitFor(() => expect(chooserSelect()).toHaveFocus())
    await user.click(within(chooser()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(productSearch()).toHaveFocus())
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1)
  })

  it('keeps one line a product and variant, and posts each with its variant at its price', async () => {
    const server = api()
    const user = userEvent.setup()
    const { router } = show()
    await fillCustomer(user)
    await pickPolo(user, '61')
    await pickPolo(user, '63')
    await pickPolo(user, '61')

    const lines = screen.getByRole('list', { name: 'Products of the order' })
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Quantity of Áo polo (POLO-DEN-M)' })).toHaveValue('2')
    expect(screen.getByRole('textbox', { name: 'Quantity of Áo polo (POLO-DEN-XL)' })).toHaveValue('1')
    // XL has no price of its own: the product's.
    expect(screen.getByRole('textbox', { name: 'Price of Áo polo (POLO-DEN-XL)' })).toHaveValue('300,000')
    // A line's select does not offer the variant the other line has.
    const xlSelect = within(within(lines).getAllByRole('listitem')[1]!).getByRole('combobox', {
      name: 'Variant of Áo polo',
    })
    expect(within(xlSelect).getByRole('option', { name: /^POLO-DEN-M/ })).toBeDisabled()
    expect(within(xlSelect).getByRole('option', { name: /^POLO-DEN-M/ })).toHaveTextContent(
      'already a line of this order',
    )
    expect(total('Subtotal')).toBe('940,000 VND')

    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/77/detail/77'))
    expect(
      server.callsTo('POST /api/admin/orders').map((call) => (call.body as { lines: unknown }).lines),
    ).toEqual([
      [
        { productId: '6', variantId: '61', quantity: 2, price: 320_000 },
        { productId: '6', variantId: '63', quantity: 1, price: 300_000 },
      ],
    ])
  })

  it("puts a refusal of a line's variant on that line's select, which moves it to another variant", async () => {
    const server = api([
      () => refusal(400, 'invalid', { 'lines.0.variantId': 'variantUnknown' }),
      (call) => json(201, { status: true, data: savedOrder('79'), message: 'OK', call }),
    ])
    const user = userEvent.setup()
    const { router } = show()
    await fillCustomer(user)
    await pickPolo(user, '61')
    await user.click(save())
    const select = screen.getByRole('combobox', { name: 'Variant of Áo polo' })
    await waitFor(() => expect(select).toHaveAccessibleDescription('This product has no such variant'))
    expect(select).toHaveFocus()

    // Another variant: its stock and its price (the line still had the catalogue's), and the refusal goes.
    await user.selectOptions(select, '63')
    expect(select).not.toHaveAccessibleDescription(/no such variant/)
    expect(screen.getByText('POLO-DEN-XL · XL / Đen')).toBeInTheDocument()
    expect(screen.getByText('Stock: 2')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Price of Áo polo (POLO-DEN-XL)' })).toHaveValue('300,000')
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/79/detail/79'))
    expect(
      server.callsTo('POST /api/admin/orders').map((call) => (call.body as { lines: unknown }).lines),
    ).toEqual([
      [{ productId: '6', variantId: '61', quantity: 1, price: 320_000 }],
      [{ productId: '6', variantId: '63', quantity: 1, price: 300_000 }],
    ])
  })

  it('keeps a price typed when the line moves to another variant', () => {
    const { lines } = withProduct([], POLO, POLO.variants[0]!)
    expect(withVariant({ ...lines[0]!, price: 290_000 }, '63')).toMatchObject({
      variantId: '63',
      stock: 2,
      price: 290_000,
    })
    expect(withVariant(lines[0]!, '63')).toMatchObject({ variantId: '63', price: 300_000 })
  })
})
