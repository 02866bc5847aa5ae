import { z } from 'zod'
import {
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  imagePath,
  isoDate,
  listEnvelope,
  listQuery,
  recordVersion,
  requiredText,
  sentVersion,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { csvAnswer, csvResponses, sortParam } from './list-params.ts'

export const brand = z.object({
  ...entityIds,
  name: z.string(),
  /** A stored path, served at `/api/file` + path. */
  logo: z.string().nullable(),
  slug: z.string(),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Brand = z.infer<typeof brand>

/** The add-brand form: name and logo required (spec section 5). */
export const brandCreateBody = z.object({ name: requiredText(120), logo: imagePath })
export type BrandCreateBody = z.infer<typeof brandCreateBody>

/** The edit-brand form: each field optional; `logo: null` is the remove button. */
export const brandUpdateBody = z.object({
  name: requiredText(120).optional(),
  logo: imagePath.nullable().optional(),
  version: sentVersion,
})
export type BrandUpdateBody = z.infer<typeof brandUpdateBody>

export const BRANDS_SORT_FIELDS = ['name', 'createdAt'] as const
const brandFilterShape = { name: listQuery.shape.name, sortBy: sortParam(BRANDS_SORT_FIELDS) }
export const brandListQuery = listQuery.extend(brandFilterShape)
export type BrandListQuery = z.infer<typeof brandListQuery>
export const brandExportQuery = z.object(brandFilterShape)

export const brandAnswer = envelope(brand)
export const brandList = listEnvelope(brand)
export const brandAll = envelope(z.array(brand))

export const brandEndpoints = defineEndpoints('brands', {
  list: {
    method: 'GET',
    path: '/admin/brands',
    permission: 'catalog:read',
    summary: 'A page of brands, sorted',
    query: brandListQuery,
    answer: brandList,
  },
  export: {
    method: 'GET',
    path: '/admin/brands/export',
    permission: 'catalog:read',
    summary: 'Every brand the search matches, as a CSV file in the list’s order',
    query: brandExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  all: {
    method: 'GET',
    path: '/admin/brands/all',
    permission: 'catalog:read',
    summary: 'Every brand, by name, for selects',
    answer: brandAll,
  },
  get: {
    method: 'GET',
    path: '/admin/brands/:id',
    permission: 'catalog:read',
    summary: 'One brand',
    params: idParams,
    answer: brandAnswer,
  },
  create: {
    method: 'POST',
    path: '/admin/brands',
    permission: 'catalog:write',
    summary: 'Create a brand',
    body: brandCreateBody,
    status: 201,
    answer: brandAnswer,
    audit: { entity: 'brand', action: 'create' },
  },
  update: {
    method: 'PUT',
    path: '/admin/brands/:id',
    permission: 'catalog:write',
    summary: 'Rename a brand or change or remove its logo',
    params: idParams,
    body: brandUpdateBody,
    answer: brandAnswer,
    audit: { entity: 'brand', action: 'update' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/brands/:id',
    permission: 'catalog:write',
    summary: 'Delete a brand no product uses',
    params: idParams,
    answer: emptyEnvelope,
    audit: { entity: 'brand', action: 'delete' },
  },
})
