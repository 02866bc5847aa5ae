import { endpoints } from '@store/contract'
import { sendCsv, storeTime } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { auditBatches, listAuditLog } from './repository.ts'

/** The export's columns, in order. */
const HEADER = [
  'id',
  'at',
  'actorName',
  'actorEmail',
  'action',
  'entity',
  'entityId',
  'entityName',
  'changes',
  'ip',
  'userAgent',
] as const

/** A value of a change as a person reads it: text as it is, nothing as `—`, anything else as JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value)

/** An entry's changes in one cell: `name: Áo → Áo thun; price: 100000 → 120000`. */
const readableChanges = (changes: Record<string, [unknown, unknown]>) =>
  Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${shown(before)} → ${shown(after)}`)
    .join('; ')

/**
 * The audit log (CONTRACT 4.4): read and exported, never written here. Entries are written by the call runner
 * (`lib/endpoints.ts`) in the transaction of the write they record, and no call changes or deletes one.
 */
export const auditRoutes = implement(endpoints.audit, (app) => {
  const { config } = app.services
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listAuditLog(db, request.query, config.STORE_TZ)),
      message: 'OK',
    }),
    export: async (request, reply) =>
      sendCsv(reply, {
        list: 'audit-log',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: HEADER,
        batches: auditBatches(
          app.services.database.longDb,
          request.query,
          config.STORE_TZ,
          config.EXPORT_BATCH_ROWS,
        ),
        row: (e) => [
          String(e.id),
          storeTime(e.at, config.STORE_TZ),
          e.actorName,
          e.actorEmail,
          e.action,
          e.entity,
          e.entityId,
          e.entityName,
          readableChanges(e.changes ?? {}),
          e.ip,
          e.userAgent,
        ],
      }),
  }
})
