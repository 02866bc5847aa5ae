import { z } from 'zod'
import {
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  isoDate,
  listEnvelope,
  listQuery,
  recordVersion,
  requiredText,
  sentVersion,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { csvAnswer, csvResponses, sortParam } from './list-params.ts'

export const category = z.object({
  ...entityIds,
  name: z.string(),
  slug: z.string(),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Category = z.infer<typeof category>

export const categoryBody = z.object({ name: requiredText(120) })
export type CategoryBody = z.infer<typeof categoryBody>
/** The edit-category form: the name, and the version it was read at (CONTRACT 4.6). */
export const categoryUpdateBody = categoryBody.extend({ version: sentVersion })
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>

export const CATEGORIES_SORT_FIELDS = ['name', 'createdAt'] as const
const categoryFilterShape = { name: listQuery.shape.name, sortBy: sortParam(CATEGORIES_SORT_FIELDS) }
export const categoryListQuery = listQuery.extend(categoryFilterShape)
export type CategoryListQuery = z.infer<typeof categoryListQuery>
export const categoryExportQuery = z.object(categoryFilterShape)

export const categoryAnswer = envelope(category)
export const categoryList = listEnvelope(category)
export const categoryAll = envelope(z.array(category))

export const categoryEndpoints = defineEndpoints('categories', {
  list: {
    method: 'GET',
    path: '/admin/categories',
    permission: 'catalog:read',
    summary: 'A page of categories, sorted',
    query: categoryListQuery,
    answer: categoryList,
  },
  export: {
    method: 'GET',
    path: '/admin/categories/export',
    permission: 'catalog:read',
    summary: 'Every category the search matches, as a CSV file in the list’s order',
    query: categoryExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  all: {
    method: 'GET',
    path: '/admin/categories/all',
    permission: 'catalog:read',
    summary: 'Every category, by name, for selects',
    answer: categoryAll,
  },
  get: {
    method: 'GET',
    path: '/admin/categories/:id',
    permission: 'catalog:read',
    summary: 'One category',
    params: idParams,
    answer: categoryAnswer,
  },
  create: {
    method: 'POST',
    path: '/admin/categories',
    permission: 'catalog:write',
    summary: 'Create a category',
    body: categoryBody,
    status: 201,
    answer: categoryAnswer,
    audit: { entity: 'category', action: 'create' },
  },
  update: {
    method: 'PUT',
    path: '/admin/categories/:id',
    permission: 'catalog:write',
    summary: 'Rename a category',
    params: idParams,
    body: categoryUpdateBody,
    answer: categoryAnswer,
    audit: { entity: 'category', action: 'update' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/categories/:id',
    permission: 'catalog:write',
    summary: 'Delete a category no product uses',
    params: idParams,
    answer: emptyEnvelope,
    audit: { entity: 'category', action: 'delete' },
  },
})
