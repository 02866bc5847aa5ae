import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, ok, refusal } from '../test/fake-fetch.ts'
import { onSessionEnd, tokens } from './http.ts'
import { BATCH_MS, type EventSourceLike, RETRY_MS, useLiveUpdates } from './live-updates.ts'
import { notify } from './toast.ts'

// The tab's live updates stream, with a stand-in for the browser's EventSource that the test drives: what the
// server sends, and the browser giving up. Calls the hook makes through the API go to the fake fetch, which
// fails the test on any call it was not told of.

class FakeSource implements EventSourceLike {
  static made: FakeSource[] = []
  readyState = 0
  onerror: ((event: Event) => void) | null = null
  onopen: ((event: Event) => void) | null = null
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  closed = false
  constructor(readonly url: string) {
    FakeSource.made.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = 2
  }
  /** The server sends an event. */
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
  /** The browser gives up on the stream: a refusal (a 401), or an answer that is not a stream. */
  giveUp() {
    this.readyState = 2
    this.onerror?.(new Event('error'))
  }
  /** The connection dropped and the browser is connecting again by itself. */
  drop() {
    this.readyState = 0
    this.onerror?.(new Event('error'))
  }
}

const latest = () => FakeSource.made.at(-1)!
const orderKey = (id: string) => ['orders', 'get', { params: { id } }]
const listKey = ['orders', 'list', { query: { page: 1 } }]
const productsKey = ['products', 'list', {}]

let queryClient: QueryClient
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
)
const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated

function renderLive(enabled = true) {
  return renderHook(
    ({ on }: { on: boolean }) => useLiveUpdates({ enabled: on, open: (url) => new FakeSource(url) }),
    { wrapper, initialProps: { on: enabled } },
  )
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeSource.made = []
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  for (const key of [orderKey('7'), orderKey('8'), listKey, productsKey, ['analytics', 'figures', {}]])
    queryClient.setQueryData(key, { status: true, data: null })
  tokens.save({
    access: { token: 'access-1', expires: '2030-01-01T00:00:00Z' },
    refresh: { token: 'refresh-1', expires: '2030-01-01T00:00:00Z' },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  tokens.clear()
})

describe('useLiveUpdates', () => {
  it('opens one stream with the access token, and none while signed out', () => {
    const { rerender, unmount } = renderLive(false)
    expect(FakeSource.made).toHaveLength(0)
    rerender({ on: true })
    expect(FakeSource.made).toHaveLength(1)
    expect(latest().url).toBe('/api/admin/events?access_token=access-1')
    rerender({ on: false })
    expect(latest().closed).toBe(true)
    unmount()
  })

  it('counts new orders, says so in a toast, reloads the order lists, and clears the count when asked', async () => {
    const toast = vi.spyOn(notify, 'info').mockImplementation(() => {})
    const { result } = renderLive()
    act(() => latest().send('order.created', { id: '123' }))
    // Nothing until the batch closes: a burst of events reloads once.
    expect(stale(listKey)).toBeFalsy()
    await act(async () => vi.advanceTimersByTime(BATCH_MS))
    expect(result.current.newOrders).toBe(1)
    expect(toast).toHaveBeenCalledWith('New order #123', expect.any(String))
    expect(stale(listKey)).toBe(true)
    expect(stale(['analytics', 'figures', {}])).toBe(true)
    expect(stale(productsKey)).toBeFalsy()

    act(() => {
      latest().send('order.created', { id: '124' })
      latest().send('order.created', { id: '125' })
    })
    await act(async () => vi.advanceTimersByTime(BATCH_MS))
    expect(result.current.newOrders).toBe(3)
    expect(toast).toHaveBeenLastCalledWith('2 new orders', expect.any(String))

    act(() => result.current.clearNewOrders())
    expect(result.current.newOrders).toBe(0)
  })

  it('says it in Vietnamese', async () => {
    const toast = vi.spyOn(notify, 'info').mockImplementation(() => {})
    await i18next.changeLanguage('vi')
    try {
      renderLive()
      act(() => latest().send('order.created', { id: '77' }))
      await act(async () => vi.advanceTimersByTime(BATCH_MS))
      expect(toast).toHaveBeenCalledWith('Đơn hàng mới #77', expect.any(String))
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  it('reloads the answers of a changed order and the lists, not another order; stock falling low reloads products', async () => {
    const { result } = renderLive()
    act(() => latest().send('order.updated', { id: '7' }))
    await act(async () => vi.advanceTimersByTime(BATCH_MS))
    expect(stale(orderKey('7'))).toBe(true)
    expect(stale(listKey)).toBe(true)
    expect(stale(orderKey('8'))).toBeFalsy()
    expect(stale(productsKey)).toBeFalsy()
    expect(result.current.newOrders).toBe(0)

    act(() => latest().send('stock.low', { productId: '5' }))
    await act(async () => vi.advanceTimersByTime(BATCH_MS))
    expect(stale(productsKey)).toBe(true)
  })

  it('leaves reconnecting to the browser while it tries; once it gives up, renews the token and opens again', async () => {
    const fake = fakeFetch({
      'GET /api/admin/auth/me': [
        () => refusal(401, 'sessionExpired'),
        () => ok({ id: '1', name: 'Admin', permissions: [] }),
      ],
      'POST /api/admin/auth/refresh-tokens': () =>
        ok({
          tokens: {
            access: { token: 'access-2', expires: '2030-01-01T00:00:00Z' },
            refresh: { token: 'refresh-2', expires: '2030-01-01T00:00:00Z' },
          },
        }),
    })
    renderLive()
    const first = latest()
    act(() => first.drop())
    expect(FakeSource.made).toHaveLength(1)
    expect(first.closed).toBe(false)

    act(() => first.giveUp())
    expect(first.closed).toBe(true)
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_MS.first))
    expect(fake.callsTo('POST /api/admin/auth/refresh-tokens')).toHaveLength(1)
    expect(FakeSource.made).toHaveLength(2)
    expect(latest().url).toBe('/api/admin/events?access_token=access-2')
  })

  it('opens nothing again once the session has ended: the 401 that no refresh cures signs out', async () => {
    fakeFetch({
      'GET /api/admin/auth/me': () => refusal(401, 'sessionEnded'),
      'POST /api/admin/auth/refresh-tokens': () => refusal(401, 'sessionEnded'),
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    renderLive()
    act(() => latest().giveUp())
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_MS.last * 2))
    expect(ended).toHaveBeenCalledTimes(1)
    expect(tokens.access).toBeNull()
    expect(FakeSource.made).toHaveLength(1)
    stop()
  })

  it('keeps trying, further apart, while the server cannot be reached', async () => {
    const fake = fakeFetch({
      'GET /api/admin/auth/me': [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => ok({ id: '1' }),
      ],
    })
    renderLive()
    act(() => latest().giveUp())
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_MS.first))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(1)
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_MS.first * 2))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(2)
    expect(FakeSource.made).toHaveLength(1)
    await act(async () => vi.advanceTimersByTimeAsync(RETRY_MS.first * 4))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(3)
    expect(FakeSource.made).toHaveLength(2)
  })
})
