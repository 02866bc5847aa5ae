import { messageRef } from '@store/contract'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './http.ts'
import { notify } from './toast.ts'

/**
 * Puts a refusal's per-field messages (a 400's, a 409 on a taken e-mail or slug) next to the fields of the
 * form, by code, so each shows in the chosen language. Answers true when every message found its field, so
 * the caller toasts a refusal that the form does not show whole. The form keeps what the user typed.
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
  let missed = false
  for (const [field, message] of Object.entries(error.fields)) {
    // An older server may name a list item (`images.0`); it belongs to `images`.
    const name = fields.find((f) => field === f || field.startsWith(`${f}.`))
    if (name) {
      setError(
        name,
        { type: 'server', message: messageRef(message.code, message.params) },
        { shouldFocus: !placed },
      )
      placed = true
    } else missed = true
  }
  return placed && !missed
}

/**
 * `useEditController`'s `placeRefusal` for a form whose fields the server names otherwise, or more precisely than
 * the form's own names: `names` maps each such server name to the form's field (`addressParts.wardCode` to
 * `address.wardCode`), and is tried before the form's names. Like the controller's own placement, what no field
 * takes is toasted; nothing is shown on the form itself.
 *
 * @example placeRefusal: placeRenamed<UserFormValues>({ location: 'address', 'addressParts.wardCode': 'address.wardCode' })
 */
export const placeRenamed =
  <T extends FieldValues>(names: Record<string, Path<T>>) =>
  (error: unknown, setError: UseFormSetError<T>, fields: Path<T>[]): null => {
    const renamed: UseFormSetError<T> = (name, fieldError, options) =>
      setError(names[name] ?? name, fieldError, options)
    const known = [...(Object.keys(names) as Path<T>[]), ...fields]
    if (!applyServerErrors(error, renamed, known)) notify.error(error)
    return null
  }
