import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrate, openDatabase, rows } from '../../src/db/client.ts'
import { THREAD_LIMITS } from '../../src/db/pglite-in-thread.ts'
import { categories } from '../../src/db/schema.ts'
import { isUniqueViolation } from '../../src/lib/errors.ts'

// The embedded database on a thread of its own (`pglite-in-thread.ts`) must behave as PGlite on the caller's
// thread: the same rows and types, the same errors, transactions that keep or drop all their rows, and a
// statement from outside an open transaction that waits for it, as on one connection.

let threaded: Database
let local: Database

beforeAll(async () => {
  threaded = await openDatabase({ thread: true })
  local = await openDatabase({})
  await migrate(threaded)
  await migrate(local)
})

afterAll(async () => {
  await threaded?.close()
  await local?.close()
})

const slugs = async (database: Database) =>
  (await rows<{ slug: string }>(database.db, sql`select slug from categories order by slug`)).map(
    (r) => r.slug,
  )

describe('the embedded database on a thread of its own', () => {
  it('answers the same rows and types as on the caller’s thread', async () => {
    const query = sql`select 1::int2 as small, 9007199254740993::int8 as big, 12.50::numeric as exact,
                             '2026-11-26 10:00:00+07'::timestamptz as at, '2026-11-26'::date as day,
                             interval '90 minutes' as span, array['2026-01-01'::date] as days,
                             '{"a":[1,"b"]}'::jsonb as doc, '\\x0102ff'::bytea as bytes, null::text as nothing,
                             'Áo thun' as name, true as yes`
    const there = await rows(threaded.db, query)
    const here = await rows(local.db, query)
    expect(there).toEqual(here)
    // drizzle keeps dates and times as PostgreSQL's text; the thread must not parse them on its side.
    expect(typeof (there[0] as { at: unknown }).at).toBe('string')
    const [inserted] = await threaded.db.insert(categories).values({ name: 'Áo', slug: 'ao' }).returning()
    expect(inserted?.createdAt).toBeInstanceOf(Date)
    const [read] = await threaded.db.select().from(categories).where(eq(categories.slug, 'ao'))
    expect(read).toEqual(inserted)
    await threaded.db.delete(categories)
  })

  it('keeps PostgreSQL’s page cache at 16 MB on either thread, the memory the server is sized for', async () => {
    for (const database of [threaded, local])
      expect(await rows(database.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }])
  })

  it('tells its memory from its own thread: PostgreSQL’s WebAssembly memory and that thread’s heap', async () => {
    const [there, here] = await Promise.all([threaded.memory!(), local.memory!()])
    for (const memory of [there, here]) {
      // At least the 16 MB of shared buffers; the heap in use within what V8 has reserved.
      expect(memory.wasmBytes).toBeGreaterThan(16 * 2 ** 20)
      expect(memory.heapUsedBytes).toBeGreaterThan(0)
      expect(memory.heapTotalBytes).toBeGreaterThanOrEqual(memory.heapUsedBytes)
    }
    // The thread's heap holds PGlite's code and little else; the caller's holds the test runner's too.
    expect(there.heapTotalBytes).toBeLessThan(here.heapTotalBytes)
  })

  it('keeps the thread’s young generation within its 8 MB while rows pass across', async () => {
    // Pages of a few thousand rows each: without the limit, V8 lets the young generation grow to 48 MB of them.
    for (let page = 0; page < 40; page++)
      await rows(
        threaded.db,
        sql`select g as id, repeat('Áo thun cổ tròn ', 8) as name from generate_series(1, 5000) g`,
      )
    const there = await threaded.memory!()
    expect(there.youngBytes).toBeGreaterThan(0)
    expect(there.youngBytes).toBeLessThanOrEqual(THREAD_LIMITS.maxYoungGenerationSizeMb * 2 ** 20)
  })

  it('passes PostgreSQL’s error fields across, so a taken slug is still recognised', async () => {
    await threaded.db.insert(categories).values({ name: 'Giày', slug: 'giay' })
    const error = await threaded.db
      .insert(categories)
      .values({ name: 'Giày 2', slug: 'giay' })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(isUniqueViolation(error, 'categories_slug_key')).toBe(true)
    const cause = (error as { cause?: { code?: string; table?: string; message?: string } }).cause
    expect(cause).toMatchObject({ code: '23505', table: 'categories' })
    expect(cause?.message).toMatch(/duplicate key/)
    await threaded.db.delete(categories)
  })

  it('keeps all of a transaction that commits and none of one that fails, savepoints included', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'A', slug: 'a' })
      await tx
        .transaction(async (inner) => {
          await inner.insert(categories).values({ name: 'B', slug: 'b' })
          throw new Error('undo b')
        })
        .catch(() => {})
      await tx.insert(categories).values({ name: 'C', slug: 'c' })
    })
    expect(await slugs(threaded)).toEqual(['a', 'c'])

    const failed = threaded.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'D', slug: 'd' })
      await tx.insert(categories).values({ name: 'A again', slug: 'a' })
    })
    await expect(failed).rejects.toThrow()
    expect(await slugs(threaded)).toEqual(['a', 'c'])
    // The thread is ready for the next transaction after one that failed inside PostgreSQL.
    await threaded.db.transaction((tx) => tx.insert(categories).values({ name: 'E', slug: 'e' }))
    expect(await slugs(threaded)).toEqual(['a', 'c', 'e'])
    await threaded.db.delete(categories)
  })

  it('holds a statement from outside until the open transaction ends, then shows its rows', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let inserted!: () => void
    const insertedInTx = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Túi', slug: 'tui' })
      inserted()
      await held
    })
    await insertedInTx
    let outside: string[] | undefined
    const reading = slugs(threaded).then((found) => {
      outside = found
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(outside).toBeUndefined()
    release()
    await transaction
    await reading
    expect(outside).toEqual(['tui'])
    await threaded.db.delete(categories)
  })

  it('runs many statements sent at once, each answered with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => rows<{ n: number }>(threaded.db, sql`select ${i}::int as n`)),
    )
    expect(answers.map((r) => r[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i))
  })

  it('copies a database in a folder from its thread, a copy that opens with every committed row', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'store-thread-'))
    try {
      const source = await openDatabase({ dataDir: path.join(dir, 'db'), thread: true })
      await migrate(source)
      await source.db.insert(categories).values([
        { name: 'Nón', slug: 'non' },
        { name: 'Vớ', slug: 'vo' },
      ])
      await source.snapshot?.(path.join(dir, 'copy'))
      await source.close()
      const copy = await openDatabase({ dataDir: path.join(dir, 'copy') })
      expect(await slugs(copy)).toEqual(['non', 'vo'])
      await copy.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('fails every call after it is closed, and tells no one the thread was lost', async () => {
    const lost: Error[] = []
    const database = await openDatabase({ thread: true, onThreadLost: (error) => lost.push(error) })
    expect(await rows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }])
    await database.close()
    const error = await rows(database.db, sql`select 1 as one`).catch((e: unknown) => e)
    // drizzle wraps the driver's error; the driver's says the thread has ended.
    expect((error as { cause?: Error }).cause?.message).toMatch(/thread ended/)
    expect(lost).toEqual([])
  })
})
