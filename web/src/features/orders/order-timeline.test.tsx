import { type Message, messageText, type OrderEvent } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { createFormat } from '../../lib/format.ts'
import { fakeFetch, json, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { describeEvent, OrderTimeline } from './order-timeline.tsx'

const staff = { id: '1', _id: '1', name: 'Trần Thị Bích', email: 'bich@example.com' }
const at = '2026-11-25T02:15:00.000Z'
const event = (fields: Partial<OrderEvent> & Pick<OrderEvent, 'type'>): OrderEvent => ({
  id: '1',
  at,
  actor: staff,
  ...fields,
})

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('describeEvent', () => {
  const en = createFormat({ language: 'en', timeZone: 'Asia/Ho_Chi_Minh' })
  const say = (e: OrderEvent) => describeEvent(i18next.t, en, e)

  it('names statuses and payment statuses, from codes or text', () => {
    expect(say(event({ type: 'status', from: 1, to: 2 })).title).toBe('Status: Pending → Processing')
    expect(say(event({ type: 'status', from: '2', to: '0' })).title).toBe('Status: Processing → Cancelled')
    expect(say(event({ type: 'payment', from: 'unpaid', to: 'paid' })).title).toBe('Payment: Unpaid → Paid')
    expect(say(event({ type: 'payment', from: 'pending', to: 'refunded' })).title).toBe(
      'Payment: Awaiting payment → Refunded',
    )
    expect(say(event({ type: 'created' }))).toEqual({ title: 'Order placed', details: [] })
  })

  it('lists the fields an edit changed, money in VND and codes by name, an emptied field as (empty)', () => {
    const text = say(
      event({
        type: 'edited',
        changes: {
          amount: [3_385_000, 1],
          quantity: [12, 1_500],
          address: ['12 Lê Lợi', '34 Nguyễn Huệ'],
          customerNote: ['Giao giờ hành chính', ''],
          methodPayment: ['1', '7'],
        },
      }),
    )
    expect(text).toEqual({
      title: 'Edited',
      details: [
        'Amount: 3,385,000 VND → 1 VND',
        'Quantity: 12 → 1,500',
        'Address: 12 Lê Lợi → 34 Nguyễn Huệ',
        'Customer note: Giao giờ hành chính → (empty)',
        'Payment method: Cash on delivery → PayPal (code 7)',
      ],
    })
  })

  it('says which line was removed and what it changed, and keeps a note as written', () => {
    const line = {
      id: '40',
      product: { id: '7', _id: '7', name: 'Áo thun cổ tròn' },
      price: 250_000,
      quantity: 2,
      size: 'L',
    }
    expect(
      say(
        event({
          type: 'line-deleted',
          changes: { line: [line, null], totalPrice: [530_000, 30_000], quantity: [3, 1] },
        }),
      ),
    ).toEqual({
      title: 'Line removed',
      details: [
        'Áo thun cổ tròn, size L: 250,000 VND x 2',
        'Total: 530,000 VND → 30,000 VND',
        'Quantity: 3 → 1',
      ],
    })
    expect(
      say(event({ type: 'line-deleted', changes: { line: [{ ...line, size: null }, null] } })).details,
    ).toEqual(['Áo thun cổ tròn: 250,000 VND x 2'])
    // A line staff added at another price than the catalogue's, and a line changed.
    expect(
      say(
        event({
          type: 'line-added',
          changes: { line: [null, { ...line, size: null }], price: [280_000, 250_000] },
        }),
      ),
    ).toEqual({
      title: 'Line added',
      details: ['Áo thun cổ tròn: 250,000 VND x 2', 'Price: 280,000 VND → 250,000 VND'],
    })
    expect(
      say(
        event({
          type: 'line-changed',
          changes: {
            line: [null, { ...line, size: null }],
            lineQuantity: [1, 2],
            subtotal: [250_000, 500_000],
          },
        }),
      ),
    ).toEqual({
      title: 'Line changed',
      details: ['Áo thun cổ tròn: 250,000 VND x 2', 'Quantity: 1 → 2', 'Subtotal: 250,000 VND → 500,000 VND'],
    })
    expect(say(event({ type: 'note', note: 'Khách hẹn\ngiao sau 17h' }))).toEqual({
      title: 'Note',
      details: [],
      note: 'Khách hẹn\ngiao sau 17h',
    })
  })

  it('names the variant of a line under it, its SKU first', () => {
    const line = {
      id: '42',
      product: { id: '6', _id: '6', name: 'Áo polo' },
      price: 210_000,
      quantity: 1,
      size: null,
      variant: { sku: 'POLO-DEN-M', size: 'M', color: 'Đen' },
    }
    expect(say(event({ type: 'line-added', changes: { line: [null, line] } })).details).toEqual([
      'Áo polo: 210,000 VND x 1',
      'POLO-DEN-M · M / Đen',
    ])
    expect(
      say(
        event({
          type: 'line-changed',
          changes: {
            line: [null, { ...line, variant: { ...line.variant, color: null } }],
            lineQuantity: [1, 2],
          },
        }),
      ).details,
    ).toEqual(['Áo polo: 210,000 VND x 1', 'POLO-DEN-M · M', 'Quantity: 1 → 2'])
    expect(
      say(
        event({
          type: 'line-deleted',
          changes: { line: [{ ...line, variant: { sku: 'POLO-1', size: null, color: null } }, null] },
        }),
      ).details,
    ).toEqual(['Áo polo: 210,000 VND x 1', 'POLO-1'])
  })

  it('speaks Vietnamese when chosen', async () => {
    await i18next.changeLanguage('vi')
    const vi = createFormat({ language: 'vi', timeZone: 'Asia/Ho_Chi_Minh' })
    expect(describeEvent(i18next.t, vi, event({ type: 'status', from: 2, to: 3 })).title).toBe(
      'Trạng thái: Đang xử lý → Đã giao',
    )
    expect(
      describeEvent(i18next.t, vi, event({ type: 'edited', changes: { amount: [530_000, 500_000] } }))
        .details,
    ).toEqual(['Tổng tiền: 530.000 ₫ → 500.000 ₫'])
    expect(
      describeEvent(i18next.t, vi, event({ type: 'line-added', changes: { price: [280_000, 250_000] } })),
    ).toEqual({ title: 'Đã thêm một sản phẩm', details: ['Giá: 280.000 ₫ → 250.000 ₫'] })
  })
})

describe('OrderTimeline', () => {
  const EVENTS = 'GET /api/admin/orders/12/events'
  const NOTES = 'POST /api/admin/orders/12/notes'
  const before: OrderEvent[] = [
    event({ id: 'created-12', type: 'created', actor: null, at: '2026-11-21T04:30:00Z' }),
  ]
  const noted = event({ id: '10', type: 'note', note: 'Khách hẹn giao sau 17h' })

  const show = (routes: Parameters<typeof fakeFetch>[0], canWrite = true) => {
    const server = fakeFetch(routes)
    renderAt(<OrderTimeline orderId="12" canWrite={canWrite} />)
    return server
  }
  const entries = async () =>
    within(await screen.findByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
  const noteBox = () => screen.getByRole('textbox', { name: /^Add a note/ })

  it('adds a note, then shows it on top of the timeline it loads again', async () => {
    const server = show({
      [EVENTS]: [() => ok(before), () => ok([noted, ...before])],
      [NOTES]: () => json(201, { status: true, data: noted, message: 'Created' }),
    })
    expect(await entries()).toEqual(['Order placed2026-11-21 11:30The store'])
    const user = userEvent.setup()
    await user.type(noteBox(), '  Khách hẹn giao sau 17h ')
    expect(screen.getByText('25 / 2,000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Note2026-11-25 09:15Trần Thị BíchKhách hẹn giao sau 17h',
        'Order placed2026-11-21 11:30The store',
      ]),
    )
    // Sent trimmed, as the contract reads it; the box is emptied for the next note.
    expect(server.callsTo(NOTES).map((call) => call.body)).toEqual([{ note: 'Khách hẹn giao sau 17h' }])
    expect(noteBox()).toHaveValue('')
  })

  it('refuses an empty note and one of 2,001 characters by the field, sending nothing', async () => {
    const server = show({ [EVENTS]: () => ok(before) })
    await entries()
    const user = userEvent.setup()
    await user.type(noteBox(), '   ')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(noteBox()).toHaveAccessibleDescription(/^This field is required/))
    await user.clear(noteBox())
    await user.click(noteBox())
    await user.paste('a'.repeat(2001))
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    const tooLong = messageText({ code: 'tooLong', params: { max: 2000 } })
    await waitFor(() => expect(noteBox()).toHaveAccessibleDescription(new RegExp(`^${tooLong}`)))
    expect(screen.getByText('2,001 / 2,000')).toBeInTheDocument()
    expect(server.callsTo(NOTES)).toHaveLength(0)
  })

  it("shows the server's refusal next to the field, in Vietnamese when chosen", async () => {
    const tooLong: Message = { code: 'tooLong', params: { max: 2000 } }
    show({ [EVENTS]: () => ok(before), [NOTES]: () => refusal(400, tooLong, { note: tooLong }) })
    await act(() => i18next.changeLanguage('vi'))
    await screen.findByRole('list', { name: 'Lịch sử đơn hàng' })
    const box = screen.getByRole('textbox', { name: /^Thêm ghi chú/ })
    const user = userEvent.setup()
    await user.type(box, 'Ghi chú')
    await user.click(screen.getByRole('button', { name: 'Thêm ghi chú' }))
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(new RegExp(`^${i18next.t('messages.tooLong', { max: 2000 })}`)),
    )
    expect(box).toHaveValue('Ghi chú')
  })

  it('has no note box for an account that may only read, and says when nothing could be loaded', async () => {
    show({ [EVENTS]: [() => refusal(500, 'serverError'), () => ok(before)] }, false)
    expect(await screen.findByText('The timeline could not be loaded.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await entries()).toEqual(['Order placed2026-11-21 11:30The store'])
  })
})
