import { type Message, messageText, type Order } from '@store/contract'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { OrderEditPage } from './order-edit-page.tsx'

const order: Order = {
  id: '12',
  _id: '12',
  user: { id: '3', _id: '3', name: 'Nguyễn Văn An', email: 'an@example.com', phoneNumber: null },
  address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  amount: 530_000,
  quantity: 2,
  status: 1,
  customerNote: 'Giao giờ hành chính',
  subtotal: 500_000,
  shipingFee: 30_000,
  discountPercent: 0,
  totalPrice: 530_000,
  methodPayment: '2',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T18:30:00.000Z',
}

const GET = 'GET /api/admin/orders/12'
const PUT = 'PUT /api/admin/orders/12'

/** The edit screen of `loaded`, saving with `saved` (the order as sent, by default). */
const showOrder = (
  loaded: Order = order,
  saved = (body: unknown) => ok({ ...order, ...(body as object) }),
) => {
  const server = fakeFetch({ [GET]: [() => ok(loaded)], [PUT]: [(call) => saved(call.body)] })
  const { router } = renderAt(<OrderEditPage />, '/admin/order/edit/12', '/admin/order/edit/:id')
  return { server, router }
}
/** Waits until the order has filled the form (the address field, by its label in the chosen language). */
const loaded = () =>
  waitFor(() =>
    expect(screen.getByLabelText(new RegExp(`^${i18next.t('orders.fields.address')}`))).toHaveValue(
      order.address,
    ),
  )
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

describe('the edit-order screen', () => {
  it('starts from the loaded order and sends the values as the contract reads them', async () => {
    const { server, router } = showOrder()
    expect(screen.getByRole('heading', { name: 'Edit Order' })).toBeInTheDocument()
    await loaded()
    expect(screen.getByLabelText(/Address/)).toHaveValue(order.address)
    expect(screen.getByLabelText(/Amount/)).toHaveValue('530,000')
    expect(screen.getByLabelText(/Quantity/)).toHaveValue('2')
    expect(screen.getByLabelText(/Status/)).toHaveValue('1')
    expect(screen.getByLabelText('Payment method')).toHaveValue('2')
    expect(screen.getByLabelText('Customer note')).toHaveValue('Giao giờ hành chính')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Cancelled',
      'Pending',
      'Processing',
      'Delivered',
      'Unpaid',
      'Cash on delivery',
      'VNPay wallet',
      'PayPal',
    ])

    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText(/Status/), 'Delivered')
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([
      {
        address: order.address,
        amount: 530_000,
        quantity: 2,
        status: 3,
        customerNote: 'Giao giờ hành chính',
        methodPayment: '2',
      },
    ])
  })

  it('requires the address', async () => {
    const { server, router } = showOrder()
    const user = userEvent.setup()
    await loaded()
    await user.clear(screen.getByLabelText(/Address/))
    await user.type(screen.getByLabelText(/Address/), '   ')
    submit()
    const required = messageText({ code: 'required' })
    expect(required).toBe('This field is required')
    expect(await screen.findByText(required)).toBeInTheDocument()
    expect(screen.getByLabelText(/Address/)).toHaveAccessibleDescription(required)
    expect(server.callsTo(PUT)).toHaveLength(0)
    expect(router.state.location.pathname).toBe('/admin/order/edit/12')
  })

  it('wants whole numbers of 0 or more for amount and quantity', async () => {
    const { server, router } = showOrder()
    const user = userEvent.setup()
    await loaded()
    const amount = screen.getByLabelText(/Amount/)
    const quantity = screen.getByLabelText(/Quantity/)
    // Letters never reach a number input; what is left is an empty field, which is not a number.
    await user.clear(amount)
    await user.type(amount, 'abc')
    await user.clear(quantity)
    await user.type(quantity, '-1')
    submit()
    expect(await screen.findByText('This field must be a number')).toBeInTheDocument()
    expect(await screen.findByText('Must be a whole number of 0 or more')).toBeInTheDocument()
    expect(amount).toHaveAccessibleDescription(messageText({ code: 'number' }))
    expect(quantity).toHaveAccessibleDescription(messageText({ code: 'wholeNumber' }))
    expect(server.callsTo(PUT)).toHaveLength(0)

    await user.clear(quantity)
    await user.type(quantity, '0')
    await user.type(amount, '1250000')
    expect(amount).toHaveValue('1,250,000')
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT)).toHaveLength(1)
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({ amount: 1_250_000, quantity: 0 })
  })

  it('keeps a payment code the select does not list', async () => {
    const { server, router } = showOrder({ ...order, methodPayment: '7' })
    await loaded()
    expect(screen.getByLabelText('Payment method')).toHaveValue('7')
    expect(screen.getByRole('option', { name: 'PayPal (code 7)' })).toBeInTheDocument()
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({ methodPayment: '7' })
  })

  it("shows the server's refusal of a field (400) in Vietnamese when that language is chosen", async () => {
    const tooLong: Message = { code: 'tooLong', params: { max: 500 } }
    const { router } = showOrder(order, () => refusal(400, tooLong, { address: tooLong }))
    await i18next.changeLanguage('vi')
    try {
      await loaded()
      fireEvent.click(screen.getByRole('button', { name: i18next.t('common.save') }))
      const address = screen.getByLabelText(new RegExp(`^${i18next.t('orders.fields.address')}`))
      const vietnamese = i18next.t('messages.tooLong', { max: 500 })
      expect(vietnamese).not.toBe(messageText(tooLong))
      await waitFor(() => expect(address).toHaveAccessibleDescription(vietnamese))
      expect(address).toHaveValue(order.address)
      expect(router.state.location.pathname).toBe('/admin/order/edit/12')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
