import type { OrderLine } from '@store/contract'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../../test/render.tsx'
import { OrderLineItem } from './order-line-item.tsx'
import { PaymentMethods } from './payment-methods.tsx'

const line: OrderLine = {
  id: '40',
  _id: '40',
  product: {
    id: '7',
    _id: '7',
    name: 'Áo thun cổ tròn',
    thumbnail: null,
    slug: 'ao-thun-co-tron',
    deletedAt: null,
  },
  price: 250_000,
  quantity: 2,
  size: 'L',
}

describe('OrderLineItem', () => {
  it("shows 'price VND x quantity', the line's own size and its total", () => {
    renderPlain(
      <ul>
        <OrderLineItem line={line} onDelete={vi.fn()} />
      </ul>,
    )
    expect(screen.getByText('Áo thun cổ tròn')).toBeInTheDocument()
    expect(screen.getByText('250,000 VND x 2')).toBeInTheDocument()
    expect(screen.getByText('Size: L')).toBeInTheDocument()
    expect(screen.getByText('500,000 VND')).toBeInTheDocument()
    // The spec's client printed a fixed text here; this one does not.
    expect(screen.queryByText(/Black/)).not.toBeInTheDocument()
  })

  it('shows no size when the line has none, and asks to delete through its button', () => {
    const onDelete = vi.fn()
    renderPlain(
      <ul>
        <OrderLineItem line={{ ...line, size: null, quantity: 1 }} onDelete={onDelete} />
      </ul>,
    )
    expect(screen.getByText('250,000 VND x 1')).toBeInTheDocument()
    expect(screen.queryByText(/Size/)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Delete line Áo thun cổ tròn' }))
    expect(onDelete).toHaveBeenCalledTimes(1)
  })
})

describe('PaymentMethods', () => {
  const current = () =>
    within(screen.getByRole('list', { name: 'Payment method' }))
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'true')
      .map((item) => item.textContent)

  it.each([
    ['1', 'Cash on delivery'],
    ['2', 'VNPay wallet'],
    ['3', 'PayPal'],
    ['9', 'PayPal'],
  ])('highlights the method of code %s (%s) and names it', (code, name) => {
    renderPlain(<PaymentMethods code={code} />)
    expect(current()).toEqual([name])
    expect(screen.getByText(`Paid with ${name}`)).toBeInTheDocument()
    expect(screen.queryByText('This person has not paid for this order')).not.toBeInTheDocument()
  })

  it.each(['0', '', null])('highlights nothing and says so when unpaid (%j)', (code) => {
    renderPlain(<PaymentMethods code={code} />)
    expect(current()).toEqual([])
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('This person has not paid for this order')).toBeInTheDocument()
  })
})
