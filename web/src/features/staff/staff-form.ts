import { zodResolver } from '@hookform/resolvers/zod'
import {
  messageRef,
  requiredText,
  STAFF_ROLES,
  type StaffCreateBody,
  type StaffMember,
  type StaffRole,
  type StaffUpdateBody,
  staffCreateBody,
} from '@store/contract'
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form'
import { z } from 'zod'
import { errorText } from '../../lib/error-text.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'

/** The add form: what the server takes, the contract's own rules. */
export interface StaffCreateValues {
  name: string
  email: string
  role: StaffRole
}
export const emptyStaffCreate: StaffCreateValues = { name: '', email: '', role: 'staff' }
export const staffCreateResolver: Resolver<StaffCreateValues, unknown, StaffCreateBody> =
  zodResolver(staffCreateBody)

/** The edit form: the email is who the member is and does not change here. */
export interface StaffEditValues {
  name: string
  role: StaffRole
  active: boolean
}
/**
 * The contract's update body makes every field optional for partial saves; the form always has all three, and
 * the name stays required.
 */
export const staffEditForm = z.object({
  name: requiredText(120),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
})
export const staffEditResolver: Resolver<StaffEditValues, unknown, StaffEditValues> =
  zodResolver(staffEditForm)

export const emptyStaffEdit: StaffEditValues = { name: '', role: 'staff', active: true }

export const toStaffEditValues = (member: StaffMember): StaffEditValues => ({
  name: member.name,
  role: member.role,
  active: member.active,
})

/**
 * What a save sends when nothing changed (the controller sends only what did): the name alone, so a save is
 * never an empty body, and Save with nothing changed still asks the server (which may refuse, as for oneself).
 *
 * @example useEditController({ …, onlyChanged: true, transform: orNameAlone })
 */
export const orNameAlone = (
  changed: Partial<StaffEditValues>,
  { checked }: { checked: StaffEditValues },
): StaffUpdateBody => (Object.keys(changed).length > 0 ? changed : { name: checked.name })

/**
 * The field a refusal is about when the server named none: a taken email, one's own role, disabling oneself.
 * The last-admin guard may be about the role or the active flag, so it stays on the form as a whole.
 */
const FIELD_OF_CODE: Record<string, string> = {
  emailTaken: 'email',
  ownRole: 'role',
  disableSelf: 'active',
}

/**
 * Puts a refused save where the person looks: next to its field when the server (or the code) names one of the
 * form's fields, else answers the text to show above the buttons. A 401 answers nothing: the session has ended
 * and the app goes to sign-in.
 *
 * @example const text = placeRefusal(error, form.setError, ['name', 'role', 'active']); setRefusal(text)
 */
export function placeRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (applyServerErrors(error, setError, fields)) return null
  if (error instanceof ApiError) {
    if (error.status === 401) return null
    const field = error.code && fields.find((f) => f === FIELD_OF_CODE[error.code as string])
    if (field && error.code) {
      setError(
        field,
        { type: 'server', message: messageRef(error.code, error.params) },
        { shouldFocus: true },
      )
      return null
    }
  }
  return errorText(error, { withField: false })
}
