import { KEYSHORTCUTS } from '../lib/keyshortcuts.ts'

/**
 * The back-office's keyboard shortcuts, as the '?' dialog lists them: `/` or Ctrl+K (⌘K) opens the command
 * palette, `g` then `o` the order list, `g` then `p` the product list, `n` a list's Add button, Ctrl+Enter (⌘Enter)
 * saves the form, `?` lists them. Esc is the dialogs' own. While the user types in a field only Ctrl+Enter acts: a
 * letter typed into a search box is a letter.
 */
export type ShortcutAction = 'palette' | 'help' | 'goOrders' | 'goProducts' | 'new' | 'save'

/** What the reader needs of a key press (a `KeyboardEvent` has it all). */
export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** A key held down repeats; a repeat is never a shortcut. */
  repeat?: boolean
  /** Where the key went: typing into a field turns the letter shortcuts off. */
  target: EventTarget | null
}

/** How long `g` waits for its second key. */
export const SEQUENCE_MS = 1500

/** The second keys after `g`. */
const AFTER_G: Record<string, ShortcutAction> = { o: 'goOrders', p: 'goProducts' }

/** Whether a key press goes into something the user types in: an input, a text area, a select or editable text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable
  )
}

/**
 * Reads key presses one at a time and says which shortcut, if any, they make. It remembers a `g` for
 * `SEQUENCE_MS`, so `g` `o` is one shortcut; any other key in between forgets it. `now` is the clock, for tests.
 *
 * @example
 * const read = shortcutReader()
 * window.addEventListener('keydown', (event) => { const action = read(event); if (action) … })
 */
export function shortcutReader(now: () => number = Date.now) {
  let gAt: number | null = null
  return (press: KeyPress): ShortcutAction | null => {
    const command = press.ctrlKey || press.metaKey
    // Saving works from inside the form's fields: that is where the user is when the form is done.
    if (command && !press.altKey && press.key === 'Enter') {
      gAt = null
      return press.repeat ? null : 'save'
    }
    if (press.repeat || isTyping(press.target)) {
      gAt = null
      return null
    }
    if (command && !press.altKey && press.key.toLowerCase() === 'k') {
      gAt = null
      return 'palette'
    }
    // Any other combination with Ctrl, ⌘ or Alt belongs to the browser or the system.
    if (command || press.altKey) {
      gAt = null
      return null
    }
    const waiting = gAt !== null && now() - gAt <= SEQUENCE_MS
    gAt = null
    if (waiting) {
      const action = AFTER_G[press.key]
      if (action) return action
    }
    switch (press.key) {
      case 'g':
        gAt = now()
        return null
      case '/':
        return 'palette'
      case '?':
        return 'help'
      case 'n':
        return 'new'
      default:
        return null
    }
  }
}

const declaring = (shortcut: string) => `[aria-keyshortcuts="${shortcut}"]`

/**
 * The dialog the focus is in, if any. A dialog open over the page holds the focus (Mantine traps it there), so
 * this is the open dialog; one fading out after it closed has handed the focus back already and no longer counts.
 */
export const dialogOf = (element: Element | null) => element?.closest('[role="dialog"]') ?? null

/**
 * Presses the button of `shortcut` that the user means, inside the dialog the focus is in if any, else inside the
 * page's content: the form the focus is in (its declared button, or for Save its submit button: a note's form
 * saves its note), else the one button that declares the shortcut. Nothing happens when there is none or it is
 * disabled (a Save held back while an image uploads). Answers whether a button was pressed.
 *
 * @example pressDeclared(KEYSHORTCUTS.save)
 */
export function pressDeclared(shortcut: string, focused: Element | null = document.activeElement): boolean {
  const scope = dialogOf(focused) ?? document.querySelector('main')
  if (!scope) return false
  const form = focused?.closest('form')
  const ownForm = form && scope.contains(form) ? form : null
  const button =
    ownForm?.querySelector<HTMLElement>(declaring(shortcut)) ??
    (ownForm && shortcut === KEYSHORTCUTS.save
      ? ownForm.querySelector<HTMLElement>('button[type="submit"]')
      : null) ??
    scope.querySelector<HTMLElement>(declaring(shortcut))
  if (!button || button.matches(':disabled, [data-disabled], [aria-disabled="true"]')) return false
  button.click()
  return true
}
