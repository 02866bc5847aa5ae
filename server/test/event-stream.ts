import http from 'node:http'

// A reader of the live updates stream (CONTRACT 5.7) over real HTTP, as a browser's EventSource reads it: events
// and comments parsed as they arrive, for the tests of the stream on one server and across processes.

export interface StreamEvent {
  type: string
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field in the tests
  data: any
  /** When it arrived (performance.now()). */
  at: number
}

export interface EventStream {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body when the answer is not a stream (a refusal). */
  body: string
  events: StreamEvent[]
  comments: string[]
  /** Resolves with the first event (past or future) that `match` accepts; rejects after `ms`. */
  next(match: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>
  /** Resolves once `count` comments with this text have come. */
  comment(text: string, count?: number, ms?: number): Promise<void>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

/**
 * Opens `/api/admin/events` on `base` with the token as `?access_token=` (EventSource's way) or, with `header`,
 * in the Authorization header; answers once the headers are in (and for a stream, its first `: open` comment).
 */
export function openEventStream(
  base: string,
  token: string | undefined,
  options: { header?: boolean } = {},
): Promise<EventStream> {
  const url = new URL('/api/admin/events', base)
  if (token && !options.header) url.searchParams.set('access_token', token)
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (token && options.header) headers.authorization = `Bearer ${token}`
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const events: StreamEvent[] = []
      const comments: string[] = []
      let body = ''
      let pending = ''
      const waiters = new Set<() => void>()
      const tell = () => {
        for (const waiter of [...waiters]) waiter()
      }
      let ended = false
      const endedPromise = new Promise<void>((done) =>
        response.on('close', () => {
          ended = true
          tell()
          done()
        }),
      )
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
        pending += chunk
        const blocks = pending.split('\n\n')
        pending = blocks.pop()!
        for (const block of blocks) {
          let type = 'message'
          let data: string | undefined
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('event:')) type = line.slice(6).trim()
            else if (line.startsWith('data:')) data = line.slice(5).trim()
          }
          if (data !== undefined) events.push({ type, data: JSON.parse(data), at: performance.now() })
        }
        tell()
      })
      const waitFor = <T>(found: () => T | undefined, ms: number, what: string) =>
        new Promise<T>((ok, fail) => {
          const check = () => {
            const value = found()
            if (value !== undefined) return finish(() => ok(value))
            if (ended) finish(() => fail(new Error(`the stream ended before ${what}`)))
          }
          const timer = setTimeout(() => finish(() => fail(new Error(`no ${what} within ${ms} ms`))), ms)
          const finish = (then: () => void) => {
            clearTimeout(timer)
            waiters.delete(check)
            then()
          }
          waiters.add(check)
          check()
        })
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body
        },
        events,
        comments,
        next: (match, ms = 5_000) => waitFor(() => events.find(match), ms, 'such event'),
        comment: (text, count = 1, ms = 5_000) =>
          waitFor(
            () => (comments.filter((c) => c === text).length >= count ? true : undefined),
            ms,
            `${count} '${text}' comment(s)`,
          ).then(() => {}),
        ended: endedPromise,
        close: () => request.destroy(),
      }
      if (stream.status !== 200) {
        response.on('end', () => resolve(stream))
        response.resume()
        return
      }
      stream.comment('open').then(() => resolve(stream), reject)
    })
    request.on('error', reject)
  })
}
