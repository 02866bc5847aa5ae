import {
  emptyEnvelope,
  idParams,
  userAnswer,
  userCreateBody,
  userList,
  userListQuery,
  userUpdateBody,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { toDbId } from '../../lib/ids.ts'
import { createUser, deleteUser, getUser, listUsers, updateUser } from './repository.ts'

const tags = ['users']

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services
  const clock = () => ({ now: app.services.now(), timeZone: config.STORE_TZ })

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'A page of users, newest first; role=user for customers, role=admin for staff',
        tags,
        querystring: userListQuery,
        response: { 200: userList },
      },
    },
    async (request) => ({ status: true, ...(await listUsers(db, request.query)), message: 'OK' }),
  )

  app.get(
    '/admin/users/:id',
    { schema: { summary: 'One user', tags, params: idParams, response: { 200: userAnswer } } },
    async (request) => ({ status: true, data: await getUser(db, toDbId(request.params.id)), message: 'OK' }),
  )

  app.post(
    '/admin/users',
    {
      schema: {
        summary: 'Create a customer account',
        tags,
        body: userCreateBody,
        response: { 201: userAnswer },
      },
    },
    async (request, reply) => {
      const data = await createUser(db, request.body, clock())
      return reply.code(201).send({ status: true, data, message: 'User created' })
    },
  )

  app.put(
    '/admin/users/:id',
    {
      schema: {
        summary: 'Change some of a user’s profile fields (also the Setting dialog’s own-name edit)',
        tags,
        params: idParams,
        body: userUpdateBody,
        response: { 200: userAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await updateUser(db, toDbId(request.params.id), request.body, clock()),
      message: 'User updated',
    }),
  )

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        summary: 'Delete a user without orders, with their reviews and sessions',
        tags,
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteUser(db, toDbId(request.params.id), request.admin.id)
      return { status: true, data: null, message: 'User deleted' }
    },
  )
}
