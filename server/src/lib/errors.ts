/** An answer the client caused: carries its HTTP code, a message, and for a 400 one message per field. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { [field]: message })
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message)
export const forbidden = (message = 'Only administrators may do this') => new HttpError(403, message)
export const notFound = (what: string) => new HttpError(404, `${what} not found`)
export const conflict = (message: string, field?: string) =>
  new HttpError(409, message, field ? { [field]: message } : undefined)

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
