import { z } from 'zod'
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-names.ts'
import { isoDate, listEnvelope, listQuery } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { optionalChoice, optionalDay, ordered } from './list-params.ts'

export * from './audit-names.ts'

/** The audit log's filters (CONTRACT 4.4); the export takes the same ones without paging. */
const auditFilterShape = {
  /** The id of the member of staff who acted. */
  actor: z.string().max(64).optional(),
  entity: optionalChoice(AUDIT_ENTITIES),
  entityId: z.string().max(64).optional(),
  action: optionalChoice(AUDIT_ACTIONS),
  from: optionalDay,
  to: optionalDay,
}
const daysInOrder = ordered([['from', 'to']])
export const auditFilters = z.object(auditFilterShape).superRefine(daysInOrder)
export const auditListQuery = listQuery.omit({ name: true }).extend(auditFilterShape).superRefine(daysInOrder)
export type AuditListQuery = z.infer<typeof auditListQuery>
export type AuditFilters = z.infer<typeof auditFilters>

export const auditEntry = z.object({
  id: z.string(),
  at: isoDate,
  /** Who acted; null for a sign-in that named no account, or a reset link followed by its owner unsigned. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  /** What people call the record (a product's name, an order's customer), as it was then; null when unknown. */
  entityName: z.string().nullable(),
  /** `{ field: [before, after] }`; a secret reads 'changed', never its value. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const auditList = listEnvelope(auditEntry)

const csv = z.custom<string>().meta({ type: 'string', description: 'CSV, UTF-8 with a BOM' })

export const auditEndpoints = defineEndpoints('audit', {
  list: {
    method: 'GET',
    path: '/admin/audit-log',
    permission: 'audit:read',
    summary: 'A page of the audit log, newest first, with filters',
    description:
      'Every write through the API and every sign-in adds one entry, in the same transaction as the write. ' +
      '`from` and `to` are whole days in STORE_TZ, inclusive. No call changes or deletes an entry.',
    query: auditListQuery,
    answer: auditList,
  },
  export: {
    method: 'GET',
    path: '/admin/audit-log/export',
    permission: 'audit:read',
    summary: 'The audit log entries the filters match, as a CSV file, newest first',
    query: auditFilters,
    answer: csv,
    responses: { 200: { description: 'The entries', content: { 'text/csv': { schema: csv } } } },
  },
})
