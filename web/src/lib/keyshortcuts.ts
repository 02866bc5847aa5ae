/**
 * The shortcuts a control declares it answers to, in `aria-keyshortcuts` (which screen readers read out too). The
 * frame's keyboard handler (app/shortcuts.ts) presses the control that declares the shortcut pressed.
 *
 * @example <Button type="submit" aria-keyshortcuts={KEYSHORTCUTS.save}>Save</Button>
 */
export const KEYSHORTCUTS = {
  /** A list's Add button: `n`. */
  new: 'n',
  /** A form's Save button: Ctrl+Enter, or ⌘Enter on a Mac. */
  save: 'Control+Enter Meta+Enter',
} as const
