/** Long enough to read the success toast before the page reloads. */
export const RELOAD_DELAY_MS = 2000

/**
 * The spec reloads the page after a successful account update or password change (section 4), so every
 * screen shows the saved state. It waits a moment first: a toast that vanishes at once tells nobody anything.
 */
export const reloadSoon = () =>
  new Promise<void>((resolve) => {
    setTimeout(() => {
      window.location.reload()
      resolve()
    }, RELOAD_DELAY_MS)
  })
