import { afterEach, describe, expect, it } from 'vitest'
import { applyAppStyles } from './app-styles.ts'

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove()
})

describe('applyAppStyles', () => {
  it('makes each preloaded style a stylesheet and settles once all have loaded or failed', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="preload" as="style" data-app-style crossorigin href="/assets/index-a.css">' +
        '<link rel="preload" as="style" data-app-style href="/assets/dates-b.css">' +
        '<link rel="preload" as="image" href="/logo.svg">',
    )
    let settled = false
    const applied = applyAppStyles().then(() => {
      settled = true
    })
    const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    expect(sheets.map((s) => new URL(s.href).pathname)).toEqual([
      '/assets/index-a.css',
      '/assets/dates-b.css',
    ])
    expect(sheets[0]!.getAttribute('crossorigin')).toBe('')
    expect(sheets[1]!.hasAttribute('crossorigin')).toBe(false)

    sheets[0]!.dispatchEvent(new Event('load'))
    await Promise.resolve()
    expect(settled).toBe(false)
    sheets[1]!.dispatchEvent(new Event('error'))
    await applied
    expect(settled).toBe(true)
  })

  it('settles at once when the page preloads no style (development)', async () => {
    await expect(applyAppStyles()).resolves.toBeUndefined()
  })
})
