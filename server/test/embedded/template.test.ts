import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emptyStore, migrate, openDatabase, rows } from '../../src/db/client.ts'
import { startFromTemplate } from '../../src/db/pglite-template.ts'

// A new embedded database starts from a copy of the empty one made at install (pglite-template.ts). The copy
// must open as a database of its own, and no folder that already holds something may be touched.

let root: string
let template: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'store-template-'))
  // As `npm install` makes it.
  template = path.join(root, 'template')
  await emptyStore(template)
})

const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const productCount = async (dataDir: string) => {
  const database = await openDatabase({ dataDir })
  try {
    await migrate(database)
    return (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from products`))[0]?.n
  } finally {
    await database.close()
  }
}

describe('a new embedded database copied from the template', () => {
  it('fills a folder that does not exist or is empty, and the copy is a database of its own', async () => {
    const missing = path.join(root, 'a', 'db')
    await mkdir(path.dirname(missing))
    expect(await startFromTemplate(missing, template)).toBe(true)
    const empty = path.join(root, 'b')
    await mkdir(empty)
    expect(await startFromTemplate(empty, template)).toBe(true)
    expect(await readdir(empty)).toContain('PG_VERSION')
    // The same files with the same bytes (the WAL segment's zeros are left as a hole rather than written), and one
    // WAL segment: the install's template is made without the one initdb and the migrations filled.
    const files = await filesIn(template)
    expect(await filesIn(empty)).toEqual(files)
    for (const file of files)
      expect(
        (await readFile(path.join(empty, file))).equals(await readFile(path.join(template, file))),
        file,
      ).toBe(true)
    expect(files.filter((file) => file.startsWith(`pg_wal${path.sep}0`))).toHaveLength(1)
    // Nothing of the copy's work is left beside it.
    expect((await readdir(root)).filter((name) => name.includes('.new-'))).toEqual([])

    const database = await openDatabase({ dataDir: missing })
    await migrate(database)
    await database.db.execute(sql`insert into categories (name, slug) values ('Áo', 'ao')`)
    await database.close()
    expect(await productCount(missing)).toBe(0)
    const other = await openDatabase({ dataDir: empty })
    expect(await rows(other.db, sql`select slug from categories`)).toEqual([])
    await other.close()
  })

  it('leaves a database alone, and a folder holding anything else, and does nothing without a template', async () => {
    const existing = path.join(root, 'a', 'db')
    expect(await startFromTemplate(existing, template)).toBe(false)
    const database = await openDatabase({ dataDir: existing })
    expect(await rows(database.db, sql`select slug from categories`)).toEqual([{ slug: 'ao' }])
    await database.close()

    const notEmpty = path.join(root, 'c')
    await mkdir(notEmpty)
    await writeFile(path.join(notEmpty, 'notes.txt'), 'mine')
    expect(await startFromTemplate(notEmpty, template)).toBe(false)
    expect(await readdir(notEmpty)).toEqual(['notes.txt'])

    const none = path.join(root, 'd')
    expect(await startFromTemplate(none, path.join(root, 'no-template'))).toBe(false)
    expect(await readdir(root)).not.toContain('d')
  })
})
