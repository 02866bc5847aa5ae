import type { FastifyBaseLogger } from 'fastify'
import type { Services } from '../types.ts'

// Placeholder until the demo store is written.
export async function seedDemoIfEmpty(_services: Services, _log: FastifyBaseLogger): Promise<void> {}
