/** The version a record carries (CONTRACT 4.6), when it carries one. */
export const versionOf = (record: unknown): number | undefined => {
  const version = (record as { version?: unknown } | null | undefined)?.version
  return typeof version === 'number' ? version : undefined
}

/** A save's input with the version the form was filled from in its body, so a stale edit is refused. */
export function withVersion<I>(input: I, version: number | undefined): I {
  if (version === undefined) return input
  const body = (input as { body?: unknown }).body
  if (!body || typeof body !== 'object' || Array.isArray(body)) return input
  return { ...input, body: { ...body, version } }
}

/**
 * The part of a checked body whose fields were changed in the form: what a partial update sends, so a save of
 * one field never carries the others for the server to check again. A field of the body the form does not
 * have (one the rules added) counts as unchanged.
 *
 * @example changedPart({ name: 'Hà', role: 'admin' }, (field) => field === 'role') // { role: 'admin' }
 */
export function changedPart<Body>(body: Body, changed: (field: string) => boolean): Partial<Body> {
  const entries = Object.entries(body as Record<string, unknown>).filter(([field]) => changed(field))
  return Object.fromEntries(entries) as Partial<Body>
}
