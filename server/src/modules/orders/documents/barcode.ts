import bwipjs from 'bwip-js'
import { INK, type Pdf } from './pdf.ts'

// The Code 128 barcode of a shipping label (CONTRACT 5.5). bwip-js (Barcode Writer in Pure PostScript, run as
// JavaScript) encodes the text, choosing code sets A, B and C so digits pack two to a symbol; the label draws
// its bars itself, one filled rectangle a bar, so they print as sharp as the printer can make them (a label
// printer has 203 or 300 dots an inch, where an embedded picture would be scaled and blurred).

/** White space each side of the bars, in modules: ISO/IEC 15417 asks for at least 10. */
export const QUIET_ZONE = 10
/** The widest module drawn, in points (0.7 mm): short numbers are not stretched across the label. */
const MAX_MODULE = 2

/**
 * The widths of a Code 128 symbol of `text`, in modules: bar, space, bar, … from the start symbol to the stop
 * pattern (its check symbol included), as bwip-js's `raw` answers them (`sbs`).
 */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {})
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js answered no Code 128 bars')
  return symbol.sbs
}

/**
 * Draws `text` as Code 128 bars in the box (`x`, `y`, `width` × `height`), centred, with its quiet zones inside
 * the box, each module as wide as fits and at most MAX_MODULE. Answers the width of one module, in points.
 */
export function drawCode128(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): number {
  const widths = code128Widths(text)
  const modules = widths.reduce((sum, w) => sum + w, 0)
  const module = Math.min(MAX_MODULE, width / (modules + 2 * QUIET_ZONE))
  let at = x + (width - modules * module) / 2
  widths.forEach((w, i) => {
    // Even places are bars, odd places the spaces between them.
    if (i % 2 === 0) doc.rect(at, y, w * module, height)
    at += w * module
  })
  doc.fillColor(INK).fill()
  return module
}
