import { randomBytes } from 'node:crypto'
import { chmodSync, rmSync, unlinkSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'

// While the server runs on the embedded database, that process alone may touch `DATA_DIR/db` (see
// db/lock.ts), so `npm run backup` asks it for a copy: it connects to a Unix socket in the data folder and the
// server copies its database files between two transactions into a new folder beside them, answering the
// folder's name. The socket is the data folder's own (mode 0600, in a folder only its owner should write), so
// only whoever may read the database anyway can ask; the server writes only inside its data folder and never
// sends data over the socket.

export const CONTROL_SOCKET = 'backup.sock'
/** Copies a backup is made from start with this; the backup command removes its copy when done. */
export const SNAPSHOT_PREFIX = '.snapshot-'
/** sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH = 103

export interface SnapshotAnswer {
  /** The copy's folder, inside the data folder. */
  snapshot: string
  /** How long the store's queries waited while the files were copied. */
  pauseMs: number
}

/** The control socket of a server on the embedded database; `close()` removes it. */
export async function serveBackups(
  dataDir: string,
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const dir = path.resolve(dataDir)
  const socketPath = path.join(dir, CONTROL_SOCKET)
  const none = { close: async () => {} }
  if (!database.snapshot) return none
  const snapshot = database.snapshot
  // Left by a backup command that died before removing its copy; nobody else uses the folder (the lock).
  for (const entry of await readdir(dir)) {
    if (entry.startsWith(SNAPSHOT_PREFIX)) await rm(path.join(dir, entry), { recursive: true, force: true })
  }
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      `npm run backup cannot reach this server: the path ${socketPath} is too long for a Unix socket. ` +
        'Back up with the server stopped, or use a shorter DATA_DIR.',
    )
    return none
  }
  // A socket file left by a process that was killed: the lock says no other process serves this folder.
  rmSync(socketPath, { force: true })

  const server = net.createServer((socket) => {
    let request = ''
    socket.setEncoding('utf8')
    socket.setTimeout(10_000, () => socket.destroy())
    socket.on('error', () => {})
    socket.on('data', (chunk: string) => {
      request += chunk
      if (request.length > 1024) return socket.destroy()
      const end = request.indexOf('\n')
      if (end === -1) return
      socket.removeAllListeners('data')
      socket.setTimeout(0)
      void answer(request.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`))
    })
  })

  const answer = async (line: string) => {
    let command: unknown
    try {
      command = (JSON.parse(line) as { command?: unknown }).command
    } catch {
      command = undefined
    }
    if (command !== 'snapshot') return { ok: false, error: 'unknown command' }
    const name = `${SNAPSHOT_PREFIX}${randomBytes(8).toString('hex')}`
    const started = performance.now()
    try {
      await snapshot(path.join(dir, name))
      const pauseMs = Math.round(performance.now() - started)
      log.info(`backup: database files copied to ${name}; queries waited ${pauseMs} ms`)
      return { ok: true, snapshot: name, pauseMs }
    } catch (err) {
      await rm(path.join(dir, name), { recursive: true, force: true })
      log.error({ err }, 'backup: copying the database files failed')
      return { ok: false, error: err instanceof Error ? err.message : String(err) }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  chmodSync(socketPath, 0o600)
  const remove = () => {
    try {
      unlinkSync(socketPath)
    } catch {
      // Closing the server may have removed it already.
    }
  }
  // A start that fails later on, or a shutdown that gives up, leaves through process.exit.
  process.once('exit', remove)
  return {
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      remove()
      process.off('exit', remove)
    },
  }
}

export class NoControlSocketError extends Error {}

/** Asks the server that holds `dataDir` for a copy of its database; answers the copy's folder. */
export async function requestSnapshot(dataDir: string): Promise<SnapshotAnswer & { path: string }> {
  const dir = path.resolve(dataDir)
  const socketPath = path.join(dir, CONTROL_SOCKET)
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(socketPath)
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => resolve(text))
    // Copying a large database takes seconds; a server that answers nothing in minutes is stuck.
    socket.setTimeout(300_000, () =>
      socket.destroy(new Error(`the server on ${socketPath} did not answer within 5 minutes`)),
    )
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new NoControlSocketError(`nothing answers on ${socketPath}`))
      else reject(error)
    })
    socket.write(`${JSON.stringify({ command: 'snapshot' })}\n`)
  })
  let parsed: { ok?: boolean; error?: string; snapshot?: string; pauseMs?: number }
  try {
    parsed = JSON.parse(reply)
  } catch {
    throw new Error(`the server answered something unexpected on ${socketPath}`)
  }
  if (!parsed.ok || typeof parsed.snapshot !== 'string' || !parsed.snapshot.startsWith(SNAPSHOT_PREFIX))
    throw new Error(`the server could not copy its database: ${parsed.error ?? 'no reason given'}`)
  return { snapshot: parsed.snapshot, pauseMs: parsed.pauseMs ?? 0, path: path.join(dir, parsed.snapshot) }
}
