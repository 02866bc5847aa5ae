import {
  emptyEnvelope,
  idParams,
  productAnswer,
  productBody,
  productList,
  productListQuery,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { toDbId } from '../../lib/ids.ts'
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './repository.ts'

const tags = ['products']

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services

  app.get(
    '/admin/products',
    {
      schema: {
        summary:
          'A page of live products, newest first, with their category and brand; stock=out lists only those out of stock (quantity 0)',
        tags,
        querystring: productListQuery,
        response: { 200: productList },
      },
    },
    async (request) => ({ status: true, ...(await listProducts(db, request.query)), message: 'OK' }),
  )

  app.get(
    '/admin/products/:id',
    { schema: { summary: 'One live product', tags, params: idParams, response: { 200: productAnswer } } },
    async (request) => ({
      status: true,
      data: await getProduct(db, toDbId(request.params.id)),
      message: 'OK',
    }),
  )

  app.post(
    '/admin/products',
    { schema: { summary: 'Create a product', tags, body: productBody, response: { 201: productAnswer } } },
    async (request, reply) => {
      const data = await createProduct(db, request.body, app.services.now())
      return reply.code(201).send({ status: true, data, message: 'Product created' })
    },
  )

  app.put(
    '/admin/products/:id',
    {
      schema: {
        summary: 'Replace a product’s form fields; sold and rating stay unless sent',
        tags,
        params: idParams,
        body: productBody,
        response: { 200: productAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await updateProduct(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Product updated',
    }),
  )

  app.delete(
    '/admin/products/:id',
    {
      schema: {
        summary: 'Delete a product (kept for the order lines that name it)',
        tags,
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteProduct(db, toDbId(request.params.id), app.services.now())
      return { status: true, data: null, message: 'Product deleted' }
    },
  )
}
