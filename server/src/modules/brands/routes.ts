import {
  brandAll,
  brandAnswer,
  brandCreateBody,
  brandList,
  brandUpdateBody,
  emptyEnvelope,
  idParams,
  listQuery,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { toDbId } from '../../lib/ids.ts'
import { allBrands, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './repository.ts'

const tags = ['brands']

export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services

  app.get(
    '/admin/brands',
    {
      schema: {
        summary: 'A page of brands, newest first',
        tags,
        querystring: listQuery,
        response: { 200: brandList },
      },
    },
    async (request) => ({ status: true, ...(await listBrands(db, request.query)), message: 'OK' }),
  )

  app.get(
    '/admin/brands/all',
    { schema: { summary: 'Every brand, by name, for selects', tags, response: { 200: brandAll } } },
    async () => ({ status: true, data: await allBrands(db), message: 'OK' }),
  )

  app.get(
    '/admin/brands/:id',
    { schema: { summary: 'One brand', tags, params: idParams, response: { 200: brandAnswer } } },
    async (request) => ({ status: true, data: await getBrand(db, toDbId(request.params.id)), message: 'OK' }),
  )

  app.post(
    '/admin/brands',
    {
      schema: { summary: 'Create a brand', tags, body: brandCreateBody, response: { 201: brandAnswer } },
    },
    async (request, reply) => {
      const data = await createBrand(db, request.body, app.services.now())
      return reply.code(201).send({ status: true, data, message: 'Brand created' })
    },
  )

  app.put(
    '/admin/brands/:id',
    {
      schema: {
        summary: 'Rename a brand or change or remove its logo',
        tags,
        params: idParams,
        body: brandUpdateBody,
        response: { 200: brandAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await updateBrand(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Brand updated',
    }),
  )

  app.delete(
    '/admin/brands/:id',
    {
      schema: {
        summary: 'Delete a brand no product uses',
        tags,
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteBrand(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Brand deleted' }
    },
  )
}
