import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

// One process per data folder. The embedded database (PGlite) is a single-user PostgreSQL running inside the
// process that opened it: a second process opening the same files sees none of the first one's work in memory
// and writes over it, so rows the first one acknowledged disappear. Every program that opens `DATA_DIR/db`
// (the server, the backup and restore commands) first takes this lock.
//
// The lock is a file, `DATA_DIR/store.lock`, created whole or not at all (written under a private name, then
// hard-linked to its real name, which fails if the name exists), holding who took it. The kernel frees no
// such file when its process dies, so a lock whose process is gone (kill -9, a crash, a power cut) is
// recognised and taken over: on the same machine the process is looked up by its id and, on Linux, by when
// it started, so an id reused by an unrelated process does not keep the folder locked.

export const LOCK_FILE = 'store.lock'

/** What the lock file says about the process that holds it. */
export interface LockHolder {
  pid: number
  host: string
  /** When the lock was taken, ISO 8601. */
  since: string
  /** The program, for the message a second process prints: `server/start.js`, `src/backup/cli.ts`, … */
  command: string
  /** Linux: the boot and the process's start (clock ticks since boot), which together name it for good. */
  bootId?: string
  startTicks?: number
  /** Tells this lock from another one of the same process id. */
  token: string
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === hostname() ? '' : ` on host ${holder.host}`
    const remedy =
      holder.host === hostname()
        ? 'Stop that process first; only one process may use a data folder with the embedded database.'
        : `This machine cannot tell whether that process still runs. If it does not, delete ${path.join(dir, LOCK_FILE)}.`
    super(
      `The data folder ${dir} is in use by process ${holder.pid}${where} (${holder.command}, since ${holder.since}). ${remedy}`,
    )
    this.name = 'DataDirInUseError'
  }
}

export interface DataDirLock {
  dir: string
  holder: LockHolder
  /** The lock of a process that was no longer running, taken over to get this one. */
  recovered?: LockHolder
  /** Removes the lock file, if it is still this lock's. */
  release(): void
}

const held = new Map<string, LockHolder>()
let exitHookInstalled = false

/**
 * Takes `DATA_DIR`'s lock for this process, creating the folder if need be. Throws `DataDirInUseError` naming
 * the other process when a live one holds it. The lock is released by `release()`, and in any case when this
 * process exits (a `process.exit` from anywhere, an uncaught error); a process killed outright leaves it
 * behind, for the next one to recover.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir)
  if (held.has(dir)) throw new Error(`this process already holds the lock of ${dir}`)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, LOCK_FILE)
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: describeCommand(),
    ...processIdentity(process.pid),
    token: randomBytes(12).toString('hex'),
  }
  let recovered: LockHolder | undefined
  // Two rounds: the second follows the removal of a stale lock. Losing that race to another process that
  // recovers it too ends in DataDirInUseError naming the winner.
  for (let round = 0; round < 2; round++) {
    if (tryCreate(file, me)) {
      held.set(dir, me)
      installExitHook()
      return { dir, holder: me, ...(recovered ? { recovered } : {}), release: () => release(dir) }
    }
    const holder = readHolder(file)
    if (holder && isRunning(holder)) throw new DataDirInUseError(dir, holder)
    // Stale (or not a lock this program wrote, so nobody's): move it aside under a name of our own, then make
    // sure what moved is what was judged stale. Another process may have recovered it and locked the folder in
    // between, and its fresh lock must not be the one removed.
    const aside = `${file}.stale-${me.token}`
    try {
      renameSync(file, aside)
    } catch (error) {
      if (isCode(error, 'ENOENT')) continue
      throw error
    }
    const moved = readHolder(aside)
    if (moved && moved.token !== holder?.token) {
      // Put the newer lock back where it was and give way to its process.
      try {
        linkSync(aside, file)
      } catch {
        // A third process locked the folder meanwhile: it is the one to give way to now, as much as this one.
      } finally {
        unlinkSync(aside)
      }
      throw new DataDirInUseError(dir, moved)
    }
    unlinkSync(aside)
    recovered = holder ?? undefined
  }
  const winner = readHolder(file)
  if (winner) throw new DataDirInUseError(dir, winner)
  throw new Error(`could not lock the data folder ${dir}: ${file} keeps changing`)
}

/** What the lock file of `dataDir` says, when there is one and it can be read. */
export function readDataDirLock(dataDir: string): LockHolder | undefined {
  return readHolder(path.join(path.resolve(dataDir), LOCK_FILE))
}

/** Whether the process a lock names still runs; a lock of another machine counts as running. */
export function isRunning(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true
  // Not this process's own lock (that one is in `held`): its id was reused, as pid 1 in a restarted container.
  if (holder.pid === process.pid) return false
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it runs, under another user.
    if (isCode(error, 'ESRCH')) return false
  }
  if (holder.bootId === undefined || holder.startTicks === undefined) return true
  const now = processIdentity(holder.pid)
  // Outside Linux, or /proc unreadable: the id alone has to do.
  if (now.bootId === undefined || now.startTicks === undefined) return true
  return now.bootId === holder.bootId && now.startTicks === holder.startTicks
}

function tryCreate(file: string, me: LockHolder): boolean {
  const draft = `${file}.${me.pid}-${me.token}`
  writeFileSync(draft, `${JSON.stringify(me, null, 2)}\n`, { mode: 0o644 })
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

function readHolder(file: string): LockHolder | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw error
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.token === 'string' &&
      typeof value.since === 'string'
    )
      return { command: 'unknown', ...value } as LockHolder
  } catch {
    // Not JSON: no process of this program wrote it, since a lock is created whole.
  }
  return undefined
}

function release(dir: string) {
  const mine = held.get(dir)
  if (!mine) return
  held.delete(dir)
  const file = path.join(dir, LOCK_FILE)
  try {
    if (readHolder(file)?.token === mine.token) unlinkSync(file)
  } catch {
    // Already gone, or the folder with it: nothing left to release.
  }
}

function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // Runs on process.exit and on the way out after an uncaught error, not on SIGKILL: that is the stale case.
  process.on('exit', () => {
    for (const dir of [...held.keys()]) release(dir)
  })
}

/** Linux: the boot id and the process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
function processIdentity(pid: number): { bootId?: string; startTicks?: number } {
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const startTicks = Number(fields[19])
    return Number.isSafeInteger(startTicks) ? { bootId, startTicks } : {}
  } catch {
    return {}
  }
}

function describeCommand(): string {
  const script = process.argv[1]
  if (!script) return 'node'
  const relative = path.relative(process.cwd(), script)
  return relative.startsWith('..') ? script : relative
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
