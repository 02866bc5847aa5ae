import { screen } from '@testing-library/react'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { renderPlain } from '../../test/render.tsx'
import { QrCode, qrPath } from './qr-code.tsx'

const URL =
  'otpauth://totp/Store%20back-office:lan%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Store%20back-office'

/** The modules a path paints, read back from its `M x y h w v1 h-w z` runs. */
function paint(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i += 1) grid[Number(y)]![Number(x) + i] = true
  }
  return grid
}

describe('QrCode', () => {
  it('paints exactly the dark modules of the code, quiet zone included', () => {
    const { size, d } = qrPath(URL)
    const { data } = encode(URL, { ecc: 'M', border: 4 })
    expect(size).toBe(data.length)
    expect(paint(d, size)).toEqual(data)
    // The quiet zone is light: nothing painted in the first four rows.
    expect(paint(d, size).slice(0, 4).flat().some(Boolean)).toBe(false)
  })

  it('is an image with a name, drawn with SVG elements and no inline style', () => {
    const { container } = renderPlain(<QrCode value={URL} label="QR code for the app" />)
    const svg = screen.getByRole('img', { name: 'QR code for the app' })
    expect(svg.tagName.toLowerCase()).toBe('svg')
    expect(container.querySelectorAll('[style]')).toHaveLength(0)
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(qrPath(URL).d)
  })
})
