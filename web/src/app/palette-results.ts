import type { Order, Permission, Product, User } from '@store/contract'
import type { TFunction } from 'i18next'
import { orderStatusName } from '../components/order-status-badge.tsx'
import { paths } from '../lib/paths.ts'
import { foldText } from '../lib/search-text.ts'
import { NAV, type NavKey } from './nav.ts'

/** How many records of each kind the palette shows for what was typed. */
export const PALETTE_LIMIT = 5

export type PaletteGroupKey = 'actions' | 'screens' | 'orders' | 'products' | 'customers'

/** One line of the palette: Enter or a click opens `to`. */
export interface PaletteItem {
  /** Unique in the palette: `order-300`, `screen-products`. */
  id: string
  label: string
  description?: string
  to: string
  /** The sidebar entry it is, for its icon. */
  nav?: NavKey
}

export interface PaletteGroup {
  key: PaletteGroupKey
  label: string
  items: PaletteItem[]
}

/** The records found for the term: a kind the account may not read, or not asked yet, is undefined. */
export interface PaletteRecords {
  orders?: readonly Order[]
  products?: readonly Product[]
  customers?: readonly User[]
}

/** A customer's phone in any common writing: '0909 123 456', '+84 909-123-456'. */
const PHONE = /^\+?\d{9,15}$/
export const looksLikePhone = (term: string) => PHONE.test(term.replace(/[\s.\-()]/g, ''))

/**
 * The list calls that find records for a typed term, each with the query its list takes, only for what the
 * account may read: orders by number, phone or name (`q`, CONTRACT 5.2), products by name or a variant's exact SKU
 * or barcode (`name`), customers by phone when the term is one, else by name.
 *
 * @example searchQueries('0909123456', permissions).customers // { role: 'user', phone: '0909123456', limit: 5 }
 */
export function searchQueries(term: string, permissions: readonly Permission[]) {
  const text = term.trim()
  if (!text) return {}
  return {
    ...(permissions.includes('orders:read') && { orders: { q: text, limit: PALETTE_LIMIT } }),
    ...(permissions.includes('catalog:read') && { products: { name: text, limit: PALETTE_LIMIT } }),
    ...(permissions.includes('customers:read') && {
      customers: {
        role: 'user' as const,
        ...(looksLikePhone(text) ? { phone: text } : { name: text }),
        limit: PALETTE_LIMIT,
      },
    }),
  }
}

/** The variant of a product whose SKU or barcode is the term: what the list's `name` search matched exactly. */
const matchedVariant = (product: Product, term: string) => {
  const wanted = term.trim().toLowerCase()
  return product.variants.find(
    (variant) => variant.sku.toLowerCase() === wanted || variant.barcode?.toLowerCase() === wanted,
  )
}

/**
 * What the palette shows for `query`, group by group, groups with nothing left out: the actions and the screens
 * whose names hold what was typed (accents and case aside), then the records found for `term` (what was typed
 * once the typing paused). Screens and actions follow the account's permissions, as the sidebar does.
 *
 * @example paletteGroups({ query: 'don', term: 'don', permissions, records: {} }, t, format.money)
 */
export function paletteGroups(
  {
    query,
    term,
    permissions,
    records,
  }: { query: string; term: string; permissions: readonly Permission[]; records: PaletteRecords },
  t: TFunction,
  money: (amount: number) => string,
): PaletteGroup[] {
  const wanted = foldText(query)
  const matches = (label: string) => foldText(label).includes(wanted)
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ')

  const actions: PaletteItem[] = permissions.includes('orders:write')
    ? [{ id: 'action-new-order', label: t('shell.palette.newOrder'), to: paths.orderNew }]
    : []
  const screens: PaletteItem[] = NAV.filter((item) => permissions.includes(item.permission)).map((item) => ({
    id: `screen-${item.key}`,
    label: t(`layout.nav.${item.key}`),
    to: item.to,
    nav: item.key,
  }))
  const orders: PaletteItem[] = (records.orders ?? []).map((order) => ({
    id: `order-${order.id}`,
    label: t('shell.palette.order', { id: order.id }),
    description: join(
      order.user.name,
      order.user.phoneNumber,
      money(order.amount),
      orderStatusName(t, order),
    ),
    to: paths.orderDetail(order.id),
  }))
  const products: PaletteItem[] = (records.products ?? []).map((product) => {
    const variant = matchedVariant(product, term)
    return {
      id: `product-${product.id}`,
      label: product.name,
      description: join(
        variant && t('shell.palette.sku', { sku: variant.sku }),
        money(variant?.price ?? product.price),
        product.category.name,
      ),
      to: paths.productEdit(product.id),
    }
  })
  const customers: PaletteItem[] = (records.customers ?? []).map((user) => ({
    id: `customer-${user.id}`,
    label: user.name,
    description: join(user.phoneNumber, user.email),
    to: paths.userEdit(user.id),
  }))

  const groups: PaletteGroup[] = [
    {
      key: 'actions',
      label: t('shell.palette.actions'),
      items: actions.filter((item) => matches(item.label)),
    },
    {
      key: 'screens',
      label: t('shell.palette.screens'),
      items: screens.filter((item) => matches(item.label)),
    },
    { key: 'orders', label: t('shell.palette.orders'), items: orders },
    { key: 'products', label: t('shell.palette.products'), items: products },
    { key: 'customers', label: t('shell.palette.customers'), items: customers },
  ]
  return groups.filter((group) => group.items.length > 0)
}
