import { useCallback, useEffect, useRef } from 'react'
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router'

export interface UnsavedChanges {
  /** The navigation held back while the user is asked (`state: 'blocked'`); `proceed` leaves, `reset` stays. */
  blocker: Blocker
  /**
   * Lets the screen go without asking: call it once the changes are saved, just before leaving. The form still
   * holds its edits at that moment, so without it the screen would ask about changes that are already saved.
   */
  release: () => void
}

/**
 * Asks before a form with unsaved changes is left: an address change inside the app (a link, the menu, back and
 * forward) is held until the user chooses to leave or stay (`LeavePrompt` asks), and closing or reloading the tab
 * makes the browser ask its own question. Nothing is asked while nothing has changed.
 *
 * @example
 * const guard = useUnsavedChanges(form.formState.isDirty)
 * const save = useApiMutation(endpoint, { onSuccess: () => { guard.release(); navigate(paths.users) } })
 * return <>…<LeavePrompt guard={guard} /></>
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const released = useRef(false)

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      // Only a move to another screen or another view of it: a hash change leaves the form where it is.
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  )
  const blocker = useBlocker(shouldBlock)

  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return
      // Browsers show their own wording; preventDefault asks, returnValue is what older ones still need.
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  // A navigation held while the changes went away (undone meanwhile) has nothing left to ask about.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed()
  }, [blocker, dirty])

  const release = useCallback(() => {
    released.current = true
  }, [])
  return { blocker, release }
}
