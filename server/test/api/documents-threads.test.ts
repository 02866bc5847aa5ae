import type { Worker } from 'node:worker_threads'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PdfPool } from '../../src/modules/orders/documents/pdf-pool.ts'
import { pdfPoolOf } from '../../src/modules/orders/documents.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The documents are laid out on PDF_WORKERS threads of their own (modules/orders/documents/pdf-pool.ts): the
// server's thread keeps answering while they are made, a full line of documents is refused with a 503, a
// thread that dies fails its document alone, and closing the app ends the threads.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const isPdf = (res: LightMyRequestResponse) =>
  res.statusCode === 200 && res.rawPayload.subarray(0, 5).toString() === '%PDF-'
const invoiceOf = (app: TestApp, id: string) =>
  app.app.inject({ method: 'GET', url: `/api/admin/orders/${id}/invoice.pdf`, headers: app.auth })

/** A small order and one of a thousand lines, whose invoice is 30-odd pages and most of a second of a core. */
async function orders(app: TestApp): Promise<{ big: string; small: string }> {
  const db = app.database.db
  const customer = await insertCustomer(db, { name: 'Lê Thị Hồng Nhung' })
  const products = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      insertProduct(db, { name: `Áo dài lụa tơ tằm thêu tay mẫu số ${i + 1}`, price: 1_250_000 }),
    ),
  )
  const lines = Array.from({ length: 1000 }, (_, i) => ({
    product: products[i % products.length]!,
    quantity: 1 + (i % 7),
    size: ['S', 'M', 'L', 'XL'][i % 4]!,
  }))
  const big = String((await insertOrder(db, { user: customer, lines })).order.id)
  const small = String((await insertOrder(db, { user: customer, lines: lines.slice(0, 2) })).order.id)
  return { big, small }
}

describe('one PDF thread', () => {
  let t: TestApp
  let pool: PdfPool
  let big: string
  let small: string
  beforeAll(async () => {
    t = await startApp({ env: { PDF_WORKERS: '1' } })
    ;({ big, small } = await orders(t))
    pool = pdfPoolOf(t.app.services)!
    // The thread started and warm: what follows measures documents being made, not a thread starting.
    expect(isPdf(await invoiceOf(t, big))).toBe(true)
  }, 120_000)
  afterAll(async () => t?.close())

  it('leaves the health check answering in under 50 ms (p99) while 8 thousand-line invoices are made', {
    timeout: 120_000,
  }, async () => {
    let done = false
    let answered = 0
    const renders = Promise.all(
      Array.from({ length: 8 }, () => invoiceOf(t, big).finally(() => answered++)),
    ).finally(() => {
      done = true
    })
    // A health call every 10 ms, each timed from when it was due: a server thread held by a document delays
    // a call's start as much as its answer, as a client sending on time would see it, and the calls that fell
    // due while the thread was held go out as soon as it is free. Counted: the calls due from when all eight
    // orders are read (each invoice then being made, waiting for the thread, or answered) until the last
    // invoice is answered; if the reads end only with the invoices, every call counts.
    const calls: Promise<{ due: number; ms: number }>[] = []
    const start = performance.now()
    let from = start
    let read = false
    for (let k = 0; ; ) {
      const now = performance.now()
      if (!read && !done && answered + pool.load.busy + pool.load.waiting >= 8) {
        read = true
        from = now
      }
      for (; start + 10 * k <= now; k++) {
        const due = start + 10 * k
        calls.push(
          t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
            expect(res.statusCode).toBe(200)
            return { due, ms: performance.now() - due }
          }),
        )
      }
      if (done) break
      await sleep(start + 10 * k - performance.now())
    }
    expect((await renders).every(isPdf)).toBe(true)
    const times = (await Promise.all(calls))
      .filter((call) => call.due >= from)
      .map((call) => call.ms)
      .sort((a, b) => a - b)
    const p99 = times[Math.ceil(0.99 * times.length) - 1]!
    console.info(
      `health while 8 thousand-line invoices are made: p99 ${p99.toFixed(1)} ms over ${times.length} calls`,
    )
    // Eight such invoices keep the thread busy for seconds: hundreds of calls, not a handful.
    expect(times.length).toBeGreaterThan(100)
    expect(
      p99,
      `p99 of ${times.length} health calls; the slowest ${times.at(-1)!.toFixed(0)} ms`,
    ).toBeLessThan(50)
  })

  it('refuses the document beyond the 10 that may wait, 503 with Retry-After, and makes the others', async () => {
    const first = invoiceOf(t, big)
    while (pool.load.busy === 0) await sleep(1)
    // While the thousand lines are laid out, eleven more come: ten wait their turn, the last is refused.
    const more = await Promise.all(Array.from({ length: 11 }, () => invoiceOf(t, small)))
    expect(isPdf(await first)).toBe(true)
    expect(more.filter(isPdf)).toHaveLength(10)
    const refused = more.filter((res) => res.statusCode === 503)
    expect(refused).toHaveLength(1)
    const body = expectEnvelope({ ...refused[0]!, body: refused[0]!.json() }, 503)
    expect(body).toMatchObject({ code: 'documentsBusy', params: { seconds: expect.any(Number) } })
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  })

  it('fails only the document of a thread that dies, and makes the next on a new thread', async () => {
    const dying = invoiceOf(t, big)
    while (pool.load.busy === 0) await sleep(1)
    const [worker] = pool.busyWorkers
    await worker!.terminate()
    const failed = await dying
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toMatchObject({ status: false, code: 'serverError' })
    expect(isPdf(await invoiceOf(t, small))).toBe(true)
    expect(pool.workers).toHaveLength(1)
    expect(pool.workers).not.toContain(worker)
  })
})

describe('PDF_WORKERS=3', () => {
  let t: TestApp
  let small: string
  beforeAll(async () => {
    t = await startApp({ env: { PDF_WORKERS: '3' } })
    ;({ small } = await orders(t))
  }, 120_000)
  afterAll(async () => t?.close())

  it('starts threads as documents come, never more than 3', async () => {
    const pool = pdfPoolOf(t.app.services)!
    expect(pool.size).toBe(3)
    expect(pool.workers).toHaveLength(0)
    let done = false
    const answers = Promise.all(Array.from({ length: 6 }, () => invoiceOf(t, small))).finally(() => {
      done = true
    })
    let most = 0
    while (!done) {
      most = Math.max(most, pool.load.threads)
      await sleep(1)
    }
    expect((await answers).every(isPdf)).toBe(true)
    expect(most).toBe(3)
    expect(pool.load).toEqual({ threads: 3, busy: 0, waiting: 0 })
  })

  it('ends its threads when the app closes', async () => {
    const workers: Worker[] = pdfPoolOf(t.app.services)!.workers
    expect(workers).toHaveLength(3)
    for (const worker of workers) expect(worker.threadId).toBeGreaterThan(0)
    await t.app.close()
    // Node sets a worker's threadId to -1 once its thread has ended.
    expect(workers.map((worker) => worker.threadId)).toEqual([-1, -1, -1])
  })
})
