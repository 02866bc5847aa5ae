import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { documentFonts } from './fonts.ts'
import { type PdfReply, type PdfRequest, renderPdf } from './render.ts'

// A thread of the PDF pool (`pdf-pool.ts` starts it): it parses the fonts once, then makes one document a
// message, in the order they come, and answers each with the file's bytes (moved, not copied) or the error.
// It runs at a lower priority than the server's thread, so that while documents take every core the requests
// still get theirs as soon as they need it.

if (!parentPort) throw new Error('pdf-thread.ts runs as a worker thread only (PdfPool)')
const port = parentPort

/** Added to the thread's nice value: 10 of 19, so a document gets what the server's thread leaves. */
const NICENESS = 10

/**
 * Linux gives each thread its own nice value, and names the thread's id in /proc/thread-self; elsewhere the
 * priority is that of the process, which is left as it is.
 */
function lowerPriority(): void {
  if (process.platform !== 'linux') return
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    setPriority(threadId, Math.min(19, getPriority(threadId) + NICENESS))
  } catch {
    // Without /proc (a sandbox), the thread keeps the process's priority.
  }
}

lowerPriority()
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
