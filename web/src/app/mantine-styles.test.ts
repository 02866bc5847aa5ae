import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// mantine-styles.ts imports the stylesheets of the Mantine components the app uses, not all of Mantine's. This
// finds which those are, as the build does: from every name the app imports of @mantine/core (and the date field
// and the palette, which are built on core's components), through Mantine's own modules, to each CSS module
// they load. Each `X.module.mjs` reached is the stylesheet `styles/X.css`.
const SRC = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/styles.css`))
const CORE = packageDir('@mantine/core')
const PACKAGES = {
  '@mantine/dates': packageDir('@mantine/dates'),
  '@mantine/spotlight': packageDir('@mantine/spotlight'),
}

/** The files under a folder whose names match. */
function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return files(full, pattern)
    return pattern.test(entry.name) ? [full] : []
  })
}

/** The names a text imports from a package: `import { A, B as C } from 'pkg'` gives A and B. */
function namesFrom(text: string, pkg: string): string[] {
  const pattern = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${pkg}['"]`, 'g')
  return [...text.matchAll(pattern)].flatMap((m) =>
    m[1]!
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  )
}

/** Where @mantine/core's index takes each of its names from. */
function coreExports(): Map<string, string> {
  const index = path.join(CORE, 'esm/index.mjs')
  const text = readFileSync(index, 'utf8')
  const files = new Map<string, string>()
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of m[1]!.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!
      if (exported) files.set(exported, path.resolve(path.dirname(index), m[2]!))
    }
  }
  return files
}

function neededSheets(): string[] {
  const exports = coreExports()
  const seen = new Set<string>()
  const walk = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g))
      walk(path.resolve(path.dirname(file), m[1]!))
    for (const name of namesFrom(text, '@mantine/core')) {
      const target = exports.get(name)
      if (target) walk(target)
    }
  }
  for (const file of files(SRC, /(?<!\.test)\.tsx?$/)) {
    const text = readFileSync(file, 'utf8')
    for (const name of namesFrom(text, '@mantine/core')) {
      const target = exports.get(name)
      if (target) walk(target)
    }
    for (const [pkg, dir] of Object.entries(PACKAGES)) {
      // The few components of the two packages the app uses: each whole package's modules, a little more than
      // needed, so that a new one used is covered too.
      if (namesFrom(text, pkg).length > 0)
        for (const module of files(path.join(dir, 'esm'), /\.mjs$/)) walk(module)
    }
  }
  const modules = [...seen].filter((f) => f.startsWith(CORE) && f.endsWith('.module.mjs'))
  return modules.map((f) => path.basename(f, '.module.mjs'))
}

/** Mantine's styles.css is its sheets one after another: a sheet's place in it is its place in the cascade. */
function inMantinesOrder(sheets: string[]): string[] {
  const all = readFileSync(path.join(CORE, 'styles.css'), 'utf8')
  const place = (sheet: string) =>
    all.indexOf(readFileSync(path.join(CORE, `styles/${sheet}.css`), 'utf8').trim())
  return [...new Set(sheets)].sort((a, b) => place(a) - place(b))
}

describe('mantine-styles.ts', () => {
  it('imports the sheets of exactly the Mantine components the app uses, in the order of Mantine’s styles.css', () => {
    const own = readFileSync(path.join(import.meta.dirname, 'mantine-styles.ts'), 'utf8')
    const imported = [...own.matchAll(/^import '@mantine\/core\/styles\/([^']+)\.css'$/gm)].map((m) => m[1]!)
    const needed = inMantinesOrder(['baseline', 'default-css-variables', 'global', ...neededSheets()])
    expect(imported).toEqual(needed)
  })
})
