import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The direction of imports is shared (lib, components, i18n) → features → app: a feature never reaches into
// another feature or into the app, and nothing shared reaches into a feature or the app. What two features
// need lives in lib or components. The files are read as they are on disk, so a new crossing fails here.
const SRC = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

/** Every relative import of a file, resolved to a path under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)))
}

const featureOf = (relative: string) => /^features\/([^/]+)\//.exec(relative)?.[1]

describe('import boundaries', () => {
  const files = sources(SRC).map((file) => ({ file, relative: path.relative(SRC, file) }))

  it('keeps each feature out of every other feature', () => {
    const crossings = files.flatMap(({ file, relative }) => {
      const own = featureOf(relative)
      if (!own) return []
      return importsOf(file)
        .filter((target) => featureOf(target) !== undefined && featureOf(target) !== own)
        .map((target) => `${relative} → ${target}`)
    })
    expect(crossings).toEqual([])
  })

  it('lets a feature use only its own folder and the shared ones', () => {
    // components, lib and i18n are shared; packages and @store/contract are not relative, so not read here. A
    // feature's tests may also use the test harness, and the app's theme it renders in.
    const shared = ['components/', 'lib/', 'i18n/']
    const harness = ['test/', 'app/theme.ts']
    const crossings = files.flatMap(({ file, relative }) => {
      const own = featureOf(relative)
      if (!own) return []
      const allowed = [`features/${own}/`, ...shared, ...(/\.test\.tsx?$/.test(relative) ? harness : [])]
      return importsOf(file)
        .filter((target) => !allowed.some((start) => target === start || target.startsWith(start)))
        .map((target) => `${relative} → ${target}`)
    })
    expect(crossings).toEqual([])
  })

  it('keeps the shared folders out of the features', () => {
    const crossings = files
      .filter(({ relative }) => /^(lib|components|i18n|test)\//.test(relative))
      .flatMap(({ file, relative }) =>
        importsOf(file)
          // The test harness renders inside the app's theme, as the app does; nothing else shared sees the app.
          .filter(
            (target) =>
              target.startsWith('features/') || (target.startsWith('app/') && !relative.startsWith('test/')),
          )
          .map((target) => `${relative} → ${target}`),
      )
    expect(crossings).toEqual([])
  })

  it('finds the imports it checks', () => {
    // A check that reads nothing would pass for ever: the product form's own imports must be seen.
    const form = files.find(({ relative }) => relative === 'features/products/product-form-page.tsx')!
    expect(importsOf(form.file)).toContain('features/products/product-form.tsx')
    expect(importsOf(form.file)).toContain('lib/use-edit-controller.ts')
  })
})
