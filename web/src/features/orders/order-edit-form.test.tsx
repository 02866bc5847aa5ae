import type { Order } from '@store/contract'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { OrderEditForm } from './order-edit-form.tsx'

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

beforeEach(() => {
  // The form itself calls nothing; a call would mean it bypassed the page's mutation.
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`unexpected call: ${String(input)}`)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

describe('OrderEditForm', () => {
  it('starts from the order and sends the values as the contract reads them', async () => {
    const onSubmit = vi.fn()
    renderAt(<OrderEditForm order={order} onSubmit={onSubmit} />)
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
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      address: order.address,
      amount: 530_000,
      quantity: 2,
      status: 3,
      customerNote: 'Giao giờ hành chính',
      methodPayment: '2',
    })
  })

  it('requires the address', async () => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    renderAt(<OrderEditForm order={order} onSubmit={onSubmit} />)
    await user.clear(screen.getByLabelText(/Address/))
    await user.type(screen.getByLabelText(/Address/), '   ')
    submit()
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('wants whole numbers of 0 or more for amount and quantity', async () => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    renderAt(<OrderEditForm order={order} onSubmit={onSubmit} />)
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
    expect(onSubmit).not.toHaveBeenCalled()

    await user.clear(quantity)
    await user.type(quantity, '0')
    await user.type(amount, '1250000')
    expect(amount).toHaveValue('1,250,000')
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ amount: 1_250_000, quantity: 0 })
  })

  it('keeps a payment code the select does not list', () => {
    renderAt(<OrderEditForm order={{ ...order, methodPayment: '7' }} onSubmit={vi.fn()} />)
    expect(screen.getByLabelText('Payment method')).toHaveValue('7')
    expect(screen.getByRole('option', { name: 'PayPal (code 7)' })).toBeInTheDocument()
  })
})
