import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { createUser, deleteUser, getUser, listUsers, updateUser } from './repository.ts'

export const userRoutes = implement(endpoints.users, (app) => {
  const { config } = app.services
  const clock = () => ({ now: app.services.now(), timeZone: config.STORE_TZ })
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listUsers(db, request.query)),
      message: 'OK',
    }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getUser(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db }) => ({
      status: true,
      data: await createUser(db, request.body, clock()),
      message: 'User created',
    }),
    update: async (request, _reply, { db }) => ({
      status: true,
      data: await updateUser(db, toDbId(request.params.id), request.body, clock()),
      message: 'User updated',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteUser(db, toDbId(request.params.id), request.admin.id)
      return { status: true, data: null, message: 'User deleted' }
    },
  }
})
