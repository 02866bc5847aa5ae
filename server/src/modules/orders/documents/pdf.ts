import PDFDocument from 'pdfkit'
import { documentFonts } from './fonts.ts'

// What the invoice, the packing slips and the shipping labels share: an A4 page (an A6 one for a label), the embedded fonts, the colours, a table that
// carries on to a new page, and the finished file as bytes.

export type Pdf = PDFKit.PDFDocument

export const A4 = { width: 595.28, height: 841.89 }
/** A shipping label's page, 105 × 148 mm, as label printers and carriers take them. */
export const A6 = { width: 297.64, height: 419.53 }
export const MARGIN = 40
export const CONTENT_WIDTH = A4.width - 2 * MARGIN
/** The lowest a line of content may reach; the footer sits below it. */
export const CONTENT_BOTTOM = A4.height - MARGIN - 14

export const INK = '#111111'
export const MUTED = '#5f6368'
export const RULE = '#c8c8c8'
export const SHADE = '#f1f3f4'

/**
 * Text as the fonts draw it: composed (NFC), so 'ễ' typed as 'ê' and a combining tilde prints as the one letter
 * the font has, and reads back as that letter when the PDF's text is copied or searched.
 */
export const printable = (text: string): string => text.normalize('NFC')

/**
 * A new document with the fonts `regular` and `bold` registered, in Vietnamese, titled `title`: A4 pages with
 * MARGIN unless `page` says otherwise.
 */
export function newDocument(
  title: string,
  author: string,
  page: { size: 'A4' | 'A6'; margin: number } = { size: 'A4', margin: MARGIN },
): Pdf {
  const fonts = documentFonts()
  // `font: null`: no standard font is loaded for the first page; every text names one of ours.
  const doc = new PDFDocument({
    size: page.size,
    margin: page.margin,
    font: null as never,
    lang: 'vi',
    displayTitle: true,
    // Kept until the end, so each page's footer can say how many pages there are.
    bufferPages: true,
    info: { Title: printable(title), Author: printable(author), Creator: printable(author) },
  })
  // pdfkit takes a parsed font object as it is; its types only know of paths and buffers.
  doc.registerFont('regular', fonts.regular as never)
  doc.registerFont('bold', fonts.bold as never)
  doc.font('regular').fillColor(INK)
  return doc
}

/** Ends the document and answers its bytes. */
export function finish(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })
}

export interface Column {
  header: string
  width: number
  align?: 'left' | 'right' | 'center'
}

const CELL_PAD = 4

/**
 * A table from `top` down: a shaded header row, then a row a record, each as tall as its tallest cell (a long
 * product name wraps). A row that would cross the bottom of the page starts a new page, where `newPage` draws
 * what the page needs and answers where the table goes on; the header row is drawn again there. Answers the y
 * below the last row.
 */
export function drawTable(
  doc: Pdf,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  top: number,
  newPage: () => number,
  fontSize = 9,
): number {
  const width = columns.reduce((sum, c) => sum + c.width, 0)
  const heightOf = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(fontSize)
    let tallest = 0
    cells.forEach((cell, i) => {
      const h = doc.heightOfString(cell, { width: columns[i]!.width - 2 * CELL_PAD })
      if (h > tallest) tallest = h
    })
    return tallest + 2 * CELL_PAD
  }
  const drawRow = (cells: readonly string[], y: number, height: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(fontSize).fillColor(INK)
    let x = MARGIN
    cells.forEach((cell, i) => {
      const column = columns[i]!
      doc.text(cell, x + CELL_PAD, y + CELL_PAD, {
        width: column.width - 2 * CELL_PAD,
        align: column.align ?? 'left',
        lineBreak: true,
      })
      x += column.width
    })
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
  }
  const headers = columns.map((c) => c.header)
  const headerHeight = heightOf(headers, 'bold')
  const drawHeader = (y: number) => {
    doc.rect(MARGIN, y, width, headerHeight).fill(SHADE)
    drawRow(headers, y, headerHeight, 'bold')
    return y + headerHeight
  }
  let y = drawHeader(top)
  for (const row of rows) {
    const height = heightOf(row, 'regular')
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage()
      y = drawHeader(newPage())
    }
    drawRow(row, y, height, 'regular')
    y += height
  }
  return y
}

/** A thin rule across the page at `y`. */
export function rule(doc: Pdf, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
}

/** Small grey text at the foot of every page: `text` on the left, 'Trang n/m' on the right. */
export function footers(doc: Pdf, text: string): void {
  const { start, count } = doc.bufferedPageRange()
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const y = A4.height - MARGIN + 4
    // Below the bottom margin: with the margin kept, pdfkit would take this text for an overflow and add a page.
    doc.page.margins.bottom = 0
    doc.font('regular').fontSize(7.5).fillColor(MUTED)
    doc.text(printable(text), MARGIN, y, { width: CONTENT_WIDTH / 2, lineBreak: false })
    doc.text(`Trang / Page ${i - start + 1}/${count}`, MARGIN + CONTENT_WIDTH / 2, y, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = MARGIN
  }
}
