import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createCanvas } from '@napi-rs/canvas'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { readQr } from './vietqr.ts'

// Reading back the PDF files the server makes, as a person's PDF viewer would: pdf.js (Firefox's reader) for
// the text and the pages, drawn onto a canvas; jsQR reads a QR code off the drawn page as a phone's camera would,
// and ZXing (zxing-cpp built to WebAssembly, the package zxing-wasm) a label's barcode as a courier's scanner would.

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

/** Each page's size in millimetres, rounded to a tenth: [width, height]. */
export async function pageSizesMm(bytes: Uint8Array): Promise<[number, number][]> {
  const pdf = await open(bytes)
  try {
    const sizes: [number, number][] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const [x0, y0, x1, y1] = (await pdf.getPage(n)).view as [number, number, number, number]
      const mm = (points: number) => Math.round((points / 72) * 254) / 10
      sizes.push([mm(x1 - x0), mm(y1 - y0)])
    }
    return sizes
  } finally {
    await pdf.destroy()
  }
}

let zxingReady: Promise<unknown> | undefined

/** The barcodes ZXing finds on page `n` as pdf.js draws it (at 200 dots an inch): their format and text. */
export async function barcodesOnPage(bytes: Uint8Array, n = 1): Promise<{ format: string; text: string }[]> {
  // ZXing's reader from the package's own .wasm file, read once: by default it would fetch it from a CDN.
  zxingReady ??= prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
        .buffer as ArrayBuffer,
    },
    fireImmediately: true,
  })
  await zxingReady
  const { width, height, data } = await renderPage(bytes, n, 200 / 72)
  const image = { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) }
  const found = await readBarcodes(image as Parameters<typeof readBarcodes>[0], {
    formats: ['Code128'],
    tryHarder: true,
  })
  return found.filter((b) => b.isValid).map((b) => ({ format: b.format, text: b.text }))
}
