import { type Order, type Product, ROLE_PERMISSIONS, type User } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { createFormat } from '../lib/format.ts'
import { fakeFetch, json, ok } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'
import { CommandPalette } from './command-palette.tsx'
import { looksLikePhone, paletteGroups, searchQueries } from './palette-results.ts'

const t = i18next.t
const { money } = createFormat({ language: 'en', timeZone: 'Asia/Ho_Chi_Minh' })
const ADMIN = ROLE_PERMISSIONS.admin
const STAFF = ROLE_PERMISSIONS.staff

const order = (id: string, overrides: Partial<Order> = {}): Order => ({
  id,
  _id: id,
  user: { id: '7', _id: '7', name: 'Trần Thị Lan', email: 'lan@example.com', phoneNumber: '0909123456' },
  address: '5 Xuân Thủy, Cầu Giấy, Hà Nội',
  addressParts: null,
  amount: 3518000,
  quantity: 3,
  status: 1,
  customerNote: '',
  subtotal: 3518000,
  shipingFee: 0,
  discountPercent: 0,
  totalPrice: 3518000,
  methodPayment: '0',
  paymentStatus: 'unpaid',
  source: 'phone',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
})

const product = (overrides: Partial<Product> = {}): Product => ({
  id: '9',
  _id: '9',
  name: 'Giày sneaker cổ thấp',
  slug: 'giay-sneaker-co-thap',
  price: 769000,
  images: [],
  thumbnail: null,
  description: '',
  size: [],
  quantity: 12,
  category: { id: 'c1', _id: 'c1', name: 'Giày dép' },
  brand: { id: 'b1', _id: 'b1', name: 'Hạ Long House' },
  sold: 3,
  rating: 4.5,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  variants: [
    {
      id: 'v1',
      _id: 'v1',
      sku: 'SP056-39',
      size: '39',
      color: 'Be',
      price: null,
      quantity: 6,
      barcode: null,
    },
    {
      id: 'v2',
      _id: 'v2',
      sku: 'SP056-40',
      size: '40',
      color: 'Be',
      price: 799000,
      quantity: 6,
      barcode: '8930000000403',
    },
  ],
  ...overrides,
})

const customer: User = {
  id: '7',
  _id: '7',
  name: 'Trần Thị Lan',
  email: 'lan@example.com',
  phoneNumber: '0909123456',
  gender: 1,
  dob: null,
  location: null,
  addressParts: null,
  avatar: null,
  isEmailVerified: true,
  lastLoginAt: null,
  role: 'user',
  version: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('searchQueries', () => {
  it('asks each list the account may read, customers by phone when the term is one', () => {
    expect(searchQueries('  ', ADMIN)).toEqual({})
    expect(searchQueries(' 0909 123 456 ', ADMIN)).toEqual({
      orders: { q: '0909 123 456', limit: 5 },
      products: { name: '0909 123 456', limit: 5 },
      customers: { role: 'user', phone: '0909 123 456', limit: 5 },
    })
    expect(searchQueries('Lan', ADMIN).customers).toEqual({ role: 'user', name: 'Lan', limit: 5 })
    expect(searchQueries('#300', ADMIN).customers).toEqual({ role: 'user', name: '#300', limit: 5 })
    // An account that reads only the catalogue finds only products.
    expect(searchQueries('Lan', ['catalog:read'])).toEqual({ products: { name: 'Lan', limit: 5 } })
  })

  it('takes a phone in any common writing, and nothing shorter or with letters', () => {
    for (const phone of ['0909123456', '0909 123 456', '+84 909-123-456', '(028) 3823.4567'])
      expect(looksLikePhone(phone), phone).toBe(true)
    for (const text of ['300', '#300', '0909 12', 'SP056-39', 'Lan 0909123456'])
      expect(looksLikePhone(text), text).toBe(false)
  })
})

describe('paletteGroups', () => {
  it('offers New order and every screen of the account when nothing is typed, as the sidebar does', () => {
    const groups = paletteGroups({ query: '', term: '', permissions: ADMIN, records: {} }, t, money)
    expect(groups.map((g) => g.label)).toEqual(['Actions', 'Screens'])
    expect(groups[0]!.items).toEqual([{ id: 'action-new-order', label: 'New order', to: '/admin/order/new' }])
    expect(groups[1]!.items.map((item) => item.label)).toContain('Audit log')
    expect(groups[1]!.items).toHaveLength(13)

    const staff = paletteGroups({ query: '', term: '', permissions: STAFF, records: {} }, t, money)
    const screens = staff.find((g) => g.key === 'screens')!.items.map((item) => item.label)
    expect(screens).not.toContain('Audit log')
    expect(screens).not.toContain('Staff')
    expect(screens).toContain('Orders')
    // Without orders:write there is no New order.
    const readOnly = paletteGroups(
      { query: '', term: '', permissions: ['orders:read'], records: {} },
      t,
      money,
    )
    expect(readOnly.map((g) => g.key)).toEqual(['screens'])
  })

  it('keeps the screens and actions whose names hold what is typed, accents and case aside', async () => {
    const products = paletteGroups({ query: 'PROD', term: 'PROD', permissions: ADMIN, records: {} }, t, money)
    expect(products.flatMap((g) => g.items.map((item) => [item.label, item.to]))).toEqual([
      ['Products', '/admin/products'],
      ['Add product', '/admin/product'],
    ])
    await i18next.changeLanguage('vi')
    try {
      const orders = paletteGroups({ query: 'don hang', term: '', permissions: ADMIN, records: {} }, t, money)
      expect(orders.flatMap((g) => g.items.map((item) => item.label))).toEqual(['Tạo đơn hàng', 'Đơn hàng'])
    } finally {
      await i18next.changeLanguage('en')
    }
    expect(paletteGroups({ query: 'zzz', term: 'zzz', permissions: ADMIN, records: {} }, t, money)).toEqual(
      [],
    )
  })

  it('shows each record found with what tells it apart, and opens its page', () => {
    const groups = paletteGroups(
      {
        query: 'sp056-40',
        term: 'sp056-40',
        permissions: ADMIN,
        records: { orders: [order('300')], products: [product()], customers: [customer] },
      },
      t,
      money,
    )
    expect(groups.map((g) => g.key)).toEqual(['orders', 'products', 'customers'])
    expect(groups[0]!.items).toEqual([
      {
        id: 'order-300',
        label: 'Order #300',
        description: 'Trần Thị Lan · 0909123456 · 3,518,000 VND · Pending',
        to: '/admin/order/300/detail/300',
      },
    ])
    // The variant whose SKU was typed, with its own price.
    expect(groups[1]!.items).toEqual([
      {
        id: 'product-9',
        label: 'Giày sneaker cổ thấp',
        description: 'SKU SP056-40 · 799,000 VND · Giày dép',
        to: '/admin/product/edit/9',
      },
    ])
    expect(groups[2]!.items).toEqual([
      {
        id: 'customer-7',
        label: 'Trần Thị Lan',
        description: '0909123456 · lan@example.com',
        to: '/admin/user/edit/7',
      },
    ])
    // Found by its barcode, the same variant; found by name, the product's own price.
    const byBarcode = paletteGroups(
      { query: '', term: '8930000000403', permissions: ADMIN, records: { products: [product()] } },
      t,
      money,
    )
    expect(byBarcode.find((g) => g.key === 'products')!.items[0]!.description).toBe(
      'SKU SP056-40 · 799,000 VND · Giày dép',
    )
    const byName = paletteGroups(
      { query: 'giay', term: 'giay', permissions: ADMIN, records: { products: [product()] } },
      t,
      money,
    )
    expect(byName.find((g) => g.key === 'products')!.items[0]!.description).toBe('769,000 VND · Giày dép')
  })
})

describe('CommandPalette', () => {
  it('finds records as the user types, after a pause, and Enter opens the first', async () => {
    const server = fakeFetch({
      'GET /api/admin/orders': () =>
        ok([order('300')], { meta: { page: 1, limit: 5, totalPages: 1, totalResults: 1 } }),
      'GET /api/admin/products': () =>
        ok([], { meta: { page: 1, limit: 5, totalPages: 0, totalResults: 0 } }),
      'GET /api/admin/users': () =>
        ok([customer], { meta: { page: 1, limit: 5, totalPages: 1, totalResults: 1 } }),
    })
    const user = userEvent.setup()
    const { router } = renderAt(
      <CommandPalette opened onClose={() => undefined} permissions={ADMIN} />,
      '/admin/products',
    )
    const search = await screen.findByRole('combobox', { name: 'Search and go' })
    await waitFor(() => expect(search).toHaveFocus())
    // The screens are there at once.
    expect(screen.getByRole('option', { name: 'Products' })).toBeInTheDocument()

    await user.type(search, '0909 123 456')
    const orders = await screen.findByRole('group', { name: 'Orders' })
    const found = within(orders).getByRole('option', { name: /^Order #300/ })
    // Typed in one go, the term went to the server once, to each list.
    expect(server.callsTo('GET /api/admin/orders').map((c) => c.query.get('q'))).toEqual(['0909 123 456'])
    expect(server.callsTo('GET /api/admin/users')[0]!.query.get('phone')).toBe('0909 123 456')
    expect(server.callsTo('GET /api/admin/products')[0]!.query.get('name')).toBe('0909 123 456')
    expect(screen.getByRole('group', { name: 'Customers' })).toHaveTextContent('Trần Thị Lan')
    // The first line is the chosen one, for screen readers too.
    await waitFor(() => expect(found).toHaveAttribute('aria-selected', 'true'))
    expect(search).toHaveAttribute('aria-activedescendant', found.id)

    await user.keyboard('{ArrowDown}')
    const second = screen.getByRole('option', { name: /^Trần Thị Lan/ })
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(search).toHaveAttribute('aria-activedescendant', second.id)
    await user.keyboard('{ArrowUp}{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/300/detail/300'))
  })

  it('says when nothing is found, and when the search failed', async () => {
    const none = () => ok([], { meta: { page: 1, limit: 5, totalPages: 0, totalResults: 0 } })
    fakeFetch({
      'GET /api/admin/orders': [none, () => json(500, { status: false, data: null, message: 'Down' })],
      'GET /api/admin/products': [none, none],
    })
    const user = userEvent.setup()
    renderAt(
      <CommandPalette opened onClose={() => undefined} permissions={['orders:read', 'catalog:read']} />,
    )
    const search = await screen.findByRole('combobox', { name: 'Search and go' })
    await user.type(search, 'qqq')
    expect(await screen.findByText('Nothing found')).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'www')
    expect(await screen.findByText('The search could not be done. Try again.')).toBeInTheDocument()
  })

  it('opens empty again, however soon after it closed', async () => {
    function Harness() {
      const [opened, setOpened] = useState(true)
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Open
          </button>
          <CommandPalette opened={opened} onClose={() => setOpened(false)} permissions={['orders:write']} />
        </>
      )
    }
    const user = userEvent.setup()
    renderAt(<Harness />)
    const search = await screen.findByRole('combobox', { name: 'Search and go' })
    await user.type(search, 'new')
    expect(screen.getByRole('option', { name: 'New order' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Open', hidden: true }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search and go' })).toHaveValue(''))
  })
})
