import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, type Db, migrate, openDatabase } from '../server/src/db/client.ts'
import { brands, sessions, users } from '../server/src/db/schema.ts'
import { AuditNote, writeAuditEntry } from '../server/src/lib/audit.ts'
import { lockForChange } from '../server/src/lib/row-lock.ts'
import { findSignedIn } from '../server/src/modules/auth/repository.ts'
import { getBrand, updateBrand } from '../server/src/modules/brands/repository.ts'
import type { Services } from '../server/src/types.ts'

// `npm run bench:auth`: what two safeguards of staff accounts cost, measured where they run, in the database.
//  (a) The revocation check every signed-in request makes: `findSignedIn` reads the account together with the
//      session its access token names, so an ended session stops at once. Compared with the plain account
//      lookup by id the request would make without it: the difference is the check's own cost.
//  (b) The audit entry every write call adds: a brand edit as its handler runs it (lock, read the record before,
//      update) in one transaction, with and without `writeAuditEntry` in that transaction.
// Each pair runs interleaved (one of each, over and over), so both see the same caches and the same machine.
// On PGlite in a temporary folder always, and on PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (in a
// scratch database created beside the one named, and dropped after).

const HELP = `npm run bench:auth -- [--iterations N] [--warmup N] [--accounts N]

  --iterations N   measured runs of each variant (default 5000)
  --warmup N       unmeasured runs of each first (default 500)
  --accounts N     members of staff in the store, each with 3 sessions, one of them ended (default 1000)

  BENCH_DATABASE_URL or DATABASE_URL   also measure on that PostgreSQL server
`

interface Stats {
  p50: number
  p99: number
  mean: number
}

interface Measured {
  database: string
  what: string
  without: Stats
  with: Stats
}

const whole = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback
  const n = Number(value.replace(/[_,]/g, ''))
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number, 1 or more`)
  return n
}

function stats(durations: number[]): Stats {
  const sorted = [...durations].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((sum, d) => sum + d, 0) / sorted.length }
}

/** Runs `a` and `b` one after the other, `warmup + iterations` times; answers the measured milliseconds of each. */
async function interleaved(
  iterations: number,
  warmup: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
) {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < warmup + iterations; i++) {
    // Which goes first alternates too, so neither always runs on the other's warm caches.
    const order: [0 | 1, 0 | 1] = i % 2 === 0 ? [0, 1] : [1, 0]
    for (const which of order) {
      const started = performance.now()
      await (which === 0 ? a(i) : b(i))
      const took = performance.now() - started
      if (i >= warmup) times[which].push(took)
    }
  }
  return { a: stats(times[0]), b: stats(times[1]) }
}

/** A store of `accounts` members of staff with their sessions, and one brand for the write calls to edit. */
async function fill(db: Db, accounts: number, now: Date) {
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: accounts }, (_, i) => ({
        name: `Nhân viên ${i}`,
        email: `staff${i}@bench.example`,
        role: i % 10 === 0 ? ('admin' as const) : ('staff' as const),
      })),
    )
    .returning({ id: users.id })
  const signedIn: { userId: number; sessionId: string }[] = []
  const rows = made.flatMap((u, i) =>
    [0, 1, 2].map((n) => {
      const id = `bench-${i}-${n}`
      if (n === 0) signedIn.push({ userId: u.id, sessionId: id })
      return {
        id,
        userId: u.id,
        ip: '10.0.0.1',
        userAgent: 'Mozilla/5.0 (bench)',
        createdAt: now,
        lastUsedAt: now,
        endedAt: n === 2 ? now : null,
      }
    }),
  )
  for (let i = 0; i < rows.length; i += 1000) await db.insert(sessions).values(rows.slice(i, i + 1000))
  const [brand] = await db
    .insert(brands)
    .values({ name: 'Bench', slug: 'bench', logo: '/2026/01/bench.webp' })
    .returning({ id: brands.id })
  await db.execute(sql`analyze`)
  return {
    signedIn,
    brandId: brand!.id,
    actor: { id: made[0]!.id, name: 'Nhân viên 0', email: 'staff0@bench.example' },
  }
}

async function measure(
  label: string,
  database: Database,
  options: { iterations: number; warmup: number; accounts: number },
): Promise<Measured[]> {
  // The sessions were used "just now" by this clock, so the check never writes `last_used_at`: it is measured
  // as the read every request makes (the write happens at most once a minute a session).
  const now = new Date()
  const services = { now: () => now } as Services
  const { db } = database
  await migrate(database)
  const store = await fill(db, options.accounts, now)
  const pick = (i: number) => store.signedIn[(i * 7919) % store.signedIn.length]!
  console.error(`${label}: the revocation check…`)
  const check = await interleaved(
    options.iterations,
    options.warmup,
    async (i) => {
      const { userId } = pick(i)
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          active: users.active,
        })
        .from(users)
        .where(eq(users.id, userId))
      if (!row) throw new Error('no account')
    },
    async (i) => {
      const { userId, sessionId } = pick(i)
      const found = await findSignedIn(db, services, userId, sessionId)
      if (!found || found === 'ended') throw new Error('the session should be live')
    },
  )

  console.error(`${label}: the audit write…`)
  // A brand edit as its handler runs it; the name alternates so every call changes something.
  const edit = async (tx: Db, i: number) => {
    await lockForChange(tx, brands, brands.id, store.brandId)
    const before = await getBrand(tx, store.brandId)
    const after = await updateBrand(tx, store.brandId, { name: `Bench ${i % 2}` }, now)
    return new AuditNote().diff(before, after)
  }
  const write = await interleaved(
    options.iterations,
    options.warmup,
    (i) => db.transaction((tx) => edit(tx, i)),
    (i) =>
      db.transaction(async (tx) => {
        const note = await edit(tx, i)
        await writeAuditEntry(tx, {
          action: 'update',
          entity: 'brand',
          entityId: String(store.brandId),
          actor: store.actor,
          changes: note.changes,
          ip: '10.0.0.1',
          userAgent: 'Mozilla/5.0 (bench)',
          at: now,
        })
      }),
  )
  return [
    {
      database: label,
      what: 'account lookup: without / with the session check',
      without: check.a,
      with: check.b,
    },
    {
      database: label,
      what: 'brand edit transaction: without / with its audit entry',
      without: write.a,
      with: write.b,
    },
  ]
}

/** A scratch database beside the one `url` names, dropped by the function returned. */
async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `store_auth_bench_${process.pid}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  return { url: target.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

const ms = (n: number) => n.toFixed(3)

function table(results: Measured[]): string {
  const header = ['database', 'measured', 'p50 ms', 'p99 ms', 'mean ms', 'added p50', 'added mean']
  const body = results.map((r) => [
    r.database,
    r.what,
    `${ms(r.without.p50)} / ${ms(r.with.p50)}`,
    `${ms(r.without.p99)} / ${ms(r.with.p99)}`,
    `${ms(r.without.mean)} / ${ms(r.with.mean)}`,
    ms(r.with.p50 - r.without.p50),
    ms(r.with.mean - r.without.mean),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      accounts: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const options = {
    iterations: whole(values.iterations, 5000, 'iterations'),
    warmup: whole(values.warmup, 500, 'warmup'),
    accounts: whole(values.accounts, 1000, 'accounts'),
  }
  const results: Measured[] = []

  const folder = mkdtempSync(path.join(tmpdir(), 'store-auth-bench-'))
  const embedded = await openDatabase({ dataDir: folder })
  try {
    results.push(...(await measure('PGlite', embedded, options)))
  } finally {
    await embedded.close()
    rmSync(folder, { recursive: true, force: true })
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl)
    try {
      const server = await openDatabase({ url: scratch.url, poolSize: 2 })
      try {
        results.push(...(await measure('PostgreSQL', server, options)))
      } finally {
        await server.close()
      }
    } finally {
      await scratch.drop()
    }
  }

  console.log(
    `\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
      `${options.iterations.toLocaleString('en-US')} runs of each, ${options.accounts.toLocaleString('en-US')} accounts\n`,
  )
  console.log(table(results))
  if (!serverUrl)
    console.log('\nSet BENCH_DATABASE_URL (or DATABASE_URL) to measure on a PostgreSQL server too.')
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
