import type { Page } from '@playwright/test'
import type { Order, Product, StockMovement } from '@store/contract'
import { vi } from '../web/src/i18n/vi/index.ts'
import { type Api, expect, expectAccessible, freshPhone, screenshot, test, unique } from './fixtures.ts'

// A parcel's life from its order's detail (CONTRACT 5.5): handed to a carrier with its COD, picked up, delivered,
// its label printed, and the carrier's payment of the COD recorded from the COD screen; and a parcel that comes
// back, which cancels its order and returns its stock. Each test takes its own order through the API; orders that
// shipped are kept (CONTRACT 5.2), under customers named 'E2E …'.

interface ListAnswer<T> {
  data: T[]
}

/**
 * A demo product sold as it is, with stock to spare: taken from those with the most stock, where the tests that
 * take the newest and the oldest products do not look.
 */
async function aProduct(api: Api, skip = 0) {
  const { data } = await api.get<ListAnswer<Product>>('/admin/products?limit=50&sortBy=quantity:desc')
  const found = data.filter((p) => p.variants.length === 0 && !p.name.startsWith('E2E') && p.quantity > 10)
  const product = found[skip]
  if (!product) throw new Error('no product with stock to spare')
  return product
}

/** An order of one unit, to be paid in cash on delivery, for a new customer. */
async function codOrder(api: Api, product: Product) {
  const { data } = await api.post<{ data: Order }>('/admin/orders', {
    customer: { name: unique('E2E Khách giao hàng'), phoneNumber: await freshPhone(api) },
    address: '12 Trần Duy Hưng, Cầu Giấy, Hà Nội',
    lines: [{ productId: product.id, quantity: 1 }],
    methodPayment: '1',
    source: 'phone',
  })
  return data
}

/** A tracking number no parcel of the demo store has: letters and digits, as carriers print them. */
const trackingNumber = () => `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`

/** The value of a term of a description list. */
const term = (page: Page, name: string) =>
  page.locator(`xpath=//dt[normalize-space()="${name}"]/following-sibling::dd[1]`)

const stockOf = async (api: Api, product: Product) =>
  (await api.get<{ data: Product }>(`/admin/products/${product.id}`)).data.quantity

test.describe('in Vietnamese', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'vi'))
  })

  test('a COD order shipped from its detail, delivered, labelled, and its COD recorded from the statement', async ({
    page,
    api,
  }) => {
    test.slow()
    const product = await aProduct(api)
    const order = await codOrder(api, product)
    const number = trackingNumber()
    const t = vi.orders

    await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
    const section = page.getByRole('region', { name: 'Vận đơn' })
    await expect(section).toContainText('Chưa giao cho đơn vị vận chuyển.')
    await section.getByRole('button', { name: 'Tạo vận đơn' }).click()

    const dialog = page.getByRole('dialog', { name: `Tạo vận đơn cho đơn hàng #${order.id}` })
    await expect(dialog).toBeVisible()
    // The COD starts at what the customer owes: the order is unpaid.
    const amount = String(order.amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
    await expect(dialog.getByRole('textbox', { name: /^Tiền thu hộ/ })).toHaveValue(`${amount} ₫`)
    await dialog.getByRole('combobox', { name: /^Đơn vị vận chuyển/ }).selectOption('ghn')
    await dialog.getByRole('textbox', { name: /^Mã vận đơn/ }).fill(number)
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Tạo vận đơn' }).click()
    await expect(dialog).toBeHidden()

    // Made: the parcel waits for pick-up, its number links to the carrier's tracking page, the order is
    // Processing.
    await expect(term(page, 'Trạng thái vận đơn')).toHaveText(vi.enums.shipmentStatus.ready)
    const link = section.getByRole('link', { name: new RegExp(`^${number}`) })
    await expect(link).toHaveAttribute('href', `https://donhang.ghn.vn/?order_code=${number}`)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('combobox', { name: 'Trạng thái' }).locator('option:checked')).toHaveText(
      vi.enums.orderStatus['2'],
    )

    // Picked up: the order reads 'Đang giao' while the carrier has it.
    const steps = page.getByRole('group', { name: 'Cập nhật vận đơn' })
    await steps.getByRole('button', { name: 'Đã lấy hàng' }).click()
    await expect(term(page, 'Trạng thái vận đơn')).toHaveText('Đang giao')
    await expect(page.getByRole('combobox', { name: 'Trạng thái' }).locator('option:checked')).toHaveText(
      'Đang giao',
    )
    await expectAccessible(page)
    await screenshot(page, 'shipment-in-transit')

    // The label: a PDF named for the day.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'In nhãn' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^labels-\d{8}\.pdf$/)

    // Delivered: the order is Delivered, its COD now waits for the carrier's payment.
    await steps.getByRole('button', { name: 'Đã giao' }).click()
    await expect(term(page, 'Trạng thái vận đơn')).toHaveText(vi.enums.shipmentStatus.delivered)
    await expect(term(page, 'Trạng thái COD')).toHaveText(vi.enums.codStatus.outstanding)
    await expect(page.getByRole('combobox', { name: 'Trạng thái' }).locator('option:checked')).toHaveText(
      vi.enums.orderStatus['3'],
    )

    // The carrier's statement: checked first (nothing written), then recorded.
    await page.goto('/admin/cod')
    await expect(page.getByRole('heading', { level: 1, name: 'Đối soát COD' })).toBeVisible()
    await page.getByRole('combobox', { name: /^Đơn vị vận chuyển/ }).selectOption('ghn')
    await page.getByRole('textbox', { name: /^Mã vận đơn/ }).fill(`${number.toLowerCase()}\nE2E-KHONG-CO`)
    await page.getByRole('button', { name: 'Kiểm tra' }).click()
    await expect(page.getByText('Đã kiểm tra: chưa ghi nhận gì')).toBeVisible()
    const results = page.getByRole('table', { name: 'Kết quả theo mã vận đơn' })
    await expect(results.getByRole('row', { name: new RegExp(number) })).toContainText('Sẽ ghi nhận')
    await expect(results.getByRole('row', { name: /E2E-KHONG-CO/ })).toBeVisible()
    await expectAccessible(page)
    expect((await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data.paymentStatus).toBe('unpaid')
    await page.getByRole('button', { name: 'Ghi nhận' }).click()
    await expect(page.getByText('Đã ghi nhận', { exact: true })).toBeVisible()
    await expect(results.getByRole('row', { name: new RegExp(number) })).toContainText('Đã thu')

    // The order is paid, and its timeline says how.
    const after = (await api.get<{ data: Order }>(`/admin/orders/${order.id}`)).data
    expect(after.paymentStatus).toBe('paid')
    expect(after.shipment?.codStatus).toBe('collected')
    await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
    await expect(term(page, 'Trạng thái COD')).toHaveText(vi.enums.codStatus.collected)
    await expect(page.getByRole('list', { name: t.timeline.title })).toContainText('Đã đối soát COD')
  })
})

test('a parcel that comes back cancels its order and returns its stock as a returned movement', async ({
  page,
  api,
}) => {
  const product = await aProduct(api, 1)
  const before = await stockOf(api, product)
  const order = await codOrder(api, product)
  await api.post(`/admin/orders/${order.id}/shipment`, { carrier: 'jt', trackingNumber: trackingNumber() })
  expect(await stockOf(api, product)).toBe(before - 1)

  await page.goto(`/admin/order/${order.id}/detail/${order.id}`)
  const steps = page.getByRole('group', { name: 'Move the shipment on' })
  await steps.getByRole('button', { name: 'Returned' }).click()
  const ask = page.getByRole('dialog', { name: 'Are you sure?' })
  await ask.getByRole('button', { name: 'Yes, it came back' }).click()
  await expect(term(page, 'Shipment status')).toHaveText('Returned')
  await expect(page.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
    'Cancelled',
  )

  expect(await stockOf(api, product)).toBe(before)
  const movements = await api.get<ListAnswer<StockMovement>>(`/admin/products/${product.id}/stock-movements`)
  expect(movements.data[0]).toMatchObject({ reason: 'returned', delta: 1, orderId: order.id })
})
