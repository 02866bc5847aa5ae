import { messageRef } from '@store/contract'
import { endpoints } from '@store/contract/client'
import type { FieldErrors, Path } from 'react-hook-form'
import { api } from './http.ts'
import type { RuleBreakCheck } from './use-edit-controller.ts'

/**
 * An add form's `alsoWhenRulesBreak` (useEditController): when the form's own rules stop a save, the server is
 * still asked whether the email is taken (`GET /admin/users/email-taken`), so that one save shows every message —
 * a short password and a taken email together — rather than the rules first and the email on the next save.
 * Asked only when the email keeps its own rule; a failed check says nothing, as the save checks the email anyway.
 *
 * @example useEditController({ …, alsoWhenRulesBreak: emailTakenCheck })
 */
export async function emailTakenCheck<Values extends { email: string }>(
  values: Values,
  errors: FieldErrors<Values>,
): ReturnType<RuleBreakCheck<Values>> {
  if ((errors as FieldErrors<{ email: string }>).email || values.email.trim() === '') return []
  try {
    const answer = await api(endpoints.users.emailTaken, { query: { email: values.email.trim() } })
    return answer.data.taken ? [{ name: 'email' as Path<Values>, message: messageRef('emailTaken') }] : []
  } catch {
    return []
  }
}
