import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The shape of server/src that the compiler does not check (docs/architecture.md, "Layers"): handlers leave the
// database to their module's repository, imports run down the layers, and modules use each other one way only.

const SRC = path.resolve(import.meta.dirname, '../../src')

/** Every TypeScript file under src, by its path from src with `/` (`modules/orders/routes.ts`). */
const files: string[] = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.split(path.sep).join('/'))
  .sort()

const textOf = (file: string) => readFileSync(path.join(SRC, file), 'utf8')

/** Where a specifier of `file` leads: a relative one as a path from src (`../x` when it leaves src), a package's as it is. */
const resolved = (file: string, specifier: string) =>
  specifier.startsWith('.') ? path.posix.join(path.posix.dirname(file), specifier) : specifier

/** Every specifier `file` loads: `import … from`, `export … from`, `import '…'` and `import('…')`. */
const specifiersOf = (file: string) =>
  [...textOf(file).matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  )

/** The files of the server `file` imports, as paths from src. */
const localImportsOf = (file: string) =>
  specifiersOf(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolved(file, specifier))

/** The packages `file` imports (`drizzle-orm/pg-core`, `node:fs`). */
const packagesOf = (file: string) => specifiersOf(file).filter((specifier) => !specifier.startsWith('.'))

/** The names `file` imports from `target` in `import { a, type B as C } from '…'` statements. */
function namesImported(file: string, target: string): string[] {
  const statements = textOf(file).matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)
  return [...statements]
    .filter((m) => resolved(file, m[2]!) === target)
    .flatMap((m) => m[1]!.split(','))
    .flatMap((name) => /^(?:type\s+)?(\w+)/.exec(name.trim())?.[1] ?? [])
}

/** A handler file builds request handlers: it imports `implement`, `Handler` or `Handlers` of lib/endpoints.ts. */
const handlerFiles = files.filter(
  (file) =>
    file.startsWith('modules/') &&
    namesImported(file, 'lib/endpoints.ts').some((name) =>
      ['implement', 'Handler', 'Handlers'].includes(name),
    ),
)

/**
 * What runs SQL in a handler without an import to show for it: a query method called on a database handle
 * (`db.select(`, `tx.execute(`, `app.services.db.transaction(`). The handles are called `db` and `tx` throughout.
 */
const QUERY_CALL = /\b(?:db|tx)\s*\.\s*(?:select\w*|insert|update|delete|execute|transaction|query)\s*\(/g

/**
 * The server's layers, top to bottom. An entry is a folder (`modules/`) or a file directly under src
 * (`main.ts`). A file may import its own entry and the entries of lower layers; an import upwards, or sideways
 * into another entry of its own layer, is refused, and a type-only import counts like any other. Read off the
 * import graph as it stood when this test was written, which had no such import: the process (main.ts); what it
 * or a command runs (the app, the seed, the admin commands); HTTP serving, metrics and start-up; the modules;
 * the mailer they send through; the shared rules and the backup; the services' types; the database; and the
 * process's settings at the bottom, where `logging.ts` reads `config.ts` and `config.ts` reads `storage-url.ts`,
 * so those three are layers of their own.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['main.ts'],
  ['app.ts', 'seed/', 'admin/'],
  ['web/', 'metrics.ts', 'bootstrap.ts'],
  ['modules/'],
  ['mail/'],
  ['backup/', 'lib/'],
  ['types.ts'],
  ['db/'],
  ['logging.ts'],
  ['config.ts'],
  ['paths.ts', 'workers.ts', 'storage-url.ts'],
]

/** The entry a path from src belongs to: its first folder, or the file itself. */
const entryOf = (file: string) => (file.includes('/') ? `${file.split('/')[0]}/` : file)
const layerOf = (entry: string) => LAYERS.findIndex((layer) => layer.includes(entry))

/** The module a path under modules/ belongs to: its folder, or `index.ts`, which lists them all. */
const moduleOf = (file: string) => /^modules\/([^/]+)/.exec(file)?.[1]

describe('the structure of server/src', () => {
  it('finds the files and imports it checks', () => {
    // A check that reads nothing would pass for ever: these must be seen.
    expect(files).toContain('main.ts')
    expect(localImportsOf('modules/orders/routes.ts')).toContain('modules/orders/repository.ts')
    expect(localImportsOf('modules/orders/documents.ts')).toContain('modules/orders/documents/pdf-pool.ts')
    expect(localImportsOf('main.ts')).toContain('seed/demo.ts')
    expect(packagesOf('modules/products/repository.ts')).toContain('drizzle-orm')
    expect(handlerFiles).toEqual(
      expect.arrayContaining([
        ...files.filter((file) => /^modules\/[^/]+\/routes\.ts$/.test(file)),
        'modules/products/import.ts',
        'modules/auth/two-factor.ts',
      ]),
    )
  })

  it('leaves the database to the repositories: a handler file neither imports drizzle or the schema nor queries', () => {
    const found = handlerFiles.flatMap((file) => [
      ...packagesOf(file)
        .filter((name) => /^drizzle-orm(\/|$)/.test(name))
        .map((name) => `${file} imports ${name}`),
      ...localImportsOf(file)
        .filter((target) => target === 'db/schema.ts')
        .map((target) => `${file} imports ${target}`),
      ...[...textOf(file).matchAll(QUERY_CALL)].map((m) => `${file} runs ${m[0].replace(/\s+/g, '')}`),
    ])
    expect(found).toEqual([])
  })

  it('imports down the layers only', () => {
    const found = files.flatMap((file) => {
      const own = entryOf(file)
      if (layerOf(own) < 0) return [`${file} is in no layer: add ${own} to LAYERS`]
      return localImportsOf(file)
        .filter((target) => entryOf(target) !== own && !(layerOf(entryOf(target)) > layerOf(own)))
        .map((target) => `${file} imports ${target}, which is not below ${own}`)
    })
    expect(found).toEqual([])
  })

  it('uses one module from another one way only: no cycle between the folders of modules/', () => {
    const uses = new Map<string, Set<string>>()
    for (const file of files) {
      const from = moduleOf(file)
      if (!from) continue
      for (const target of localImportsOf(file)) {
        const to = moduleOf(target)
        if (to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to))
      }
    }
    // Depth first from each module; meeting a module still on the path closes a cycle.
    const cycles = new Set<string>()
    const walk = (module: string, trail: string[]) => {
      const seen = trail.indexOf(module)
      if (seen >= 0) {
        cycles.add([...trail.slice(seen), module].join(' → '))
        return
      }
      for (const next of uses.get(module) ?? []) walk(next, [...trail, module])
    }
    for (const module of uses.keys()) walk(module, [])
    // The same cycle is met from each of its modules: one spelling is enough, starting from its first name.
    const spelled = [...cycles].filter((cycle) => {
      const names = cycle.split(' → ').slice(0, -1)
      return names[0] === [...names].sort()[0]
    })
    expect(spelled).toEqual([])
  })
})
