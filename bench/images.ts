import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import sharp from 'sharp'

// `npm run bench:images`: starts the real server (`npm start`'s entry, in a child process on a fresh embedded
// store), uploads realistic photos and hostile images at the same time from several clients, and prints how many
// images it decoded a second, how the API answered meanwhile, and the server process's peak memory and CPU.
// Run once with the default image settings and once with them lifted (the server as it was before they
// existed), so the two rows compare. See bench/README.md.

const HELP = `npm run bench:images -- [--mode both|defaults|unbounded] [--duration S] [--clients N] [--hostile N]

  --mode       defaults: the server's image settings as shipped; unbounded: pixel limit 1000 MP, 64 decodes at
               once, a line of 10000 and a one-hour timeout (no bound in practice); both (default): one after
               the other, each on a fresh server
  --duration   seconds during which the clients send uploads (default 20); answers still in flight are awaited
  --clients    clients sending realistic uploads (default 4)
  --hostile    clients sending hostile uploads (default 4)
`

const root = fileURLToPath(new URL('..', import.meta.url))
const ADMIN = { email: 'bench-images@example.com', password: 'BenchImg2026' }
/** The whole run stops here whatever happens: a benchmark must not hang a machine. */
const WATCHDOG_MINUTES = 20
/** How long to wait for answers still in flight when the sending stops. */
const DRAIN_SECONDS = 180

const MODES = {
  defaults: {},
  unbounded: {
    IMAGE_MAX_MEGAPIXELS: '1000',
    IMAGE_DECODES: '64',
    IMAGE_DECODE_QUEUE: '10000',
    IMAGE_TIMEOUT_SECONDS: '3600',
  },
} satisfies Record<string, Record<string, string>>
type Mode = keyof typeof MODES

interface Upload {
  name: string
  type: string
  content: Buffer
}

/** Blurred noise: compresses about like a photograph, so the files have realistic sizes. */
const photoLike = (width: number, height: number, blur: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).blur(blur)

async function makeImages() {
  const realistic: Upload[] = [
    {
      name: 'photo.jpg',
      type: 'image/jpeg',
      content: await photoLike(4000, 3000, 1.2).jpeg({ quality: 85 }).toBuffer(),
    },
    { name: 'product.png', type: 'image/png', content: await photoLike(1200, 1200, 2).png().toBuffer() },
    { name: 'detail.webp', type: 'image/webp', content: await photoLike(1000, 1000, 1).webp().toBuffer() },
  ]
  // The audit's file: 150 KB on the wire, 6300×6300 once decoded. Ten of them make one hostile upload.
  const bomb = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#c83' } })
    .png({ compressionLevel: 9 })
    .toBuffer()
  const hostile: Upload[] = Array.from({ length: 10 }, (_, i) => ({
    name: `bomb-${i}.png`,
    type: 'image/png',
    content: bomb,
  }))
  return { realistic, hostile }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null once the process is gone. */
function statusKb(pid: number, field: string): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/** Resets the process's peak resident memory (VmHWM) to its current one; false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** CPU seconds the process has used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return ticks / 100
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

interface Server {
  child: ChildProcess
  pid: number
  base: string
  dir: string
  log: string
}

/** The server running now, stopped by the watchdog should the run hang. */
let current: Server | undefined

async function startServer(mode: Mode): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-images-${mode}-`))
  const port = await freePort()
  const log = path.join(dir, 'server.log')
  const out = createWriteStream(log)
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...MODES[mode],
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      // An empty folder: the API alone, without building or serving the web app.
      WEB_DIR: path.join(dir, 'no-web'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(out)
  child.stderr!.pipe(out)
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    if (child.exitCode !== null) break
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    )
    if (ok) {
      current = { child, pid: child.pid!, base, dir, log }
      return current
    }
    await sleep(250)
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start; its log:\n${readFileSync(log, 'utf8').slice(-4000)}`)
}

async function stopServer(server: Server) {
  current = undefined
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
  }
  rmSync(server.dir, { recursive: true, force: true })
}

interface Tally {
  uploads: number
  byStatus: Record<string, number>
  stored: number
  latencies: number[]
  /** What the failed requests failed with. */
  errors: Set<string>
}
const tally = (): Tally => ({ uploads: 0, byStatus: {}, stored: 0, latencies: [], errors: new Set() })

async function upload(base: string, token: string, files: Upload[], into: Tally): Promise<number> {
  const body = new FormData()
  for (const f of files) body.append('file', new Blob([f.content], { type: f.type }), f.name)
  const started = performance.now()
  let status: string
  let retryAfter = 0
  try {
    const res = await fetch(`${base}/api/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    })
    const answer = (await res.json().catch(() => null)) as { data?: unknown } | null
    status = String(res.status)
    if (res.ok && Array.isArray(answer?.data)) into.stored += answer.data.length
    retryAfter = Number(res.headers.get('retry-after') ?? 0)
  } catch (error) {
    status = 'error'
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    into.errors.add(String(cause?.code ?? cause?.message ?? error))
  }
  into.uploads++
  into.byStatus[status] = (into.byStatus[status] ?? 0) + 1
  into.latencies.push(performance.now() - started)
  return retryAfter
}

interface Row {
  mode: Mode
  seconds: number
  realistic: Tally
  hostile: Tally
  imagesPerSecond: number
  realisticP50Ms: number | null
  realisticP99Ms: number | null
  healthP50Ms: number | null
  healthP99Ms: number | null
  healthMaxMs: number | null
  rssStartMb: number
  peakRssMb: number
  cpuSeconds: number
  cpuPercent: number
}

async function measure(
  mode: Mode,
  images: Awaited<ReturnType<typeof makeImages>>,
  options: { duration: number; clients: number; hostile: number },
): Promise<Row> {
  const server = await startServer(mode)
  try {
    const login = await fetch(`${server.base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    if (!login.ok) throw new Error(`signing in failed: HTTP ${login.status}`)
    const token = ((await login.json()) as { data: { tokens: { access: { token: string } } } }).data.tokens
      .access.token
    // One ordinary upload first, so the code paths are loaded before the memory is taken as the baseline.
    await upload(server.base, token, images.realistic.slice(2), tally())
    const rssStart = statusKb(server.pid, 'VmRSS') ?? 0
    // Start-up (the embedded database, loading the code) leaves a peak higher than anything after it: reset the
    // process's high-water mark, so VmHWM at the end is the peak of the load alone. Sampling stays as a fallback
    // where /proc does not allow it.
    const hwmReset = resetPeak(server.pid)
    const cpuStart = cpuSeconds(server.pid)

    const realistic = tally()
    const hostile = tally()
    const health: number[] = []
    let sending = true
    let peakRss = rssStart
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, statusKb(server.pid, 'VmRSS') ?? 0)
    }, 100)
    const started = performance.now()
    const stopAt = started + options.duration * 1000

    // A shop's staff: each sends its photos, and waits as told when the server is busy.
    const staff = async () => {
      while (sending) {
        const retryAfter = await upload(server.base, token, images.realistic, realistic)
        if (retryAfter > 0) await sleep(Math.min(retryAfter * 1000, Math.max(0, stopAt - performance.now())))
      }
    }
    // An attacker: ten huge-canvas PNGs an upload, again and again, whatever the answer.
    const attacker = async () => {
      while (sending) await upload(server.base, token, images.hostile, hostile)
    }
    // How long an ordinary call waits meanwhile.
    const prober = async () => {
      while (sending) {
        const t = performance.now()
        await fetch(`${server.base}/api/health`).then(
          (r) => r.arrayBuffer(),
          () => null,
        )
        health.push(performance.now() - t)
        await sleep(200)
      }
    }
    const clients = [
      ...Array.from({ length: options.clients }, staff),
      ...Array.from({ length: options.hostile }, attacker),
      prober(),
    ]
    await sleep(options.duration * 1000)
    sending = false
    await Promise.race([Promise.all(clients), sleep(DRAIN_SECONDS * 1000)])
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    const cpu = cpuSeconds(server.pid) - cpuStart
    if (hwmReset) peakRss = Math.max(peakRss, statusKb(server.pid, 'VmHWM') ?? 0)
    return {
      mode,
      seconds,
      realistic,
      hostile,
      imagesPerSecond: (realistic.stored + hostile.stored) / seconds,
      realisticP50Ms: percentile(realistic.latencies, 50),
      realisticP99Ms: percentile(realistic.latencies, 99),
      healthP50Ms: percentile(health, 50),
      healthP99Ms: percentile(health, 99),
      healthMaxMs: health.length ? Math.max(...health) : null,
      rssStartMb: rssStart / 1024,
      peakRssMb: peakRss / 1024,
      cpuSeconds: cpu,
      cpuPercent: (cpu / seconds) * 100,
    }
  } finally {
    await stopServer(server)
  }
}

const fmt = (n: number | null, digits = 0) =>
  n === null
    ? '-'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const statuses = (t: Tally) =>
  Object.entries(t.byStatus)
    .sort()
    .map(([status, n]) => `${n}×${status}`)
    .join(' ')

function table(rows: Row[]): string {
  const header = [
    'mode',
    'decodes/s',
    'stored (real+hostile)',
    'realistic answers',
    'hostile answers',
    'upload p50/p99 ms',
    'health p50/max ms',
    'RSS start MB',
    'peak RSS MB',
    'CPU s (cores)',
  ]
  const body = rows.map((r) => [
    r.mode,
    fmt(r.imagesPerSecond, 1),
    `${r.realistic.stored}+${r.hostile.stored}`,
    statuses(r.realistic),
    statuses(r.hostile),
    `${fmt(r.realisticP50Ms)}/${fmt(r.realisticP99Ms)}`,
    `${fmt(r.healthP50Ms)}/${fmt(r.healthMaxMs)}`,
    fmt(r.rssStartMb),
    fmt(r.peakRssMb),
    `${fmt(r.cpuSeconds, 1)} (${fmt(r.cpuPercent / 100, 2)})`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
}

const whole = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`)
  return n
}

async function main() {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string' },
      duration: { type: 'string' },
      clients: { type: 'string' },
      hostile: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const mode = values.mode ?? 'both'
  if (mode !== 'both' && !(mode in MODES)) throw new Error('--mode must be both, defaults or unbounded')
  const modes: Mode[] = mode === 'both' ? ['defaults', 'unbounded'] : [mode as Mode]
  const options = {
    duration: Math.max(1, whole(values.duration, 20, 'duration')),
    clients: whole(values.clients, 4, 'clients'),
    hostile: whole(values.hostile, 4, 'hostile'),
  }

  console.error('Drawing the images')
  const images = await makeImages()
  const kb = (u: Upload[]) => u.map((f) => `${f.name} ${fmt(f.content.length / 1024)} KB`).join(', ')
  console.error(`Realistic upload: ${kb(images.realistic)}`)
  console.error(`Hostile upload: 10 × a 6300×6300 PNG of ${fmt(images.hostile[0]!.content.length / 1024)} KB`)

  const rows: Row[] = []
  for (const m of modes) {
    console.error(`${m}: ${options.clients} staff and ${options.hostile} attackers for ${options.duration} s`)
    const row = await measure(m, images, options)
    rows.push(row)
    const errors = new Set([...row.realistic.errors, ...row.hostile.errors])
    if (errors.size > 0) console.error(`${m}: requests failed with ${[...errors].join(', ')}`)
    console.error(
      `${m}: ${fmt(row.imagesPerSecond, 1)} images/s, peak RSS ${fmt(row.peakRssMb)} MB, CPU ${fmt(row.cpuPercent)}%`,
    )
  }

  console.log(`\n${table(rows)}\n`)
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    options,
    images: {
      realistic: images.realistic.map((f) => ({ name: f.name, bytes: f.content.length })),
      hostile: images.hostile.map((f) => ({ name: f.name, bytes: f.content.length })),
    },
    rows: rows.map(({ realistic, hostile, ...row }) => ({
      ...row,
      realistic: { ...realistic, latencies: undefined, errors: [...realistic.errors] },
      hostile: { ...hostile, latencies: undefined, errors: [...hostile.errors] },
    })),
  }
  const dir = path.join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `images-${report.at.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  console.error(`Written ${path.relative(root, file)}`)
}

const watchdog = setTimeout(() => {
  console.error(`The benchmark ran past ${WATCHDOG_MINUTES} minutes; stopping`)
  current?.child.kill('SIGKILL')
  process.exit(1)
}, WATCHDOG_MINUTES * 60_000)
watchdog.unref()

main().catch((error) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
