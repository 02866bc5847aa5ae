import { z } from 'zod'
import { defineEndpoints } from './endpoint.ts'
import type { Permission } from './permissions.ts'

// Live updates (CONTRACT 5.7): the server tells every signed-in session, as Server-Sent Events, that a record it
// may read has changed, by id only. A client reads the record again through the usual calls; the stream carries
// no figures, so nothing in it can leak past the permission of those calls.

/** The events of the stream, by name (plain, so the web app's first page load carries no zod for them). */
export const LIVE_EVENT_TYPES = ['order.created', 'order.updated', 'stock.low', 'staff.updated'] as const
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number]

/** What each event carries: the id of the record that changed, as the API's ids are (text). */
export const liveEventData = {
  /** An order was made (by staff, or by the storefront). */
  'order.created': z.object({ id: z.string() }),
  /** An order changed: its status, payment, details, lines, or its timeline (a note). */
  'order.updated': z.object({ id: z.string() }),
  /**
   * A product's stock (or one variant's) fell from above the shop's low-stock threshold to the threshold or
   * below, zero included.
   */
  'stock.low': z.object({ productId: z.string(), variantId: z.string().optional() }),
  /** A staff account was created or changed (its name, role or whether it is active). */
  'staff.updated': z.object({ id: z.string() }),
} satisfies Record<LiveEventType, z.ZodType>

/** One event: its type and its data. */
export type LiveEvent = {
  [T in LiveEventType]: { type: T; data: z.output<(typeof liveEventData)[T]> }
}[LiveEventType]

/** Who receives an event: a session whose role has this permission, the one that reads such records. */
export const LIVE_EVENT_PERMISSIONS: Record<LiveEventType, Permission> = {
  'order.created': 'orders:read',
  'order.updated': 'orders:read',
  'stock.low': 'catalog:read',
  'staff.updated': 'staff:manage',
}

/** The stream's query: the access token for a client that cannot send headers (`EventSource`). */
export const eventStreamQuery = z.object({
  access_token: z
    .string()
    .max(4096)
    .optional()
    .meta({ description: 'The access token, when it cannot go in the Authorization header (EventSource)' }),
})

/** The stream, for the OpenAPI document: the route writes it itself. */
export const eventStream = z.custom<string>().meta({
  type: 'string',
  description:
    'text/event-stream: `event: <type>` and `data: <JSON>` per event, a `: heartbeat` comment line every ' +
    'EVENTS_HEARTBEAT_SECONDS (25 s)',
})

export const eventEndpoints = defineEndpoints('events', {
  stream: {
    method: 'GET',
    path: '/admin/events',
    permission: 'signedIn',
    tokenInQuery: true,
    summary: 'Live updates as Server-Sent Events: orders made and changed, stock falling low, staff changed',
    description:
      `Each event goes to a session whose role may read it: ${LIVE_EVENT_TYPES.map((t) => `\`${t}\` (${LIVE_EVENT_PERMISSIONS[t]})`).join(', ')}. ` +
      'Events are sent once the change is committed, from any server process on the same database. A ' +
      '`: heartbeat` comment comes every EVENTS_HEARTBEAT_SECONDS. The stream ends when its session ends (sign-out, ' +
      'the session ended from the sessions screen, the account disabled or its password changed). `EventSource` ' +
      'cannot send headers: it passes the access token as `?access_token=`.',
    query: eventStreamQuery,
    answer: eventStream,
    responses: {
      200: { description: 'The stream', content: { 'text/event-stream': { schema: eventStream } } },
    },
  },
})
