import { constants } from 'node:fs'
import { copyFile, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

// The embedded database (PGlite) as the store opens it, on whichever thread opens it: the server's own, or the
// thread of `pglite-thread.ts`.

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory. initdb's 128 MB stays resident once touched, on
 * top of the operating system's cache of the same files (PGlite reads them through it): 16 MB took the server's
 * peak from 675 to 491 MB under `npm run bench:embedded`, at the same speed. Set at each start, so it applies to
 * folders made before as well; `postgresql.conf` is left as initdb wrote it.
 */
const SHARED_BUFFERS = '16MB'

/** PGlite in `dataDir`, or in memory when it is undefined, with the extensions the migrations need. */
export function createPglite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  })
}

/**
 * Copies PGlite's data folder while no statement runs, which makes the copy the database as of that moment.
 *
 * PGlite is PostgreSQL compiled to WebAssembly, running on the one JavaScript thread that opened it, one statement
 * at a time: `query()`, `exec()` and `transaction()` take its transaction mutex, and each statement its query
 * mutex. The copy is made inside a transaction of its own (so no other transaction is open, or can begin, until
 * it ends) and holding the query mutex as well, as `dumpDataDir` does. Its file system writes straight through
 * to the files on disk (Emscripten's NODEFS, no cache in between), and a commit has written its WAL before it
 * returns (`fsync` is off, `write` is not), so the files hold every committed transaction: they are what a
 * crash at this instant would leave, which PostgreSQL recovers from on its next start.
 *
 * A CHECKPOINT first writes every changed page to the tables' files, so the copy needs the WAL only from that
 * checkpoint on: one segment, usually, where the folder keeps up to `max_wal_size` (1 GB) of segments recycled
 * for later use, which a backup would otherwise carry. And the store's queries wait only for a file copy (page
 * cache to page cache, or a reflink where the file system has them), where `dumpDataDir` reads every file
 * through the WebAssembly file layer and compresses the lot in memory first.
 */
export async function snapshotPglite(client: PGlite, dataDir: string, target: string): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.exec('checkpoint')
    const wal = await tx.query<{ redo: string; current: string }>(
      `select pg_walfile_name(redo_lsn) as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current
         from pg_control_checkpoint()`,
    )
    const { redo, current } = wal.rows[0]!
    // WAL segments are named by timeline and position, so names sort in WAL order.
    const needed = (relative: string) => {
      const segment = /^pg_wal\/([0-9A-F]{24})$/.exec(relative)?.[1]
      return segment === undefined || (segment >= redo && segment <= current)
    }
    await client.runExclusive(() => copyTree(dataDir, target, '', needed))
  })
}

async function copyTree(
  root: string,
  target: string,
  relative: string,
  keep: (relative: string) => boolean,
): Promise<void> {
  await mkdir(path.join(target, relative), { mode: 0o700 })
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) await copyTree(root, target, name, keep)
    else if (entry.isFile() && keep(name))
      await copyFile(path.join(root, name), path.join(target, name), constants.COPYFILE_FICLONE)
  }
}

/** Where the embedded database's memory goes, for `/metrics` and the soak benchmark. */
export interface EmbeddedMemory {
  /** PGlite's WebAssembly memory: PostgreSQL's own, which grows to its largest need and never shrinks. */
  wasmBytes: number
  /** The V8 heap of the thread PGlite runs on, in use and reserved; on the server's thread, the server's. */
  heapUsedBytes: number
  heapTotalBytes: number
  /** The thread's young generation as V8 has sized it, within `resourceLimits` on the database's thread. */
  youngBytes: number
}

/** The memory of `client` and of the thread it runs on (the caller's). */
export function memoryOf(client: PGlite): EmbeddedMemory {
  // PGlite keeps its Emscripten module as `mod`, undeclared in its types; its HEAPU8 spans the whole memory.
  const heap8 = (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8
  const v8Heap = getHeapStatistics()
  return {
    wasmBytes: heap8?.byteLength ?? 0,
    heapUsedBytes: v8Heap.used_heap_size,
    heapTotalBytes: v8Heap.total_heap_size,
    youngBytes: getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0,
  }
}
