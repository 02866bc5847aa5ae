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

/** Whether two plain form values (text, numbers, lists and objects of them) are the same. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  if (keysA.length !== keysB.length) return false
  return keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** How a field's fresh value, the one the form holds and the one it started from make what the form shows next. */
export type KeepTouched<V> = (fresh: V, current: V, start: V | undefined) => V

/**
 * The form's values once the record changed beside it: each field the user left as it started takes the record's
 * value as it is now, each one they changed keeps what they typed. `lists` names fields merged otherwise, row by
 * row (`keepTouchedRows`), where a field-by-field answer would keep a whole list for one changed cell.
 *
 * @example keepTouched(fresh, form.getValues(), form.formState.defaultValues, { variants: keepTouchedRows })
 */
export function keepTouched<V extends object>(
  fresh: V,
  current: V,
  start: Partial<V> | undefined,
  lists: { [K in keyof V]?: KeepTouched<V[K]> } = {},
): V {
  const next = { ...fresh }
  for (const key of Object.keys(fresh) as (keyof V)[]) {
    const merge = lists[key]
    if (merge) next[key] = merge(fresh[key], current[key], start?.[key] as V[typeof key] | undefined)
    else if (!sameValue(current[key], start?.[key])) next[key] = current[key]
  }
  return next
}

/**
 * `keepTouched` for a list of rows that carry the stored record's `id` (a product's variants): the rows stay as
 * the user has them, in their order, added and removed ones too; in a row the record has, each cell the user did
 * not change takes the record's value as it is now. So one row's stock moved by an adjustment shows, while the
 * SKU typed in another row stays.
 *
 * @example keepTouchedRows([{ id: '1', sku: 'A', quantity: 7 }], [{ id: '1', sku: 'B', quantity: 5 }], [{ id: '1', sku: 'A', quantity: 5 }])
 * // [{ id: '1', sku: 'B', quantity: 7 }]
 */
export function keepTouchedRows<Row extends { id?: string }>(
  fresh: Row[],
  current: Row[],
  start: Row[] | undefined,
): Row[] {
  const byId = <R extends { id?: string }>(rows: R[] | undefined) =>
    new Map((rows ?? []).filter((row) => row.id).map((row) => [row.id, row]))
  const freshRows = byId(fresh)
  const startRows = byId(start)
  return current.map((row) => {
    const now = row.id ? freshRows.get(row.id) : undefined
    const was = row.id ? startRows.get(row.id) : undefined
    // A row the user added, or one the record no longer has: only the user's.
    if (!now || !was) return row
    return keepTouched(now, row, was)
  })
}
