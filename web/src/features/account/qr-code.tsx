import { useMemo } from 'react'
import { encode } from 'uqr'

/**
 * The dark modules of a QR code as one SVG path: each run of dark modules in a row is one rectangle. `encode`
 * answers the modules with the quiet zone (`border`) already around them.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 4 })
  let d = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < size) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < size && row[x]) x += 1
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return { size, d }
}

/**
 * A QR code drawn as SVG elements, so it needs no inline style, script or data address: the page's
 * Content-Security-Policy applies only the styles that bear its nonce. Its own chunk: only the two-step set-up
 * draws one.
 *
 * @example <QrCode value={otpauthUrl} label="QR code to add this account to an authenticator app" />
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const qr = useMemo(() => qrPath(value), [value])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      {/* White under the code even in a dark theme: scanners need the quiet zone light. */}
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  )
}
