import { parentPort } from 'node:worker_threads'
import { documentFonts } from './fonts.ts'
import { type PdfReply, type PdfRequest, renderPdf } from './render.ts'

// A thread of the PDF pool (`pdf-pool.ts` starts it): it parses the fonts once, then makes one document a
// message, in the order they come, and answers each with the file's bytes (moved, not copied) or the error.

if (!parentPort) throw new Error('pdf-thread.ts runs as a worker thread only (PdfPool)')
const port = parentPort

documentFonts()

port.on('message', async ({ id, job }: PdfRequest) => {
  try {
    const bytes = await renderPdf(job)
    // A buffer of its own, so the move takes exactly the file (small buffers share Node's pool).
    const pdf = new Uint8Array(bytes)
    port.postMessage({ id, pdf } satisfies PdfReply, [pdf.buffer])
  } catch (error) {
    const reply: PdfReply = {
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }
    port.postMessage(reply)
  }
})
