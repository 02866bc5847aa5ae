import { type Message, type MessageCode, type MessageParams, messageText } from '@store/contract'

/**
 * An answer the client caused: its HTTP code and a message by code (`messageTexts`), about one field when
 * `fields` names it. The error handler writes the English text beside the code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly refusal: Message,
    /** The fields at fault, each with its own message; the first is the answer's own. */
    readonly fields?: Record<string, Message>,
    /** The answer's `data`: the current record, for a 409 'edited meanwhile' (CONTRACT 4.6). */
    readonly data?: unknown,
  ) {
    super(messageText(refusal))
  }
}

/**
 * The error envelope: the English text with its code, and for a refusal about fields each field's message in
 * English (`errors`, the contract's shape) and by code (`codes`). A refusal about a field names it in `message`
 * (`name: This field is required`), except a conflict, whose message speaks of the record.
 */
export function refusal(
  status: number,
  problem: Message,
  fields?: Record<string, Message>,
  text?: Record<string, string>,
) {
  const english = (field: string, message: Message) => text?.[field] ?? messageText(message)
  const [first] = fields ? Object.keys(fields) : []
  const own = first !== undefined ? english(first, problem) : messageText(problem)
  return {
    status: false,
    data: null,
    message: first !== undefined && status !== 409 ? `${first}: ${own}` : own,
    code: problem.code,
    ...(problem.params && { params: problem.params }),
    ...(fields && {
      errors: Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, english(field, m)])),
      codes: fields,
    }),
  }
}

/** A refusal about one field: `{ field: message }` for a form to show next to it. */
export const fieldError = (status: number, field: string, code: MessageCode, params?: MessageParams) => {
  const refusal = params ? { code, params } : { code }
  return new HttpError(status, refusal, { [field]: refusal })
}

export const badRequest = (field: string, code: MessageCode, params?: MessageParams) =>
  fieldError(400, field, code, params)
export const unauthorized = (code: MessageCode) => new HttpError(401, { code })
export const forbidden = (code: MessageCode = 'adminsOnly') => new HttpError(403, { code })
export const notFound = (code: MessageCode) => new HttpError(404, { code })
/** A 409, about `field` when given (a taken email or slug), else about the record. */
export const conflict = (code: MessageCode, params?: MessageParams, field?: string) =>
  field ? fieldError(409, field, code, params) : new HttpError(409, params ? { code, params } : { code })

/**
 * Runs every check of a form's fields that the schema cannot make (a date against today, a taken email, an
 * address's codes) and refuses once with all the fields that failed, so a form shows them after one save rather
 * than one a save. A field that is wrong makes it a 400; a conflict alone (a taken email) stays a 409. An error
 * that is not about a field is thrown as it is.
 *
 * @example const place = await checkFields(() => checkDob(body.dob), () => checkEmailFree(db, body.email))
 */
export async function checkFields(...checks: (() => unknown)[]): Promise<void> {
  const refused: HttpError[] = []
  for (const check of checks) {
    try {
      await check()
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fields) throw error
      refused.push(error)
    }
  }
  if (refused.length <= 1) {
    if (refused[0]) throw refused[0]
    return
  }
  const status = refused.some((error) => error.statusCode === 400) ? 400 : refused[0]!.statusCode
  const first = refused.find((error) => error.statusCode === status)!
  throw new HttpError(status, first.refusal, Object.assign({}, ...refused.map((error) => error.fields)))
}

/** 409 'This record was changed by someone else', with the record as it is now in `data` (CONTRACT 4.6). */
export const editedMeanwhile = (current: unknown) =>
  new HttpError(409, { code: 'editedMeanwhile' }, undefined, current)

/** PostgreSQL's unique-violation code, for the few writes that race a check. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = findPgError(error)
  return e?.code === '23505' && (!constraint || e.constraint === constraint)
}
export const isForeignKeyViolation = (error: unknown): boolean => findPgError(error)?.code === '23503'

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the PostgreSQL error sits in `cause`.
  let e: unknown = error
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ('code' in e && typeof (e as { code: unknown }).code === 'string')
      return e as { code: string; constraint?: string }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
