import { Worker } from 'node:worker_threads'
import { COMPILED } from '../../../paths.ts'
import type { PdfJob, PdfReply, PdfRequest } from './render.ts'

// The documents are laid out on threads of their own (`pdf-thread.ts`), so the server's thread keeps answering
// while they are made: a thousand-line invoice is about a second of pdfkit, during which nothing else would run.
// The pool starts a thread when a document finds every thread busy and fewer than `size` exist (a server that
// prints nothing starts none), gives each thread one document at a time, and keeps the rest in line. A thread
// that dies is forgotten and the next document starts another; the document it was making fails.

interface Task {
  id: number
  job: PdfJob
  resolve: (pdf: Buffer) => void
  reject: (error: Error) => void
  /** When a thread took it (`performance.now()`). */
  started?: number
}

interface Thread {
  worker: Worker
  /** The document it is making, if any. */
  task?: Task
  /** Why it stopped, when it reported an error before it ended. */
  failure?: Error
}

/** Every thread is busy and the line is full: the client should try again after `retryAfterSeconds`. */
export class PdfQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`PDF queue full; retry after ${retryAfterSeconds} s`)
  }
}

/**
 * A thread for the documents. Compiled (`npm start`), its module is a file of its own beside this code's, as the
 * embedded database's thread is (`db/pglite-in-thread.ts`). Run as TypeScript (`npm run dev`, the tests), the
 * thread registers tsx's loader first, since the process's own loader hooks do not reach a worker thread on
 * Node 20, then imports its module.
 */
function startWorker(): Worker {
  if (COMPILED) return new Worker(new URL('./pdf-thread.js', import.meta.url))
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const thread = JSON.stringify(new URL('./pdf-thread.ts', import.meta.url).href)
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${thread}) })`, {
    eval: true,
  })
}

export class PdfPool {
  private readonly threads = new Set<Thread>()
  private readonly idle: Thread[] = []
  private readonly waiting: Task[] = []
  private nextId = 1
  private closed = false
  /** A running mean of how long a document takes, for the Retry-After estimate; 1 s until measured. */
  private meanMs = 1000

  constructor(
    /** Threads at most (`PDF_WORKERS`). */
    readonly size: number,
    /** Documents allowed to wait for a thread; one more is refused. */
    readonly maxWaiting: number,
  ) {}

  /** Threads running now, and documents being made and waiting. */
  get load(): { threads: number; busy: number; waiting: number } {
    return {
      threads: this.threads.size,
      busy: this.threads.size - this.idle.length,
      waiting: this.waiting.length,
    }
  }

  /** The threads' workers, and those making a document now: for checks of the pool's state. */
  get workers(): Worker[] {
    return [...this.threads].map((thread) => thread.worker)
  }
  get busyWorkers(): Worker[] {
    return [...this.threads].filter((thread) => thread.task).map((thread) => thread.worker)
  }

  /** Whether a document asked for now would be refused (`PdfQueueFullError`): checked before its data is read. */
  get full(): boolean {
    return this.idle.length === 0 && this.threads.size >= this.size && this.waiting.length >= this.maxWaiting
  }

  /** Throws PdfQueueFullError when the pool is full (see `full`). */
  checkRoom(): void {
    if (this.full) throw new PdfQueueFullError(this.retryAfterSeconds())
  }

  /** Makes the document on a thread and answers its bytes; PdfQueueFullError, at once, when the line is full. */
  render(job: PdfJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'))
    this.checkRoom()
    return new Promise<Buffer>((resolve, reject) => {
      const task: Task = { id: this.nextId++, job, resolve, reject }
      const thread = this.idle.pop() ?? (this.threads.size < this.size ? this.start() : undefined)
      if (thread) this.give(thread, task)
      else this.waiting.push(task)
    })
  }

  /** Refuses the documents in line and ends every thread (the documents being made fail); answers once all ended. */
  async close(): Promise<void> {
    this.closed = true
    const error = new Error('the PDF pool is closed')
    for (const task of this.waiting.splice(0)) task.reject(error)
    await Promise.all([...this.threads].map((thread) => thread.worker.terminate()))
  }

  private start(): Thread {
    const thread: Thread = { worker: startWorker() }
    this.threads.add(thread)
    thread.worker.on('message', (reply: PdfReply) => {
      const task = thread.task
      if (!task || task.id !== reply.id) return
      thread.task = undefined
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - task.started!)
      if ('pdf' in reply)
        task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength))
      else task.reject(new Error(`the document could not be made: ${reply.error}`))
      const next = this.waiting.shift()
      if (next) this.give(thread, next)
      else this.idle.push(thread)
    })
    thread.worker.on('error', (error) => {
      thread.failure = error
    })
    thread.worker.on('exit', (code) => {
      this.threads.delete(thread)
      const at = this.idle.indexOf(thread)
      if (at >= 0) this.idle.splice(at, 1)
      const why = thread.failure ? `: ${thread.failure.message}` : ''
      thread.task?.reject(
        new Error(`the PDF thread ended (exit code ${code})${why}`, { cause: thread.failure }),
      )
      thread.task = undefined
      // The documents in line go on, on a thread that takes its place.
      const next = this.closed ? undefined : this.waiting.shift()
      if (next) this.give(this.start(), next)
    })
    return thread
  }

  private give(thread: Thread, task: Task): void {
    thread.task = task
    task.started = performance.now()
    thread.worker.postMessage({ id: task.id, job: task.job } satisfies PdfRequest)
  }

  /** About when a thread will be free for one more: everything ahead of it, shared among the threads. */
  private retryAfterSeconds(): number {
    const ahead = this.threads.size - this.idle.length + this.waiting.length
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.meanMs) / this.size / 1000)))
  }
}
