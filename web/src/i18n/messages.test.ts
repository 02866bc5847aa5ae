import { describe, expect, it } from 'vitest'
import { en } from './en/index.ts'
import { vi } from './vi/index.ts'

type Tree = { [key: string]: string | Tree }

/** Every leaf of a message tree as `[dotted.key, text]`. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  )
}

/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

// tsc already makes vi have en's shape; these guard what types cannot: empty texts, lost placeholders.
describe('message sets', () => {
  const english = new Map(leaves(en as unknown as Tree))
  const vietnamese = new Map(leaves(vi as unknown as Tree))

  it('has every English key in Vietnamese and no key English lacks', () => {
    expect([...vietnamese.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('has no empty text in either language', () => {
    const empty = [...english, ...vietnamese].filter(([, text]) => text.trim() === '').map(([key]) => key)
    expect(empty).toEqual([])
  })

  it('keeps the same placeholders in each Vietnamese text', () => {
    const lost = [...english]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(vietnamese.get(key) ?? '').join())
      .map(([key]) => key)
    expect(lost).toEqual([])
  })
})
