import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { notFound } from '../../lib/errors.ts'
import { loadUnits } from './units.ts'

/** The list changes by law, not by the shop: a browser may keep an answer for a year (CONTRACT 5.6). */
const CACHED_FOR_A_YEAR = 'private, max-age=31536000'

export const placeRoutes = implement(endpoints.places, () => ({
  provinces: async (_request, reply) => {
    reply.header('cache-control', CACHED_FOR_A_YEAR)
    return { status: true, data: loadUnits().provinces, message: 'OK' }
  },
  wards: async (request, reply) => {
    const wards = loadUnits().wardsOf.get(request.params.code)
    if (!wards) throw notFound('provinceNotFound')
    reply.header('cache-control', CACHED_FOR_A_YEAR)
    return { status: true, data: wards, message: 'OK' }
  },
}))
