import { afterEach, describe, expect, it } from 'vitest'
import { KEYSHORTCUTS } from '../lib/keyshortcuts.ts'
import { type KeyPress, pressDeclared, SEQUENCE_MS, shortcutReader } from './shortcuts.ts'

/** A key pressed with nothing held, on the page itself unless `target` says where. */
const key = (k: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...more,
})

/** A reader on a clock the test moves, and a way to press several keys in a row. */
function reader() {
  let now = 1_000
  const read = shortcutReader(() => now)
  return {
    press: (...presses: KeyPress[]) => presses.map((p) => read(p)),
    wait: (ms: number) => {
      now += ms
    },
  }
}

describe('shortcutReader', () => {
  it('reads the single keys and Ctrl or ⌘ with K and Enter', () => {
    const { press } = reader()
    expect(press(key('/'), key('?'), key('n'))).toEqual(['palette', 'help', 'new'])
    expect(press(key('k', { ctrlKey: true }), key('K', { metaKey: true }))).toEqual(['palette', 'palette'])
    expect(press(key('Enter', { ctrlKey: true }), key('Enter', { metaKey: true }))).toEqual(['save', 'save'])
    // Enter alone, other letters, and the browser's own combinations are none of the app's.
    expect(
      press(key('Enter'), key('x'), key('N'), key('n', { ctrlKey: true }), key('k', { altKey: true })),
    ).toEqual([null, null, null, null, null])
  })

  it('reads g then o or p as one shortcut, within its time, and forgets the g after any other key', () => {
    const { press, wait } = reader()
    expect(press(key('g'), key('o'))).toEqual([null, 'goOrders'])
    expect(press(key('g'), key('p'))).toEqual([null, 'goProducts'])
    // A key between: the g is forgotten, and that key counts on its own.
    expect(press(key('g'), key('n'), key('o'))).toEqual([null, 'new', null])
    expect(press(key('g'), key('x'), key('p'))).toEqual([null, null, null])
    // g g o: the second g starts again.
    expect(press(key('g'), key('g'), key('o'))).toEqual([null, null, 'goOrders'])
    // o or p alone is nothing.
    expect(press(key('o'), key('p'))).toEqual([null, null])

    press(key('g'))
    wait(SEQUENCE_MS)
    expect(press(key('o'))).toEqual(['goOrders'])
    press(key('g'))
    wait(SEQUENCE_MS + 1)
    expect(press(key('o'))).toEqual([null])
  })

  it('leaves typed letters alone in a field, all but Ctrl+Enter; a held key never repeats a shortcut', () => {
    const { press } = reader()
    const fields = [
      document.createElement('input'),
      document.createElement('textarea'),
      document.createElement('select'),
    ]
    const editable = document.createElement('div')
    editable.contentEditable = 'true'
    // jsdom does not work isContentEditable out from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true })
    for (const target of [...fields, editable]) {
      expect(
        press(
          key('/', { target }),
          key('?', { target }),
          key('n', { target }),
          key('g', { target }),
          key('o', { target }),
          key('k', { ctrlKey: true, target }),
        ),
      ).toEqual([null, null, null, null, null, null])
      expect(press(key('Enter', { ctrlKey: true, target }))).toEqual(['save'])
    }
    // A g typed in a field does not wait for an o pressed outside it.
    expect(press(key('g', { target: fields[0]! }), key('o'))).toEqual([null, null])
    expect(press(key('n', { repeat: true }), key('Enter', { ctrlKey: true, repeat: true }))).toEqual([
      null,
      null,
    ])
    // A button or a link is not a field.
    const button = document.createElement('button')
    expect(press(key('n', { target: button }))).toEqual(['new'])
  })
})

describe('pressDeclared', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  /** Counts the clicks of every button with an id, by id; a form's submission goes nowhere. */
  function watchClicks() {
    const clicks: string[] = []
    document.body.addEventListener('submit', (event) => event.preventDefault())
    document.body.addEventListener('click', (event) => {
      const id = (event.target as HTMLElement).id
      if (id) clicks.push(id)
    })
    return clicks
  }

  it("presses the page's Save, or the Save of the form the focus is in, never a disabled one", () => {
    document.body.innerHTML = `
      <main>
        <form><input id="note"><button id="note-save" type="submit">Add note</button></form>
        <form>
          <input id="name">
          <button id="save" type="submit" aria-keyshortcuts="${KEYSHORTCUTS.save}">Save</button>
        </form>
      </main>`
    const clicks = watchClicks()
    expect(pressDeclared(KEYSHORTCUTS.save, document.body)).toBe(true)
    expect(pressDeclared(KEYSHORTCUTS.save, document.getElementById('name'))).toBe(true)
    // A form without a declared Save submits by its own button.
    expect(pressDeclared(KEYSHORTCUTS.save, document.getElementById('note'))).toBe(true)
    expect(clicks).toEqual(['save', 'save', 'note-save'])

    document.getElementById('save')!.setAttribute('disabled', '')
    expect(pressDeclared(KEYSHORTCUTS.save, document.getElementById('name'))).toBe(false)
    expect(clicks).toHaveLength(3)
  })

  it('in a dialog, presses only what is in it', () => {
    document.body.innerHTML = `
      <main><a id="add" href="#" aria-keyshortcuts="${KEYSHORTCUTS.new}">Add</a>
        <button id="save" aria-keyshortcuts="${KEYSHORTCUTS.save}">Save</button></main>
      <section role="dialog" aria-modal="true">
        <form><input id="carrier"><button id="create" type="submit">Create</button></form>
        <button id="close">Close</button>
      </section>`
    const clicks = watchClicks()
    expect(pressDeclared(KEYSHORTCUTS.save, document.getElementById('carrier'))).toBe(true)
    expect(pressDeclared(KEYSHORTCUTS.save, document.getElementById('close'))).toBe(false)
    expect(pressDeclared(KEYSHORTCUTS.new, document.getElementById('close'))).toBe(false)
    expect(clicks).toEqual(['create'])
    // Outside the dialog (one fading out after it closed), the page's own.
    expect(pressDeclared(KEYSHORTCUTS.new, document.body)).toBe(true)
    expect(clicks).toEqual(['create', 'add'])
  })

  it('presses nothing on a screen without the button', () => {
    document.body.innerHTML = '<main><h1>Dashboard</h1></main>'
    expect(pressDeclared(KEYSHORTCUTS.new, document.body)).toBe(false)
    expect(pressDeclared(KEYSHORTCUTS.save, document.body)).toBe(false)
  })
})
