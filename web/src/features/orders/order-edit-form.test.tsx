import { type Message, messageText, type Order } from '@store/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { fakeFetch, json, ok, refusal, refusalBody } from '../../test/fake-fetch.ts'
import { placeRoutes } from '../../test/places.ts'
import { renderAt } from '../../test/render.tsx'
import { OrderEditPage } from './order-edit-page.tsx'

const order: Order = {
  id: '12',
  _id: '12',
  user: { id: '3', _id: '3', name: 'Nguyễn Văn An', email: 'an@example.com', phoneNumber: null },
  address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  addressParts: null,
  amount: 530_000,
  quantity: 2,
  status: 1,
  customerNote: 'Giao giờ hành chính',
  subtotal: 500_000,
  shipingFee: 30_000,
  discountPercent: 0,
  totalPrice: 530_000,
  methodPayment: '2',
  paymentStatus: 'pending',
  source: 'web',
  amountByHand: false,
  quantityByHand: false,
  shipment: null,
  version: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T18:30:00.000Z',
}

const GET = 'GET /api/admin/orders/12'
const FOLLOWS = 'Follows the lines until changed here.'
const PUT = 'PUT /api/admin/orders/12'

/** The edit screen of `loaded`, saving with `saved` (the order as sent, by default). */
const showOrder = (
  loaded: Order = order,
  saved = (body: unknown) => ok({ ...order, ...(body as object) }),
) => {
  const server = fakeFetch({ ...placeRoutes, [GET]: [() => ok(loaded)], [PUT]: [(call) => saved(call.body)] })
  const { router } = renderAt(<OrderEditPage />, '/admin/order/edit/12', '/admin/order/edit/:id', {
    dropdowns: true,
  })
  return { server, router }
}
/** The free text of an address written before the 2025 units, by its label in the chosen language. */
const addressText = () =>
  screen.getByRole('textbox', { name: new RegExp(`^${i18next.t('places.freeTextField')}`) })
/** Waits until the order has filled the form (its address, as free text). */
const loaded = () => waitFor(() => expect(addressText()).toHaveValue(order.address))
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

describe('the edit-order screen', () => {
  it('starts from the loaded order and sends the values as the contract reads them', async () => {
    const { server, router } = showOrder()
    expect(screen.getByRole('heading', { name: 'Edit order' })).toBeInTheDocument()
    await loaded()
    expect(screen.getByLabelText(/Address/)).toHaveValue(order.address)
    expect(screen.getByLabelText(/Amount/)).toHaveValue('530,000')
    expect(screen.getByLabelText(/Quantity/)).toHaveValue('2')
    expect(screen.getByLabelText(/Status/)).toHaveValue('1')
    expect(screen.getByLabelText('Payment method')).toHaveValue('2')
    expect(screen.getByLabelText('Payment status')).toHaveValue('pending')
    expect(screen.getByLabelText('Customer note')).toHaveValue('Giao giờ hành chính')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      // The current status, then only the moves CONTRACT 4.5 allows from Pending.
      'Pending (current)',
      'Processing',
      'Delivered',
      'Cancelled',
      'Unpaid',
      'Cash on delivery',
      'VNPay wallet',
      'PayPal',
      'Unpaid',
      'Awaiting payment',
      'Paid',
      'Payment failed',
      'Refunded',
    ])
    expect(screen.getByLabelText(/Amount/)).toBeEnabled()
    expect(screen.getByLabelText(/Amount/)).toHaveAccessibleDescription(FOLLOWS)

    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText(/Status/), 'Delivered')
    await user.selectOptions(screen.getByLabelText('Payment status'), 'Paid')
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT).map((call) => call.body)).toMatchObject([
      {
        address: order.address,
        amount: 530_000,
        quantity: 2,
        status: 3,
        customerNote: 'Giao giờ hành chính',
        methodPayment: '2',
        paymentStatus: 'paid',
        // The version the form was filled from (CONTRACT 4.6).
        version: 4,
      },
    ])
  })

  it('on a save refused as edited meanwhile, Reload brings the order as it is now, with the moves it allows', async () => {
    const moved: Order = { ...order, status: 3, paymentStatus: 'paid', version: 5 }
    const server = fakeFetch({
      ...placeRoutes,
      [GET]: [() => ok(order), () => ok(moved)],
      [PUT]: [
        () =>
          json(409, {
            ...refusalBody(409, 'editedMeanwhile'),
            data: moved,
          }),
        (call) => ok({ ...moved, ...(call.body as object) }),
      ],
    })
    const { router } = renderAt(<OrderEditPage />, '/admin/order/edit/12', '/admin/order/edit/:id')
    await loaded()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText(/Status/), 'Processing')
    submit()
    const dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' })
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }))
    // The order was delivered meanwhile: Delivered is all the select offers now, and the figures are locked.
    await waitFor(() => expect(screen.getByLabelText(/Status/)).toHaveValue('3'))
    expect(
      Array.from((screen.getByLabelText(/Status/) as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(['Delivered (current)'])
    expect(screen.getByLabelText(/Amount/)).toBeDisabled()
    expect(screen.getByLabelText('Payment status')).toHaveValue('paid')
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT).map((call) => (call.body as { version: number }).version)).toEqual([4, 5])
  })

  it('offers Processing only its moves on: Delivered and Cancelled', async () => {
    showOrder({ ...order, status: 2 })
    await loaded()
    const status = screen.getByLabelText(/Status/)
    expect(status).toHaveValue('2')
    expect(Array.from((status as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Processing (current)',
      'Delivered',
      'Cancelled',
    ])
  })

  it.each([
    [3 as const, 'Delivered'],
    [0 as const, 'Cancelled'],
  ])(
    'keeps a closed order (status %i) at its status and its figures as they are, and says why',
    async (code, name) => {
      const { server, router } = showOrder({ ...order, status: code, amount: 1, amountByHand: true })
      await loaded()
      const status = screen.getByLabelText(/Status/)
      expect(Array.from((status as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
        `${name} (current)`,
      ])
      expect(status).toHaveAccessibleDescription(`${name} is final: the status no longer changes.`)
      const why = `Amount and quantity no longer change once an order is ${name}.`
      for (const field of [screen.getByLabelText(/Amount/), screen.getByLabelText(/Quantity/)]) {
        expect(field).toBeDisabled()
        expect(field).toHaveAccessibleDescription(why)
      }
      // The payment status still changes: a delivered cash order gets paid.
      const user = userEvent.setup()
      await user.selectOptions(screen.getByLabelText('Payment status'), 'Paid')
      submit()
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
      expect(server.callsTo(PUT)[0]!.body).toMatchObject({
        status: code,
        amount: 1,
        quantity: 2,
        paymentStatus: 'paid',
      })
    },
  )

  it('says when the amount was set by hand and no longer follows the lines', async () => {
    showOrder({ ...order, amount: 500_000, amountByHand: true })
    await loaded()
    expect(screen.getByLabelText(/Amount/)).toHaveAccessibleDescription(
      'Set by hand: it no longer follows the lines.',
    )
    expect(screen.getByLabelText(/Quantity/)).toHaveAccessibleDescription(FOLLOWS)
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
    // The message first, then the field's own note.
    expect(screen.getByLabelText(/Address/)).toHaveAccessibleDescription(
      `${required} For an address written before the 2025 units, kept as it is written.`,
    )
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
    // The message first, then the field's own note.
    expect(amount).toHaveAccessibleDescription(`${messageText({ code: 'number' })} ${FOLLOWS}`)
    expect(quantity).toHaveAccessibleDescription(`${messageText({ code: 'wholeNumber' })} ${FOLLOWS}`)
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
      const address = addressText()
      const vietnamese = i18next.t('messages.tooLong', { max: 500 })
      expect(vietnamese).not.toBe(messageText(tooLong))
      await waitFor(() => expect(address).toHaveAccessibleDescription(new RegExp(`^${vietnamese}`)))
      expect(address).toHaveValue(order.address)
      expect(router.state.location.pathname).toBe('/admin/order/edit/12')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})

describe('the address of the edit-order screen', () => {
  const cauGiay = { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' }
  const byUnits: Order = {
    ...order,
    address: '12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội',
    addressParts: cauGiay,
  }
  const province = () => screen.getByRole('combobox', { name: /^Province or city/ })
  const ward = () => screen.getByRole('combobox', { name: /^Ward or commune/ })
  const street = () => screen.getByRole('textbox', { name: /^House number and street/ })
  const freeText = () => screen.getByRole('switch', { name: 'Other address (free text)' })

  it('opens an address given by the units with its province, ward and street, and sends the parts', async () => {
    const { server, router } = showOrder(byUnits)
    const user = userEvent.setup()
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    expect(province()).toHaveValue('Hà Nội')
    expect(street()).toHaveValue('12 Trần Duy Hưng')
    expect(freeText()).not.toBeChecked()
    await user.clear(street())
    await user.type(street(), '5 Xuân Thủy')
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({
      address: { ...cauGiay, street: '5 Xuân Thủy' },
      amount: 530_000,
      quantity: 2,
      status: 1,
      version: 4,
    })
  })

  it('sends an order written before the 2025 units by the units once picked, each unit required', async () => {
    const { server, router } = showOrder()
    const user = userEvent.setup()
    await loaded()
    expect(freeText()).toBeChecked()
    await user.click(freeText())
    await user.type(street(), '12 Trần Duy Hưng')
    submit()
    const required = messageText({ code: 'required' })
    await waitFor(() => expect(province()).toHaveAccessibleDescription(required))
    expect(ward()).toHaveAccessibleDescription(required)
    expect(server.callsTo(PUT)).toHaveLength(0)

    await user.click(province())
    await user.type(province(), 'ha noi')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(ward()).toBeEnabled())
    await user.click(ward())
    await user.type(ward(), 'cau giay')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'))
    expect(server.callsTo(PUT).map((call) => call.body)).toMatchObject([{ address: cauGiay }])
  })

  it.each([
    ['address.wardCode', ward],
    ['address.provinceCode', province],
  ])("shows the server's refusal of %s on its own field", async (path, field) => {
    const invalid: Message = { code: 'invalid' }
    const { router } = showOrder(byUnits, () => refusal(400, invalid, { [path]: invalid }))
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    submit()
    await waitFor(() => expect(field()).toHaveAccessibleDescription(messageText(invalid)))
    // Not on the whole address: the street says only its own note.
    expect(street()).toHaveAccessibleDescription(i18next.t('places.streetHint'))
    expect(router.state.location.pathname).toBe('/admin/order/edit/12')
  })
})
