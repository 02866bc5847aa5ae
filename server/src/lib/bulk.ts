import { type BulkOutcome, messageText } from '@store/contract'
import type { Db } from '../db/client.ts'
import { AuditNote, type AuditSubject } from './audit.ts'
import { HttpError } from './errors.ts'
import { liveEvents } from './live-events.ts'

// The bulk calls (CONTRACT 4.1): each record checked and changed on its own, so one refusal does not stop the
// others, inside the call's one transaction.

/**
 * Runs `apply` for each id in the order given, each in a savepoint of the call's transaction: a record it
 * refuses (an HttpError) has its own changes rolled back and is answered as refused, with the message in English
 * and by code; the records before and after it go on. Any other error fails the whole call, as it would a call
 * about one record. Each record changed gets its own audit entry (`subject`, with what `apply` noted and the
 * record's id), which the call runner writes with the call's own entry, so a record's history shows the change.
 *
 * @example const outcomes = await eachOnItsOwn(db, audit, ids, { entity: 'order', action: 'update' }, async (tx, id, note) => …)
 */
export async function eachOnItsOwn(
  db: Db,
  audit: AuditNote,
  ids: readonly string[],
  subject: AuditSubject,
  apply: (tx: Db, id: string, note: AuditNote) => Promise<string>,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = []
  for (const id of ids) {
    const note = new AuditNote()
    try {
      // A record refused takes back its live updates with its changes.
      const message = await liveEvents.apart(() => db.transaction((tx) => apply(tx as Db, id, note)))
      note.entityId ??= id
      audit.records.push({ subject, note })
      outcomes.push({ id, ok: true, message })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      const { code, params } = error.refusal
      outcomes.push({ id, ok: false, message: messageText(error.refusal), code, ...(params && { params }) })
    }
  }
  return outcomes
}

/**
 * What the call's own audit entry says: the ids done and those refused, each with why (as `reason`: the log
 * treats a field named `code` as a secret).
 */
export function summary(outcomes: readonly BulkOutcome[]) {
  return {
    done: outcomes.filter((o) => o.ok).map((o) => o.id),
    refused: outcomes.filter((o) => !o.ok).map((o) => ({ id: o.id, reason: o.code ?? null })),
  }
}

/** The answer's message: how many records were changed and how many refused. */
export const bulkMessage = (outcomes: readonly BulkOutcome[], done: string) => {
  const ok = outcomes.filter((o) => o.ok).length
  return `${ok} ${done}, ${outcomes.length - ok} refused`
}
