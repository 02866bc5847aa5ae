import { messageRef } from '@store/contract'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './http.ts'
import { notify } from './toast.ts'

/**
 * The field of `fields` a message the server names `field` belongs to: the field itself, or else the most
 * precise field it is part of (`variants.3.sku` goes to `variants.3.sku` when the form has it, to `variants`
 * when it has only the list; an older server's `images.0` goes to `images`).
 */
function fieldFor<T extends FieldValues>(field: string, fields: readonly Path<T>[]): Path<T> | undefined {
  if (fields.includes(field as Path<T>)) return field as Path<T>
  let best: Path<T> | undefined
  for (const f of fields)
    if (field.startsWith(`${f}.`) && (best === undefined || f.length > best.length)) best = f
  return best
}

/**
 * The names of a form's fields for `applyServerErrors`: each of its values, and for a list of rows (a product's
 * variants) each row's fields too, `variants.3.sku`, so the server's message about one cell goes to that cell.
 *
 * @example fieldPaths({ name: '', variants: [{ sku: '' }] }) // ['name', 'variants', 'variants.0.sku']
 */
export function fieldPaths<T extends FieldValues>(values: T): Path<T>[] {
  const paths: string[] = []
  for (const [name, value] of Object.entries(values)) {
    paths.push(name)
    if (!Array.isArray(value)) continue
    value.forEach((row, i) => {
      if (row !== null && typeof row === 'object' && !Array.isArray(row))
        for (const key of Object.keys(row)) paths.push(`${name}.${i}.${key}`)
    })
  }
  return paths as Path<T>[]
}

/**
 * Puts a refusal's per-field messages (a 400's, a 409 on a taken email or slug) next to the fields of the
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
    const name = fieldFor(field, fields)
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
