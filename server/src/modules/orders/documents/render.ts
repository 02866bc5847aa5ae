import { type InvoiceInput, invoicePdf } from './invoice.ts'
import { type PackingSlipsInput, packingSlipsPdf } from './packing-slips.ts'
import { type ShippingLabelsInput, shippingLabelsPdf } from './shipping-labels.ts'

// What a PDF thread is asked to make (`pdf-pool.ts`): the kind of document and its plain data, which crosses
// between threads as it is (structured clone keeps the order's Date), and what it answers: the file's bytes.

export type PdfJob =
  | { kind: 'invoice'; input: InvoiceInput }
  | { kind: 'packingSlips'; input: PackingSlipsInput }
  | { kind: 'labels'; input: ShippingLabelsInput }

/** A document asked of a thread, by a number its answer carries back. */
export type PdfRequest = { id: number; job: PdfJob }
/** The file's bytes, or why it could not be made. */
export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string }

/** Lays out the document `job` names and answers its bytes. */
export function renderPdf(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'invoice':
      return invoicePdf(job.input)
    case 'packingSlips':
      return packingSlipsPdf(job.input)
    case 'labels':
      return shippingLabelsPdf(job.input)
  }
}
