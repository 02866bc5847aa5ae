import { constants } from 'node:fs'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  truncate,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT_DIR } from '../paths.ts'

// A new embedded database starts from a copy of one made at install (`npm install` runs
// `scripts/build-embedded-template.ts`): an empty store with every migration of that moment applied. PostgreSQL's
// initdb, run in WebAssembly, takes 3 to 5 seconds; copying its result takes a fifth of a second. Migrations
// written since the copy was made run on the first start as on any other.

const cacheRoot = path.join(ROOT_DIR, 'node_modules/.cache/store-embedded-template')

/** The template's folder, named by the PGlite release that made it: another release makes its own. */
export async function templateDir(): Promise<string> {
  // The package's entry is dist/index.js; its manifest is not among its exports.
  const manifest = path.join(
    path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
    '..',
    'package.json',
  )
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string }
  return path.join(cacheRoot, `pglite-${version}`)
}

async function hasDatabase(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => [] as string[])
  return entries.includes('PG_VERSION')
}

/**
 * Fills `dataDir` from the template when it holds no database yet and a template is there; says whether it did.
 * The copy is made beside `dataDir` and renamed into place, so a start stopped halfway leaves no half a database.
 */
export async function startFromTemplate(dataDir: string, template?: string): Promise<boolean> {
  if (await hasDatabase(dataDir)) return false
  template ??= await templateDir()
  if (!(await hasDatabase(template))) return false
  // Only an empty folder is replaced: anything else in it is not ours to remove.
  const existing = await readdir(dataDir).catch(() => null)
  if (existing && existing.length > 0) return false
  const copy = await mkdtemp(`${dataDir}.new-`)
  try {
    await copyFolder(template, copy)
    if (existing) await rmdir(dataDir)
    await rename(copy, dataDir)
  } catch (error) {
    await rm(copy, { recursive: true, force: true })
    throw error
  }
  return true
}

/**
 * Copies the files of `from` into the existing folder `to`, several at a time: the template is some 1,150 files,
 * and `fs.cp` copies one after the other (0.22 to 0.30 s here, against 0.07 to 0.14 s eight at a time).
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true })
  const relative = (entry: { parentPath: string; name: string }) =>
    path.relative(from, path.join(entry.parentPath, entry.name))
  // Parents sort before their children.
  for (const dir of entries
    .filter((e) => e.isDirectory())
    .map(relative)
    .sort())
    await mkdir(path.join(to, dir), { recursive: true })
  const files = entries.filter((e) => e.isFile()).map(relative)
  let next = 0
  const copier = async () => {
    while (next < files.length) {
      const file = files[next++]!
      if (file.startsWith(`pg_wal${path.sep}`))
        await copyWithoutZeros(path.join(from, file), path.join(to, file))
      else await copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_FICLONE)
    }
  }
  await Promise.all(Array.from({ length: 8 }, copier))
}

/**
 * Copies a file whose end is zeros (a WAL segment: 16 MB made of zeros, then written from the start) as its
 * written part and a hole of the rest: the same bytes to read, without writing the zeros.
 */
async function copyWithoutZeros(from: string, to: string): Promise<void> {
  const bytes = await readFile(from)
  let end = bytes.length
  while (end > 0 && bytes[end - 1] === 0) end--
  await writeFile(to, bytes.subarray(0, end), { mode: 0o600 })
  await truncate(to, bytes.length)
}

/** Makes the template with `build(dir)` in a folder of its own, then puts it in place (for the install script). */
export async function writeTemplate(build: (dir: string) => Promise<void>): Promise<string> {
  const target = await templateDir()
  await rm(target, { recursive: true, force: true })
  await mkdir(path.dirname(target), { recursive: true })
  const work = await mkdtemp(`${target}.new-`)
  try {
    await build(work)
    await rename(work, target)
  } catch (error) {
    await rm(work, { recursive: true, force: true })
    throw error
  }
  return target
}
