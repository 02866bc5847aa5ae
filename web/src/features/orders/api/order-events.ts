import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/**
 * An order's timeline, newest first (CONTRACT 4.5), read afresh on entry. Any change to an order (a save, a
 * deleted line, a note) makes every cached answer about orders stale, this one included, so it follows.
 *
 * @example const events = useOrderEvents(orderId); events.data?.map(…)
 */
export const useOrderEvents = (orderId: string) =>
  useQuery({
    ...apiQuery(endpoints.orders.events, { params: { id: orderId } }),
    select: (answer) => answer.data,
    refetchOnMount: 'always',
    // The timeline says itself that it could not load, with a way to try again.
    meta: { silent: true },
  })
