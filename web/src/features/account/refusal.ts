import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'

/**
 * Shows a refused save of the Setting dialog: next to its field when the server named one (a wrong current
 * password), else as the error toast of spec section 8. A 401 is left alone, as the query client does: the
 * session has ended and the app goes to sign-in.
 */
export function showRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (applyServerErrors(error, setError, fields)) return
  if (error instanceof ApiError && error.status === 401) return
  notify.error(error)
}
