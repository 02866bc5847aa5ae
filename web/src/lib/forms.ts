import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './http.ts'

/**
 * Puts a refusal's per-field messages (a 400's `errors`, a 409 on a taken e-mail or slug) next to the fields
 * of the form. Answers true when at least one field got its message. The form keeps what the user typed.
 *
 * @example onError: (error) => applyServerErrors(error, form.setError, ['name', 'email'])
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false
  let placed = false
  for (const [field, message] of Object.entries(error.errors)) {
    // `images.0` belongs to `images`.
    const name = fields.find((f) => field === f || field.startsWith(`${f}.`))
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !placed })
      placed = true
    }
  }
  return placed
}
