import multipart from '@fastify/multipart'
import {
  CARRIER_NAMES,
  type Carrier,
  carrier as carrierSchema,
  codCollectedBody,
  endpoints,
  type Order,
  type Shipment,
} from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf } from '../../lib/actor.ts'
import { AuditNote, nameOf } from '../../lib/audit.ts'
import { bulkMessage, eachOnItsOwn, summary } from '../../lib/bulk.ts'
import { implement } from '../../lib/endpoints.ts'
import { badRequest, fieldError } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { bodyRefusal, type CodLine, readStatement, STATEMENT_FIELD, settleCod } from './cod.ts'
import { createShipment, updateShipment } from './repository.ts'

/** What the audit log keeps of a shipment: what staff chose and where it stands. */
const audited = (s: Shipment | null) =>
  s && {
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    codAmount: s.codAmount,
    weightGrams: s.weightGrams,
    note: s.note,
    status: s.status,
  }

/** The order's own status, when the shipment moved it, beside the shipment's fields. */
function noteOrderMove(note: AuditNote, before: Order, after: number | undefined) {
  if (after !== undefined && after !== before.status) note.set('orderStatus', before.status, after)
}

/** What a COD call's multipart request carried, read before the handler's transaction opens. */
interface Statement {
  carrier: Carrier
  lines: CodLine[]
  file: string
}

/**
 * Reads the multipart COD statement: the `carrier` field and the `file` part, the file parsed as a statement.
 * Bounded as the product import's upload is: one file of at most UPLOAD_MAX_MB, a few fields.
 */
async function readStatementUpload(app: FastifyInstance, request: FastifyRequest): Promise<Statement> {
  const maxMb = app.services.config.UPLOAD_MAX_MB
  const limitErrors = app.multipartErrors
  let carrierText: unknown
  let file: { name: string; content: Buffer } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        if (part.fieldname === STATEMENT_FIELD && !(content.length === 0 && !part.filename))
          file = { name: part.filename, content }
      } else if (part.fieldname === 'carrier') carrierText = part.value
    }
  } catch (error) {
    if (error instanceof limitErrors.RequestFileTooLargeError)
      throw fieldError(413, STATEMENT_FIELD, 'fileTooLarge', { mb: maxMb })
    if (error instanceof limitErrors.FilesLimitError) throw badRequest(STATEMENT_FIELD, 'oneFile')
    if (error instanceof limitErrors.PartsLimitError || error instanceof limitErrors.FieldsLimitError)
      throw fieldError(413, STATEMENT_FIELD, 'tooManyParts')
    if (error instanceof limitErrors.PrematureCloseError)
      throw badRequest(STATEMENT_FIELD, 'uploadInterrupted')
    throw badRequest(STATEMENT_FIELD, 'multipartUnreadable')
  }
  const carrier = carrierSchema.safeParse(carrierText)
  if (carrierText === undefined || carrierText === '') throw badRequest('carrier', 'required')
  if (!carrier.success) throw bodyRefusal(carrier.error, 'carrier')
  if (!file) throw badRequest(STATEMENT_FIELD, 'required')
  return { carrier: carrier.data, lines: readStatement(file.content), file: file.name }
}

export const shipmentRoutes = implement(endpoints.shipments, async (app) => {
  const maxMb = app.services.config.UPLOAD_MAX_MB
  await app.register(multipart, {
    limits: {
      fileSize: maxMb * 1024 * 1024,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 11,
      headerPairs: 100,
    },
  })
  // The statement is read and parsed before the handler, because the handler runs in the call's transaction:
  // the embedded database holds up every other statement while one is open, so none waits on an upload.
  const statements = new WeakMap<FastifyRequest, Statement>()
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.endpoint !== endpoints.shipments.codCollected) return
    if (request.isMultipart()) statements.set(request, await readStatementUpload(app, request))
  })

  return {
    create: async (request, _reply, { db, audit }) => {
      const { before, shipment } = await createShipment(db, toDbId(request.params.id), request.body, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      audit.name = nameOf(before)
      audit.created(audited(shipment)!)
      noteOrderMove(audit, before, before.status === 1 ? 2 : undefined)
      return { status: true, data: shipment, message: 'Shipment created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const { before, shipment } = await updateShipment(db, toDbId(request.params.id), request.body, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      audit.name = nameOf(before)
      audit.diff(audited(before.shipment)!, audited(shipment)!)
      const moved = shipment.status === 'delivered' ? 3 : shipment.status === 'returned' ? 0 : undefined
      noteOrderMove(audit, before, moved)
      return { status: true, data: shipment, message: 'Shipment updated' }
    },
    bulkCreate: async (request, _reply, { db, audit }) => {
      const change = { now: app.services.now(), actor: actorOf(request) }
      const { carrier } = request.body
      const subject = { entity: 'order', action: 'shipment' } as const
      const outcomes = await eachOnItsOwn(db, audit, request.body.ids, subject, async (tx, text, note) => {
        const { before, shipment } = await createShipment(tx, toDbId(text), { carrier }, change)
        note.entityId = before.id
        note.name = nameOf(before)
        note.created(audited(shipment)!)
        noteOrderMove(note, before, before.status === 1 ? 2 : undefined)
        return `Shipped with ${CARRIER_NAMES[carrier]}`
      })
      const { done, refused } = summary(outcomes)
      audit.entityId = null
      audit.set('carrier', null, carrier)
      audit.set('shipped', null, done)
      audit.set('refused', null, refused)
      return { status: true, data: outcomes, message: bulkMessage(outcomes, 'shipped') }
    },
    codCollected: async (request, _reply, { db, audit }) => {
      const { dryRun } = request.query
      let statement = statements.get(request)
      if (!statement) {
        const parsed = codCollectedBody.safeParse(request.body)
        if (!parsed.success) throw bodyRefusal(parsed.error)
        statement = {
          carrier: parsed.data.carrier,
          lines: parsed.data.trackingNumbers.map((n) => ({
            trackingNumber: n.toUpperCase(),
            paid: null,
            fee: null,
          })),
          file: '',
        }
      }
      const { outcomes, collected } = await settleCod(db, statement.carrier, statement.lines, dryRun, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      const refused = outcomes.length - collected.length
      // A dry run writes nothing, so it records nothing. Otherwise each order marked paid has its own entry, as a
      // bulk call's records do, so its history shows the payment.
      if (dryRun) audit.skip = true
      for (const c of dryRun ? [] : collected) {
        const note = new AuditNote()
        note.entityId = String(c.orderId)
        note.set('paymentStatus', c.paymentBefore, 'paid')
        audit.records.push({ subject: { entity: 'order', action: 'update' }, note })
      }
      audit.entityId = null
      audit.set('carrier', null, statement.carrier)
      if (statement.file !== '') audit.set('file', null, statement.file)
      audit.set(
        'collected',
        null,
        collected.map((c) => String(c.orderId)),
      )
      audit.set(
        'refused',
        null,
        outcomes
          .filter((o) => o.result !== 'collected')
          .map((o) => ({ trackingNumber: o.trackingNumber, reason: o.result })),
      )
      return {
        status: true,
        data: { dryRun, collected: collected.length, refused, outcomes },
        message: `${collected.length} collected, ${refused} refused${dryRun ? ' (checked only)' : ''}`,
      }
    },
  }
})
