import { endpoints } from '@store/contract/client'
import { useApiMutation } from '../../../lib/queries.ts'

/**
 * Adds a staff note to an order's timeline (CONTRACT 4.5); what is cached about orders, the timeline included,
 * loads again once it is saved. The caller shows a refusal next to the note field, so it is not toasted here.
 *
 * @example const add = useAddOrderNote({ onSuccess: () => form.reset() }); add.mutate({ params: { id }, body: { note } })
 */
export const useAddOrderNote = ({
  onSuccess,
  onError,
}: {
  onSuccess?: () => void
  onError?: (error: Error) => void
}) =>
  useApiMutation(endpoints.orders.addNote, {
    meta: { silent: true },
    onSuccess: () => onSuccess?.(),
    onError,
  })
