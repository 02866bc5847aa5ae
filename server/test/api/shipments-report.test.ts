import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The report's cash on delivery (CONTRACT 4.8, 5.5): what the carriers hold now whatever the period, and what
// they paid over in the period with their fees; a kept report is retired by a COD change. A store of its own, so
// every figure is known.

let t: TestApp
const NOW = new Date('2026-11-20T03:00:00.000Z')
const ORDERS = '/api/admin/orders'
const TODAY = '/api/admin/analytics/report?from=2026-11-20&to=2026-11-20'
const EARLIER = '/api/admin/analytics/report?from=2026-11-01&to=2026-11-19'

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
})
afterAll(async () => t.close())

let made = 0
/** An order shipped with `carrier` under a number of its own and moved to `status`; answers its amount and number. */
async function shipped(carrier: string, status: 'in-transit' | 'delivered', units = 1) {
  const product = await insertProduct(t.database.db, { quantity: 10 })
  const order = expectEnvelope(
    await t.call('POST', ORDERS, {
      customer: { name: 'E2E Khách Thu Hộ', phoneNumber: `0955 ${String(++made).padStart(3, '0')} 111` },
      address: '3 Trần Phú, Hà Đông, Hà Nội',
      lines: [{ productId: String(product.id), quantity: units }],
      source: 'zalo',
    }),
    201,
  ).data
  const trackingNumber = `${carrier.toUpperCase()}R${made}`
  expectEnvelope(await t.call('POST', `${ORDERS}/${order.id}/shipment`, { carrier, trackingNumber }), 201)
  expectEnvelope(await t.call('PUT', `${ORDERS}/${order.id}/shipment`, { status }), 200)
  return { amount: order.amount as number, trackingNumber }
}

const codOf = async (url: string) => expectEnvelope(await t.call('GET', url), 200).data.cod

describe('the report’s cash on delivery', () => {
  it('sums what is outstanding now by carrier, and what was paid over in the period with its fees', async () => {
    expect(await codOf(TODAY)).toEqual({ outstanding: 0, byCarrier: [], collected: 0, fees: 0, net: 0 })
    const a = await shipped('ghn', 'delivered')
    const b = await shipped('ghtk', 'delivered', 2)
    const c = await shipped('ghtk', 'delivered', 3)
    const d = await shipped('ghtk', 'delivered')
    await shipped('ghn', 'in-transit')
    // Asked now, and kept: the COD paid over below must retire it.
    const before = await codOf(TODAY)
    expect(before.outstanding).toBe(a.amount + b.amount + c.amount + d.amount)

    const form = new FormData()
    form.append('carrier', 'ghtk')
    form.append(
      'file',
      new Blob([`Mã vận đơn,Tiền thu hộ,Phí\r\n${d.trackingNumber},${d.amount},20000\r\n`], {
        type: 'text/csv',
      }),
      'ghtk.csv',
    )
    expect(
      expectEnvelope(await t.call('POST', '/api/admin/shipments/cod-collected', form), 200).data.collected,
    ).toBe(1)
    const carriers = [
      { carrier: 'ghn', orders: 1, amount: a.amount },
      { carrier: 'ghtk', orders: 2, amount: b.amount + c.amount },
    ].sort((x, y) => y.amount - x.amount)
    expect(await codOf(TODAY)).toEqual({
      outstanding: a.amount + b.amount + c.amount,
      byCarrier: carriers,
      collected: d.amount,
      fees: 20_000,
      net: d.amount - 20_000,
    })
    // Another period: the same outstanding (it is now's), nothing paid over in it.
    expect(await codOf(EARLIER)).toEqual({
      outstanding: a.amount + b.amount + c.amount,
      byCarrier: carriers,
      collected: 0,
      fees: 0,
      net: 0,
    })
  })
})
