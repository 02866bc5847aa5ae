/**
 * Ids travel as opaque strings and are bigint identities inside. A string that cannot be one of ours is
 * simply not found: `null` here becomes a 404, never a database error.
 */
export const toDbId = (value: string | undefined | null): number | null => {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : null
}

/** `{ id, _id }` for an entity: both carry the same value (CONTRACT.md section 2). */
export const ids = (id: number) => ({ id: String(id), _id: String(id) })
