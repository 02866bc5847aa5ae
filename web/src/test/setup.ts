import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { setupI18n } from '../lib/i18n.ts'

await setupI18n('en')

// findBy… and waitFor give up after this long. Their default second is short for a screen's first render while
// another test file runs on the other core; a passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 })

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
/**
 * jsdom lays nothing out and has no ResizeObserver: this one reports an observed element's box once, after the
 * render, as a browser does; in jsdom the box is 0 by 0.
 */
class ZeroResizeObserver {
  #callback: ResizeObserverCallback
  #stopped = false
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback
  }
  observe(target: Element) {
    setTimeout(() => {
      if (this.#stopped) return
      const contentRect = target.getBoundingClientRect()
      this.#callback([{ target, contentRect } as ResizeObserverEntry], this)
    })
  }
  unobserve() {}
  disconnect() {
    this.#stopped = true
  }
}
window.ResizeObserver ??= ZeroResizeObserver
window.HTMLElement.prototype.scrollIntoView ??= () => {}
// jsdom has no font loading API; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})
