import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { LiveStreams } from './streams.ts'

export const eventRoutes = implement(endpoints.events, (app) => {
  const streams = new LiveStreams(app.services, app.log)
  // Before the server closes: it waits for its connections, and a stream never ends by itself.
  app.addHook('preClose', async () => streams.close())
  return {
    stream: async (request, reply) => {
      streams.open(request, reply)
      return reply
    },
  }
})
