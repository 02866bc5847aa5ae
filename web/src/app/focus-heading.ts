import { isTyping } from './shortcuts.ts'

/** How long a screen's heading is waited for after a move (its code and first data may still be on the way). */
export const HEADING_WAIT_MS = 10_000

/**
 * Focuses the heading of what `main` shows (its `h1`, made focusable from script only, tabIndex -1), or `main`
 * itself when it has none. What the skip link does, and what follows a move to another screen.
 */
export function focusContent(main: HTMLElement) {
  const target = main.querySelector<HTMLElement>('h1') ?? main
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus()
}

/**
 * After a move to another screen, the focus goes to the new screen's heading, so that a screen reader announces
 * the page and the keyboard goes on from its top rather than from wherever the last page left it. The heading may
 * show a moment after the address changes: it is waited for, `HEADING_WAIT_MS` at most. A field the new screen
 * focused itself (autofocus) keeps the focus. Returns the function that stops waiting (the next move).
 *
 * @example useEffect(() => focusHeadingOnArrival(mainRef.current!), [pathname])
 */
export function focusHeadingOnArrival(main: HTMLElement): () => void {
  const arrive = () => {
    const heading = main.querySelector<HTMLElement>('h1')
    if (!heading) return false
    const focused = document.activeElement
    if (!(focused && main.contains(focused) && isTyping(focused))) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
      heading.focus()
    }
    return true
  }
  if (arrive()) return () => undefined
  const observer = new MutationObserver(() => {
    if (arrive()) stop()
  })
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS)
  const stop = () => {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(main, { childList: true, subtree: true })
  return stop
}
