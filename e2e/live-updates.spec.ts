import type { Order, Product, User } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { type Api, expect, expectAccessible, test, unique } from './fixtures.ts'

// Live updates (CONTRACT 5.7) in Vietnamese: with the order list open, an order taken elsewhere (here through the
// API, as another member of staff would) shows without a reload: a toast, a count on the Orders menu item, and
// the order in the list. The test deletes the order and the customer it made.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

interface ListAnswer<T> {
  data: T[]
}

/** A phone number nobody has yet: the order makes a customer of its own, which the test deletes after. */
async function freshPhone(api: Api) {
  for (;;) {
    const digits = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    const taken = await api.get<ListAnswer<User>>(`/admin/users?role=user&phone=${digits}`)
    if (taken.data.length === 0) return digits
  }
}

/** A demo product sold as it is, with stock to spare. */
async function productInStock(api: Api) {
  const { data } = await api.get<ListAnswer<Product>>('/admin/products?limit=100&sortBy=createdAt:asc')
  const product = data.find((p) => p.quantity > 10 && p.variants.length === 0 && !p.name.startsWith('E2E'))
  if (!product) throw new Error('no product with stock to spare')
  return product
}

test('an order taken elsewhere shows in the open order list with a toast and a count on the menu', async ({
  page,
  api,
}) => {
  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const menuItem = page.getByRole('navigation', { name: vi.layout.nav.label }).getByRole('link', {
    name: new RegExp(`^${vi.layout.nav.orders}`),
  })
  await expect(menuItem).toHaveAccessibleName(vi.layout.nav.orders)
  // The list is on screen before the order is taken: what follows comes through the stream, not a page load.
  await expect(page.getByRole('table')).toBeVisible()
  const loads: string[] = []
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(frame.url()))

  const product = await productInStock(api)
  const { data: order } = await api.post<{ data: Order }>('/admin/orders', {
    customer: { name: unique('E2E Khách trực tuyến'), phoneNumber: await freshPhone(api) },
    address: '5 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
    lines: [{ productId: product.id, quantity: 1 }],
    methodPayment: '1',
    source: 'phone',
  })
  try {
    await expect(page.getByText(vi.layout.live.newOrder.replace('{{id}}', order.id))).toBeVisible()
    await expect(menuItem).toHaveAccessibleName(
      `${vi.layout.nav.orders} 1 ${vi.layout.live.newOrdersAfterCount_one}`,
    )
    await expect(menuItem).toContainText('1')
    await expect(page.getByRole('link', { name: `#${order.id}`, exact: true })).toBeVisible()
    expect(loads).toEqual([])
    // The count on the menu reads as clearly as the rest of the sidebar.
    await expectAccessible(page)
  } finally {
    await api.delete(`/admin/orders/${order.id}`)
    await api.delete(`/admin/users/${order.user.id}`)
  }
})
