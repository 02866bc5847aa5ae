import { AsyncLocalStorage } from 'node:async_hooks'
import type { BusMessage } from '../types.ts'

// The live updates a call causes (CONTRACT 5.7), gathered while it runs and handed to the event bus by the call
// runner (`lib/endpoints.ts`) once the call's writes are done: inside its transaction, so that they are sent when
// and only when it commits. A repository notes an event where the change happens (`liveEvents.emit`), without
// passing anything down to it: the call's outbox follows the call through `AsyncLocalStorage`. Outside a call
// (the seed, the commands) there is no outbox and nothing is noted.

interface Outbox {
  /** By type and data: a call that moves an order twice says so once. */
  messages: Map<string, BusMessage>
  /** `LOW_STOCK_THRESHOLD`: the threshold until the shop saves one, for `stock.low`. */
  lowStockDefault: number
}

const current = new AsyncLocalStorage<Outbox>()

const keyOf = (message: BusMessage) => `${message.type}:${JSON.stringify(message.data)}`

export const liveEvents = {
  /**
   * Runs a call's work with an outbox of its own, and answers what it answered with the events it noted.
   *
   * @example const [answer, messages] = await liveEvents.collect(config.LOW_STOCK_THRESHOLD, () => work(tx))
   */
  async collect<T>(lowStockDefault: number, work: () => Promise<T>): Promise<[T, BusMessage[]]> {
    const outbox: Outbox = { messages: new Map(), lowStockDefault }
    const answer = await current.run(outbox, work)
    return [answer, [...outbox.messages.values()]]
  },

  /** Notes an event of the running call; nothing outside one. */
  emit(message: BusMessage): void {
    const outbox = current.getStore()
    outbox?.messages.set(keyOf(message), message)
  },

  /**
   * The low-stock threshold until the shop saves one (`LOW_STOCK_THRESHOLD`), in a call; undefined outside one,
   * where a check that costs a query is skipped since nobody would hear of it.
   */
  get lowStockDefault(): number | undefined {
    return current.getStore()?.lowStockDefault
  },

  /**
   * Runs part of a call that may be rolled back on its own (a savepoint of a bulk call, `lib/bulk.ts`): the
   * events it notes join the call's only if it succeeds.
   */
  async apart<T>(work: () => Promise<T>): Promise<T> {
    const parent = current.getStore()
    if (!parent) return work()
    const own: Outbox = { messages: new Map(), lowStockDefault: parent.lowStockDefault }
    const answer = await current.run(own, work)
    for (const [key, message] of own.messages) parent.messages.set(key, message)
    return answer
  },
}
