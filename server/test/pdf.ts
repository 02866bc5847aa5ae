import { createCanvas } from '@napi-rs/canvas'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { readQr } from './vietqr.ts'

// Reading back the PDF files the server makes, as a person's PDF viewer would: pdf.js (Firefox's reader) for
// the text and the pages, drawn onto a canvas; jsQR reads a QR code off the drawn page as a phone's camera would.

async function open(bytes: Uint8Array) {
  // pdf.js takes the buffer over: give it a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise
}

/** The text of each page, its pieces joined in reading order, one string a page. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await open(bytes)
  try {
    const pages: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/[ \t]+\n/g, '\n'),
      )
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

/** Page `n` (from 1) drawn at `scale` (1 is 72 dots an inch): its RGBA pixels, and the canvas for a PNG. */
export async function renderPage(bytes: Uint8Array, n: number, scale = 3) {
  const pdf = await open(bytes)
  try {
    const page = await pdf.getPage(n)
    const viewport = page.getViewport({ scale })
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
    const context = canvas.getContext('2d')
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise
    const image = context.getImageData(0, 0, canvas.width, canvas.height)
    return { width: image.width, height: image.height, data: image.data, png: () => canvas.encode('png') }
  } finally {
    await pdf.destroy()
  }
}

/** The text of the QR code drawn on page `n`, or undefined when the page shows none. */
export async function qrOnPage(bytes: Uint8Array, n = 1): Promise<string | undefined> {
  const { width, height, data } = await renderPage(bytes, n, 2)
  return readQr(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height)
}
