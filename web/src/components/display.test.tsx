import { act, screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { Money } from './money.tsx'
import { OrderStatusBadge } from './order-status-badge.tsx'
import { Stars } from './stars.tsx'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('Money', () => {
  it('shows whole VND with thousands separators', () => {
    renderPlain(<Money amount={1_250_000} />)
    expect(screen.getByText('1,250,000 VND')).toBeInTheDocument()
  })

  it('shows zero as 0 VND, and a small amount without separators', () => {
    renderPlain(<Money amount={0} />)
    expect(screen.getByText('0 VND')).toBeInTheDocument()
    renderPlain(<Money amount={999} />)
    expect(screen.getByText('999 VND')).toBeInTheDocument()
  })

  it('writes the amount as Vietnamese do when chosen, and follows a switch back', async () => {
    await i18next.changeLanguage('vi')
    renderPlain(<Money amount={3_385_000} />)
    // Matched as is, without the usual whitespace folding: a no-break space from ICU would not match.
    expect(screen.getByText('3.385.000 ₫', { normalizer: (text) => text })).toBeInTheDocument()
    await act(() => i18next.changeLanguage('en'))
    expect(screen.getByText('3,385,000 VND')).toBeInTheDocument()
  })
})

/** The stars drawn filled: the filled icon paints its shape, the outline one does not. */
const filledStars = (element: HTMLElement) => element.querySelectorAll('svg:not([fill="none"])').length

describe('Stars', () => {
  it('says the rating and fills that many of five stars', () => {
    renderPlain(<Stars rating={3} />)
    const stars = screen.getByRole('img', { name: 'Rated 3 out of 5' })
    expect(stars.querySelectorAll('svg')).toHaveLength(5)
    expect(filledStars(stars)).toBe(3)
  })

  it('rounds a mean rating to the nearest star and says it with one decimal', () => {
    renderPlain(<Stars rating={11 / 3} />)
    const stars = screen.getByRole('img', { name: 'Rated 3.7 out of 5' })
    expect(filledStars(stars)).toBe(4)
  })

  it('keeps within 0 and 5', () => {
    renderPlain(<Stars rating={0} />)
    expect(filledStars(screen.getByRole('img', { name: 'Rated 0 out of 5' }))).toBe(0)
    renderPlain(<Stars rating={7} />)
    expect(filledStars(screen.getByRole('img', { name: 'Rated 5 out of 5' }))).toBe(5)
  })

  it('speaks Vietnamese when chosen', async () => {
    await i18next.changeLanguage('vi')
    renderPlain(<Stars rating={4} />)
    expect(screen.getByRole('img', { name: 'Đánh giá 4/5 sao' })).toBeInTheDocument()
    renderPlain(<Stars rating={11 / 3} />)
    expect(screen.getByRole('img', { name: 'Đánh giá 3,7/5 sao' })).toBeInTheDocument()
  })
})

describe('OrderStatusBadge', () => {
  it.each([
    [0, 'Cancelled'],
    [1, 'Pending'],
    [2, 'Processing'],
    [3, 'Delivered'],
  ] as const)('shows status %i as %s', (status, text) => {
    renderPlain(<OrderStatusBadge status={status} />)
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('follows the language', async () => {
    await i18next.changeLanguage('vi')
    renderPlain(<OrderStatusBadge status={3} />)
    expect(screen.getByText('Đã giao')).toBeInTheDocument()
  })
})
