import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ShareRing } from './share-ring.tsx'

const arcOf = (percent: number) => {
  const { container } = render(<ShareRing percent={percent} colour="blue" size={52} thickness={6} />)
  const circles = container.querySelectorAll('circle')
  return { circles: circles.length, dash: circles[1]?.getAttribute('stroke-dasharray') }
}

describe('ShareRing', () => {
  it('draws the arc as long as the share of the ring', () => {
    const length = 2 * Math.PI * ((52 * 0.9 - 12) / 2)
    const { dash } = arcOf(25)
    const [drawn, gap] = dash!.split(' ').map(Number)
    expect(drawn).toBeCloseTo(length / 4)
    expect(gap).toBeCloseTo(length)
  })

  it('draws the track alone at 0, and a whole ring, no more, above 100', () => {
    expect(arcOf(0)).toEqual({ circles: 1, dash: undefined })
    expect(arcOf(Number.NaN).circles).toBe(1)
    const [drawn, gap] = arcOf(250).dash!.split(' ').map(Number)
    expect(drawn).toBeCloseTo(gap!)
  })

  it('is hidden from screen readers: the percentage is written beside it', () => {
    const { container } = render(<ShareRing percent={40} colour="blue" size={52} thickness={6} />)
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })
})
