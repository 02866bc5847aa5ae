import { useCallback, useState } from 'react'
import { ApiError } from './http.ts'

/** The refusal of an edit made from an older version of the record (CONTRACT 4.6): 409 `editedMeanwhile`. */
export const isEditedMeanwhile = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'editedMeanwhile'

/** What `EditedMeanwhileDialog` shows and does. */
export interface EditedMeanwhile {
  /** The dialog is open: a save was refused because someone else saved the record first. */
  opened: boolean
  /** The record is being loaded again after the user chose Reload. */
  reloading: boolean
  /** Loads the record as it is now into the form, dropping what was typed; the dialog closes once it is in. */
  reload: () => Promise<void>
  /** Closes the dialog and keeps the form as it is: nothing typed is lost. */
  cancel: () => void
}

/**
 * The 'edited meanwhile' question of an edit screen: `refused(error)` in the save's `onError` opens it when the
 * refusal is that one (and says so, so the screen does not show it another way); the user then chooses to
 * reload the record, dropping their changes, or to go on editing. Nothing is dropped without that choice.
 *
 * @example
 * const meanwhile = useEditedMeanwhile(async () => { const fresh = await record.refetch(); … reset(…) })
 * useApiMutation(endpoint, { onError: (error) => meanwhile.refused(error) || notify.error(error) })
 * return <EditedMeanwhileDialog state={meanwhile} />
 */
export function useEditedMeanwhile(load: () => Promise<void>): EditedMeanwhile & {
  refused: (error: unknown) => boolean
} {
  const [opened, setOpened] = useState(false)
  const [reloading, setReloading] = useState(false)
  const refused = useCallback((error: unknown) => {
    if (!isEditedMeanwhile(error)) return false
    setOpened(true)
    return true
  }, [])
  const reload = useCallback(async () => {
    setReloading(true)
    try {
      await load()
      setOpened(false)
    } finally {
      setReloading(false)
    }
  }, [load])
  const cancel = useCallback(() => setOpened(false), [])
  return { opened, reloading, reload, cancel, refused }
}
