import { endpoints, permissionsOf } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import { phoneCell, sendCsv, storeTime } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { forbidden } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import { requireStoredFiles } from '../files/stores.ts'
import {
  createUser,
  deleteUser,
  getUser,
  isEmailTaken,
  listUsers,
  lockUser,
  updateUser,
  userBatches,
} from './repository.ts'

/**
 * Whether the caller may read staff accounts through the user calls. `customers:read` opens customers; the
 * accounts of the team are `staff:manage`'s, so for anyone else these calls narrow to customers (CONTRACT 4.2:
 * staff read customers, and no staff accounts).
 */
const seesStaff = (request: FastifyRequest) => permissionsOf(request.admin.role).includes('staff:manage')

/**
 * The list's query as the caller may ask it: customers only for whoever may not read staff accounts, and a 403
 * for asking for the administrators outright.
 */
function scoped<Q extends { role?: 'user' | 'admin' | undefined }>(request: FastifyRequest, query: Q): Q {
  if (seesStaff(request)) return query
  if (query.role === 'admin') throw forbidden('notAllowed')
  return { ...query, role: 'user' as const }
}

/** The export's columns, in order: what the list shows, never a password hash or a sign-in secret. */
const CSV_HEADER = [
  'id',
  'name',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'role',
  'createdAt',
  'updatedAt',
] as const

export const userRoutes = implement(endpoints.users, (app) => {
  const { config } = app.services
  const clock = () => ({ now: app.services.now(), timeZone: config.STORE_TZ })
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listUsers(db, scoped(request, request.query), config.STORE_TZ)),
      message: 'OK',
    }),
    export: async (request, reply) => {
      const query = scoped(request, request.query)
      return sendCsv(reply, {
        list: 'users',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: CSV_HEADER,
        batches: userBatches(app.services.database.longDb, query, config.STORE_TZ, config.EXPORT_BATCH_ROWS),
        row: (u) => [
          String(u.id),
          u.name,
          u.email,
          phoneCell(u.phoneNumber),
          u.gender,
          u.dob,
          u.role,
          storeTime(u.createdAt, config.STORE_TZ),
          storeTime(u.updatedAt, config.STORE_TZ),
        ],
      })
    },
    emailTaken: async (request, _reply, { db }) => ({
      status: true,
      data: { taken: await isEmailTaken(db, request.query.email) },
      message: 'OK',
    }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getUser(db, toDbId(request.params.id), seesStaff(request) ? undefined : 'user'),
      message: 'OK',
    }),
    create: async (request, _reply, { db, audit }) => {
      const created = await createUser(db, request.body, clock())
      // The password is recorded as set, never as its value.
      audit.created(created).set('password', null, 'changed')
      return { status: true, data: created, message: 'User created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const before = await lockUser(db, id)
      await requireStoredFiles(app.services.files, 'avatar', [request.body.avatar], [before.avatar])
      const updated = await updateUser(db, id, request.body, clock(), sentVersion(request))
      audit.diff(before, updated)
      return { status: true, data: updated, message: 'User updated' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      audit.deleted(await lockUser(db, id))
      await deleteUser(db, id, request.admin.id)
      return { status: true, data: null, message: 'User deleted' }
    },
  }
})
