import { readFileSync } from 'node:fs'
import path from 'node:path'
import { useMantineColorScheme } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { Providers } from './providers.tsx'

// The colour scheme is set twice: by index.html's inline script before the first paint, and by MantineProvider
// from then on. Both must read the same choice from the same key, or a reload would flash the other scheme.

const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8')
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)

/** Runs index.html's script on this document, the system's scheme being `system`. */
function runPageScript(system: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: system === 'dark' && query.includes('dark') }) as MediaQueryList,
  )
  new Function(inlineScripts[0]!)()
  return document.documentElement.getAttribute('data-mantine-color-scheme')
}

afterEach(() => {
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('data-mantine-color-scheme')
})

describe('the colour scheme', () => {
  it("index.html's one inline script applies the stored choice, else the system's", () => {
    expect(inlineScripts).toHaveLength(1)
    expect(inlineScripts[0]).toContain(`localStorage.getItem('${STORAGE_KEYS.colorScheme}')`)
    expect(runPageScript('light')).toBe('light')
    expect(runPageScript('dark')).toBe('dark')
    localStorage.setItem(STORAGE_KEYS.colorScheme, 'dark')
    expect(runPageScript('light')).toBe('dark')
    localStorage.setItem(STORAGE_KEYS.colorScheme, 'light')
    expect(runPageScript('dark')).toBe('light')
    // 'auto' (follow the system) and anything else stored: the system's.
    localStorage.setItem(STORAGE_KEYS.colorScheme, 'auto')
    expect(runPageScript('dark')).toBe('dark')
    localStorage.setItem(STORAGE_KEYS.colorScheme, 'purple')
    expect(runPageScript('light')).toBe('light')
  })

  it('the app keeps the choice under the same key, and follows the system until one is made', () => {
    function Switch() {
      const { colorScheme, setColorScheme } = useMantineColorScheme()
      return (
        <button type="button" onClick={() => setColorScheme('dark')}>
          {colorScheme}
        </button>
      )
    }
    render(
      <Providers>
        <Switch />
      </Providers>,
    )
    const button = screen.getByRole('button')
    expect(button).toHaveTextContent('auto')
    act(() => button.click())
    expect(button).toHaveTextContent('dark')
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark')
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark')
  })
})
