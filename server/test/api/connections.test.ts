import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The HTTP server's own limits, met on real sockets: what Node's parser refuses is answered in the envelope, and
// slow or idle connections do not stay open, nor do more connections than the setting allows.

let t: TestApp
let port: number

beforeAll(async () => {
  t = await startApp({
    env: {
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_KEEP_ALIVE_SECONDS: '1',
      HTTP_IDLE_TIMEOUT_SECONDS: '3',
      // A live updates stream must speak more often than an idle connection is closed.
      EVENTS_HEARTBEAT_SECONDS: '2',
      HTTP_MAX_CONNECTIONS: '6',
    },
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as { port: number }).port
})
afterAll(async () => t.close())

/** A raw connection: what it has received so far, and a promise that settles when the server closes it. */
function open() {
  const socket = connect({ host: '127.0.0.1', port })
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const ready = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, ready, closed, received: () => received }
}

/** The status line and the JSON body of a raw HTTP answer. */
function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const [statusLine = '', ...headers] = head.split('\r\n')
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: Object.fromEntries(
      headers.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    ),
    body: body ? JSON.parse(body) : null,
  }
}

const send = (socket: Socket, text: string) =>
  new Promise<void>((resolve) => socket.write(text, () => resolve()))

describe('refusals of the HTTP parser', () => {
  it('answers headers over 16 KB (a long address) with 431 in the envelope, then closes', async () => {
    const c = open()
    await c.ready
    await send(c.socket, `GET /api/admin/users?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    await c.closed
    const answer = parse(c.received())
    expect(answer.status).toBe(431)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.headers.connection).toBe('close')
    // Written straight to the socket, it still carries the headers every answer carries.
    expect(answer.headers['x-frame-options']).toBe('DENY')
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(answer.body).toEqual({
      status: false,
      data: null,
      message: 'The request headers are too large',
      code: 'headersTooLarge',
    })
  })

  it('answers a request that is not HTTP with 400 in the envelope', async () => {
    const c = open()
    await c.ready
    await send(c.socket, 'HELLO THERE\r\n\r\n')
    await c.closed
    const answer = parse(c.received())
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('malformedRequest')
    expect(answer.body.message).toBe('The request is not valid HTTP')
  })

  it('answers a path segment over the length a route accepts with 414 in the envelope', async () => {
    const body = expectEnvelope(await t.call('GET', `/api/admin/users/${'9'.repeat(120)}`), 414)
    expect(body.code).toBe('urlTooLong')
  })

  it('answers an address that is not validly encoded with 400 in the envelope', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/users/%zz'), 400)
    expect(body.code).toBe('urlNotEncoded')
  })
})

describe('connection limits', () => {
  it('closes a connection that sends nothing, answering 408 in the envelope', async () => {
    const c = open()
    await c.ready
    await c.closed
    const answer = parse(c.received())
    expect(answer.status).toBe(408)
    expect(answer.body.code).toBe('requestTimedOut')
  })

  it('closes a connection whose headers trickle in slower than the headers timeout', async () => {
    const c = open()
    await c.ready
    await send(c.socket, 'GET /api/health HTTP/1.1\r\n')
    // One header line every 300 ms, never the blank line that ends them: a slow-header attack.
    const trickle = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write(`X-Slow-${Date.now()}: 1\r\n`)
    }, 300)
    try {
      await c.closed
    } finally {
      clearInterval(trickle)
    }
    expect(parse(c.received()).status).toBe(408)
  })

  it('closes an idle keep-alive connection after its answer', async () => {
    const c = open()
    await c.ready
    await send(c.socket, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
    await c.closed
    const answer = parse(c.received())
    expect(answer.status).toBe(200)
    expect(answer.headers['keep-alive']).toBe('timeout=1')
  })

  it('refuses connections beyond HTTP_MAX_CONNECTIONS while the others are held, and takes them again after', async () => {
    const held = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = open()
        await c.ready
        return c
      }),
    )
    const extra = open()
    await extra.closed
    expect(extra.received()).toBe('')
    for (const c of held) c.socket.destroy()
    await Promise.all(held.map((c) => c.closed))
    const after = open()
    await after.ready
    await send(after.socket, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    await after.closed
    expect(parse(after.received()).status).toBe(200)
  })
})
