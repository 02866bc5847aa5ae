import { useCallback, useState } from 'react'
import { ApiError } from './http.ts'

/** The refusal of an edit made from an older version of the record (CONTRACT 4.6): 409 `editedMeanwhile`. */
export const isEditedMeanwhile = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'editedMeanwhile'

/** What `EditedMeanwhileDialog` shows and does. */
export interface EditedMeanwhile {
  /** The dialog is open: a save was refused because someone else saved the record first. */
  opened: boolean
  /** Who saved the record meanwhile and when (ISO), as the refusal says; absent when the server could not tell. */
  savedBy?: { name: string; at: string }
  /** The fields whose value being saved differs from the one stored now, by their keys (`fieldLabel` names them). */
  differs: string[]
  /** The record is being loaded again after the user chose Reload. */
  reloading: boolean
  /** Loads the record as it is now into the form, dropping what was typed; the dialog closes once it is in. */
  reload: () => Promise<void>
  /** Closes the dialog and keeps the form as it is: nothing typed is lost. */
  cancel: () => void
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields of `mine` (what a form is saving) whose value differs from `stored` (the record as the server has it
 * now, in the form's shape), in `mine`'s order.
 *
 * @example differingFields({ name: 'Áo', price: 2 }, { name: 'Áo', price: 3 }) // ['price']
 */
export function differingFields(mine: object, stored: object): string[] {
  const theirs = stored as Record<string, unknown>
  return Object.entries(mine)
    .filter(([field, value]) => !same(value, theirs[field]))
    .map(([field]) => field)
}

/**
 * The 'edited meanwhile' question of an edit screen: `refused(error)` in the save's `onError` opens it when the
 * refusal is that one (and says so, so the screen does not show it another way); the user then chooses to
 * reload the record, dropping their changes, or to go on editing. Nothing is dropped without that choice. The
 * question says who saved meanwhile and when (the refusal's `params`), and, when `compare` is given, which fields
 * differ between what is being saved and the record the refusal carries (its `data`, the record as it is now).
 *
 * @example
 * const meanwhile = useEditedMeanwhile(async () => { const fresh = await record.refetch(); … reset(…) },
 *   (stored) => differingFields(form.getValues(), toValues(stored)))
 * useApiMutation(endpoint, { onError: (error) => meanwhile.refused(error) || notify.error(error) })
 * return <EditedMeanwhileDialog state={meanwhile} />
 */
export function useEditedMeanwhile(
  load: () => Promise<void>,
  compare?: (stored: unknown) => string[],
): EditedMeanwhile & {
  refused: (error: unknown) => boolean
} {
  const [opened, setOpened] = useState(false)
  const [savedBy, setSavedBy] = useState<EditedMeanwhile['savedBy']>(undefined)
  const [differs, setDiffers] = useState<string[]>([])
  const [reloading, setReloading] = useState(false)
  const refused = useCallback(
    (error: unknown) => {
      if (!isEditedMeanwhile(error)) return false
      const { by, at } = error.params ?? {}
      setSavedBy(typeof by === 'string' && typeof at === 'string' ? { name: by, at } : undefined)
      setDiffers(compare && error.data !== null && typeof error.data === 'object' ? compare(error.data) : [])
      setOpened(true)
      return true
    },
    [compare],
  )
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
  return { opened, savedBy, differs, reloading, reload, cancel, refused }
}
