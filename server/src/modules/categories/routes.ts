import {
  categoryAll,
  categoryAnswer,
  categoryBody,
  categoryList,
  emptyEnvelope,
  idParams,
  listQuery,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { toDbId } from '../../lib/ids.ts'
import {
  allCategories,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './repository.ts'

const tags = ['categories']

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services

  app.get(
    '/admin/categories',
    {
      schema: {
        summary: 'A page of categories, newest first',
        tags,
        querystring: listQuery,
        response: { 200: categoryList },
      },
    },
    async (request) => ({ status: true, ...(await listCategories(db, request.query)), message: 'OK' }),
  )

  app.get(
    '/admin/categories/all',
    { schema: { summary: 'Every category, by name, for selects', tags, response: { 200: categoryAll } } },
    async () => ({ status: true, data: await allCategories(db), message: 'OK' }),
  )

  app.get(
    '/admin/categories/:id',
    { schema: { summary: 'One category', tags, params: idParams, response: { 200: categoryAnswer } } },
    async (request) => ({
      status: true,
      data: await getCategory(db, toDbId(request.params.id)),
      message: 'OK',
    }),
  )

  app.post(
    '/admin/categories',
    { schema: { summary: 'Create a category', tags, body: categoryBody, response: { 201: categoryAnswer } } },
    async (request, reply) => {
      const data = await createCategory(db, request.body)
      return reply.code(201).send({ status: true, data, message: 'Category created' })
    },
  )

  app.put(
    '/admin/categories/:id',
    {
      schema: {
        summary: 'Rename a category',
        tags,
        params: idParams,
        body: categoryBody,
        response: { 200: categoryAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await updateCategory(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Category updated',
    }),
  )

  app.delete(
    '/admin/categories/:id',
    {
      schema: {
        summary: 'Delete a category no product uses',
        tags,
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteCategory(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Category deleted' }
    },
  )
}
