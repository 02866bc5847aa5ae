import { LIVE_EVENT_TYPES, type LiveEvent, pathOf } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, api, tokens } from './http.ts'
import { invalidateAfter, queryKeys } from './queries.ts'
import { notify } from './toast.ts'

// Live updates (CONTRACT 5.7): one stream a signed-in tab, from `GET /api/admin/events`. What it says only marks
// cached answers stale, so the screens read the records again through their usual calls; when the stream is down
// they keep what they show, and the tab reconnects by itself.

/** What the hook needs of `EventSource`; tests give a fake one. */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  onerror: ((event: Event) => void) | null
  onopen: ((event: Event) => void) | null
  close(): void
}
export type OpenEventSource = (url: string) => EventSourceLike

/** The browser's own; none where there is no EventSource (a test's document), and the screens do without. */
const browserEventSource = (): OpenEventSource | undefined =>
  typeof EventSource === 'undefined' ? undefined : (url) => new EventSource(url)

/** `EventSource.CLOSED`: the browser gave up and will not retry (a refusal such as a 401, or not a stream). */
const CLOSED = 2

/** The stream's address: `EventSource` sends no headers, so the access token rides in the query. */
export const streamUrl = (token: string | null) => {
  const path = pathOf(endpoints.events.stream)
  return token ? `${path}?access_token=${encodeURIComponent(token)}` : path
}

/** Events arriving this close together are applied at once: a bulk move of 100 orders reloads a list once. */
export const BATCH_MS = 250
/** After the browser gives up, the first try again waits this long, doubling up to the last. */
export const RETRY_MS = { first: 1_000, last: 30_000 }

/**
 * Marks stale what a batch of events touches, and answers the orders it says were made. A new order reloads the
 * order lists and the dashboard's figures; a changed order its own answers (detail, lines, timeline), the lists
 * it shows in and the dashboard; stock falling low the product lists and the dashboard's low-stock list.
 */
export function applyLiveEvents(queryClient: QueryClient, events: readonly LiveEvent[]): string[] {
  const created: string[] = []
  const changed = new Set<string>()
  let stock = false
  for (const event of events) {
    if (event.type === 'order.created') created.push(event.data.id)
    else if (event.type === 'order.updated') changed.add(event.data.id)
    else if (event.type === 'stock.low') stock = true
  }
  if (created.length > 0) void invalidateAfter(queryClient, 'orders')
  else if (changed.size > 0) {
    void queryClient.invalidateQueries({
      predicate: ({ queryKey: [resource, operation, input] }) => {
        if (resource === 'analytics') return true
        if (resource !== 'orders') return false
        const params = (input as { params?: { id?: string; orderId?: string } } | undefined)?.params
        return operation === 'list' || changed.has(params?.id ?? '') || changed.has(params?.orderId ?? '')
      },
    })
  }
  if (stock)
    for (const resource of ['products', 'analytics'] as const)
      void queryClient.invalidateQueries({ queryKey: queryKeys.all(resource) })
  return created
}

/** Says that orders were made: one toast for one order, one for several. */
export function announceNewOrders(ids: readonly string[]) {
  if (ids.length === 0) return
  const text =
    ids.length === 1
      ? i18next.t('layout.live.newOrder', { id: ids[0] })
      : i18next.t('layout.live.newOrders', { count: ids.length })
  notify.info(text, `new-orders:${ids.join(',')}`)
}

/**
 * Holds the tab's stream while `enabled` (signed in), and answers how many orders were made since the order list
 * was last opened, with the way to clear that count. The browser reconnects a stream that dropped by itself;
 * when it gives up (a refusal: the access token expired, or the session ended) one call through the API client
 * renews the token or ends the session as any call does, and the stream opens again with the new token, or not
 * at all once signed out.
 *
 * @example const { newOrders, clearNewOrders } = useLiveUpdates({ enabled: session.hasToken })
 */
export function useLiveUpdates({
  enabled,
  open,
}: {
  enabled: boolean
  /** Opens the stream; the browser's `EventSource` unless a test gives its own. */
  open?: OpenEventSource
}) {
  const queryClient = useQueryClient()
  const [newOrders, setNewOrders] = useState(0)
  const clearNewOrders = useCallback(() => setNewOrders(0), [])
  const openRef = useRef(open)
  openRef.current = open

  useEffect(() => {
    const make = openRef.current ?? browserEventSource()
    if (!enabled || !make) return
    let source: EventSourceLike | undefined
    let stopped = false
    let wait = RETRY_MS.first
    let retry: ReturnType<typeof setTimeout> | undefined
    let batch: LiveEvent[] = []
    let flush: ReturnType<typeof setTimeout> | undefined

    const apply = () => {
      flush = undefined
      const events = batch
      batch = []
      const created = applyLiveEvents(queryClient, events)
      if (created.length > 0) {
        setNewOrders((n) => n + created.length)
        announceNewOrders(created)
      }
    }
    const receive = (type: LiveEvent['type']) => (message: MessageEvent<string>) => {
      try {
        batch.push({ type, data: JSON.parse(message.data) } as LiveEvent)
      } catch {
        return // not an event of ours
      }
      flush ??= setTimeout(apply, BATCH_MS)
    }

    const connect = () => {
      if (stopped) return
      const current = make(streamUrl(tokens.access))
      source = current
      for (const type of LIVE_EVENT_TYPES) current.addEventListener(type, receive(type))
      current.onopen = () => {
        wait = RETRY_MS.first
      }
      current.onerror = () => {
        // While connecting again the browser is on it; once it has given up, so is this stream.
        if (current.readyState !== CLOSED || stopped) return
        current.close()
        retry = setTimeout(() => void recover(), wait)
        wait = Math.min(wait * 2, RETRY_MS.last)
      }
    }
    /** Asks the API who is signed in, which renews an expired token, then opens the stream again. */
    const recover = async () => {
      if (stopped) return
      try {
        await api(endpoints.auth.me)
      } catch (error) {
        // A 401 here has ended the session (the API client said so, and `enabled` turns false): no stream.
        if (error instanceof ApiError && error.status === 401) return
        // The server away: try again later, the lists staying as they are.
        retry = setTimeout(() => void recover(), wait)
        wait = Math.min(wait * 2, RETRY_MS.last)
        return
      }
      connect()
    }

    connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      clearTimeout(flush)
      source?.close()
    }
  }, [enabled, queryClient])

  // Signed out, the count goes with the session.
  useEffect(() => {
    if (!enabled) setNewOrders(0)
  }, [enabled])

  return { newOrders, clearNewOrders }
}
