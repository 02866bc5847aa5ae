import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { cpus } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createBackup } from '../server/src/backup/backup.ts'
import { restoreBackup } from '../server/src/backup/restore.ts'
import { ensureAdmin } from '../server/src/bootstrap.ts'
import { loadConfig } from '../server/src/config.ts'
import { migrate, openDatabase } from '../server/src/db/client.ts'
import { lockDataDir } from '../server/src/db/lock.ts'
import { diskStore } from '../server/src/modules/files/stores.ts'
import { generateStore } from '../server/src/seed/bulk.ts'
import { progressBar } from '../server/src/seed/progress.ts'

// `node --import tsx bench/backup.ts`: how long `npm run backup` takes, how big its file is and how long the
// store's queries wait, for the demo store and for a generated store of 100,000 products, each on the embedded
// database with the server running (the server copies its database; the command archives the copy). Then how
// long `npm run restore` of that file takes. The large store is generated once under data/bench-backup/ and
// reused by later runs (--fresh makes it again).

const HELP = `node --import tsx bench/backup.ts [--products N] [--fresh]

  --products N   products of the large store (default 100000; with 2 orders and 1 review a product, and a
                 customer for every 5)
  --fresh        generate the large store again
`

const root = fileURLToPath(new URL('..', import.meta.url))
const benchDir = path.join(root, 'data', 'bench-backup')
const ADMIN = { ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'Bench2026pass' }

interface Measured {
  store: string
  onDisk: number
  uploads: number
  backupBytes: number
  backupSeconds: number
  pauseMs: number
  restoreSeconds: number
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`

function folderSize(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += folderSize(full)
    else if (entry.isFile()) total += statSync(full).size
  }
  return total
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `npm start` on `dataDir` in a child process, resolved once it is ready (the demo, if asked, seeded). */
async function startServer(dataDir: string, seedDemo: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...ADMIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      SEED_DEMO: String(seedDemo),
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      if (output.includes('ready at')) resolve()
    })
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)),
    )
  })
  child.stdout!.resume()
  return child
}

async function stopServer(child: ChildProcess) {
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await gone
}

async function measure(store: string, dataDir: string, seedDemo: boolean): Promise<Measured> {
  const server = await startServer(dataDir, seedDemo)
  const work = mkdtempSync(path.join(benchDir, 'run-'))
  try {
    const onDisk = folderSize(path.join(dataDir, 'db'))
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' })
    const file = path.join(work, 'backup.tar.gz')
    const backup = await createBackup(config, file)
    if (!backup.fromRunningServer) throw new Error('the running server did not make the copy')
    const restored = await restoreBackup(
      loadConfig({ ...process.env, DATA_DIR: path.join(work, 'restored') }),
      file,
    )
    return {
      store,
      onDisk,
      uploads: backup.uploads,
      backupBytes: backup.bytes,
      backupSeconds: backup.seconds,
      pauseMs: backup.pauseMs ?? 0,
      restoreSeconds: restored.seconds,
    }
  } finally {
    await stopServer(server)
    rmSync(work, { recursive: true, force: true })
  }
}

/** The large store, generated once (PGlite in `dir`), reused while its marker file says it is complete. */
async function largeStore(products: number, fresh: boolean): Promise<string> {
  const dir = path.join(benchDir, `store-${products}`)
  const marker = path.join(dir, 'bench-store.json')
  if (existsSync(marker) && !fresh) return dir
  rmSync(dir, { recursive: true, force: true })
  console.error(`Generating a store of ${fmt(products)} products in ${dir} (once; later runs reuse it)`)
  const lock = lockDataDir(dir)
  const database = await openDatabase({ dataDir: path.join(dir, 'db') })
  try {
    await migrate(database)
    const config = loadConfig({ ...process.env, ...ADMIN, DATA_DIR: dir, DATABASE_URL: '' })
    await ensureAdmin(database.db, config, silentLog)
    await generateStore(
      {
        db: database.db,
        files: diskStore(path.join(dir, 'uploads')),
        now: new Date(),
        progress: progressBar(),
        parallel: 1,
      },
      {
        products,
        orders: products * 2,
        customers: Math.ceil(products / 5),
        reviews: products,
        categories: 20,
        brands: 40,
        linesPerOrder: 3,
      },
    )
  } finally {
    await database.close()
    lock.release()
  }
  writeFileSync(marker, `${JSON.stringify({ products, at: new Date().toISOString() })}\n`)
  return dir
}

const silentLog = {
  info: () => {},
  warn: () => {},
  error: (msg: string) => console.error(msg),
  debug: () => {},
  trace: () => {},
  fatal: (msg: string) => console.error(msg),
} as unknown as Parameters<typeof ensureAdmin>[2]

function table(rows: Measured[]): string {
  const header = [
    'store',
    'database on disk',
    'images',
    'backup file',
    'backup time',
    'queries paused',
    'restore time',
  ]
  const body = rows.map((r) => [
    r.store,
    mb(r.onDisk),
    fmt(r.uploads),
    mb(r.backupBytes),
    `${fmt(r.backupSeconds, 1)} s`,
    `${fmt(r.pauseMs)} ms`,
    `${fmt(r.restoreSeconds, 1)} s`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, fresh: { type: 'boolean' }, help: { type: 'boolean' } },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const products = Number((values.products ?? '100000').replace(/[_,]/g, ''))
  if (!Number.isSafeInteger(products) || products < 1)
    throw new Error('--products must be a whole number, 1 or more')
  mkdirSync(benchDir, { recursive: true })

  const results: Measured[] = []
  const demoDir = mkdtempSync(path.join(benchDir, 'demo-'))
  try {
    results.push(await measure('demo store', demoDir, true))
  } finally {
    rmSync(demoDir, { recursive: true, force: true })
  }
  const large = await largeStore(products, Boolean(values.fresh))
  results.push(await measure(`${fmt(products)} products`, large, false))

  console.log(
    `\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, embedded database\n`,
  )
  console.log(table(results))
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
