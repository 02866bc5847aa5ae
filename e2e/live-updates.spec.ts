import type { Order } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { expect, expectAccessible, freshPhone, productInStock, test, unique } from './fixtures.ts'

// Live updates (CONTRACT 5.7) in Vietnamese: with the order list open, an order taken elsewhere (here through the
// API, as another member of staff would) shows without a reload: a toast, a count on the Orders menu item, and
// the order in the list. The test deletes the order and the customer it made.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'vi'))
})

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
    // At least this one: orders other tests take meanwhile count too.
    const { newOrdersAfterCount_one: one, newOrdersAfterCount_other: other } = vi.layout.live
    await expect(menuItem).toHaveAccessibleName(
      new RegExp(`^${vi.layout.nav.orders} [1-9]\\d* (${one}|${other})$`),
    )
    await expect(page.getByRole('link', { name: `#${order.id}`, exact: true })).toBeVisible()
    expect(loads).toEqual([])
    // The count on the menu reads as clearly as the rest of the sidebar.
    await expectAccessible(page)
  } finally {
    await api.delete(`/admin/orders/${order.id}`)
    await api.delete(`/admin/users/${order.user.id}`)
  }
})
