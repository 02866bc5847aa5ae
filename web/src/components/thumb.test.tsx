import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { Thumb } from './thumb.tsx'

describe('Thumb', () => {
  it('shows a stored image from the file endpoint, lazily, with its alt text', () => {
    renderPlain(<Thumb path="/2026/11/abc.webp" alt="Áo thun" size={40} />)
    const image = screen.getByRole('img', { name: 'Áo thun' })
    expect(image).toHaveAttribute('src', '/api/file/2026/11/abc.webp')
    expect(image).toHaveAttribute('loading', 'lazy')
  })

  it('shows a named placeholder when there is no image', () => {
    renderPlain(<Thumb path={null} alt="Áo thun" />)
    expect(screen.getByLabelText('Áo thun')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Áo thun' })?.getAttribute('src') ?? null).toBeNull()
  })
})
