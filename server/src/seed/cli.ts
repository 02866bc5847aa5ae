import path from 'node:path'
import { parseArgs } from 'node:util'
import type { FastifyBaseLogger } from 'fastify'
import { ensureAdmin } from '../bootstrap.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { migrate, openDatabase } from '../db/client.ts'
import { lockDataDir } from '../db/lock.ts'
import { openFileStore } from '../modules/files/stores.ts'
import { type BulkOptions, generateStore } from './bulk.ts'
import { progressBar } from './progress.ts'

// `npm run seed -- --products 1000000 --orders 2000000 …`: appends a generated store to the database the
// server uses (DATABASE_URL, or PGlite in DATA_DIR; stop the server first when it is PGlite: the folder's lock
// refuses to seed under a running server).

const HELP = `Appends a generated store (set-based SQL, triggers off while loading).

  npm run seed -- [--products N] [--orders N] [--customers N] [--reviews N]
                  [--categories N] [--brands N] [--lines-per-order N] [--database-url URL]

  --products N         products to add (default 100000)
  --orders N           orders to add, each with 1 to --lines-per-order lines (default 200000)
  --customers N        customers to add (default 20000)
  --reviews N          reviews to add (default 100000)
  --categories N       categories to add (default 20)
  --brands N           brands to add (default 40)
  --lines-per-order N  most lines an order gets (default 3)
  --database-url URL   a PostgreSQL server; default DATABASE_URL, else PGlite in DATA_DIR
  --help               this text
`

const DEFAULTS: BulkOptions = {
  products: 100_000,
  orders: 200_000,
  customers: 20_000,
  reviews: 100_000,
  categories: 20,
  brands: 40,
  linesPerOrder: 3,
}

const count = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  const n = Number(value.replace(/[_,]/g, ''))
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number, 0 or more`)
  return n
}

class UsageError extends Error {}

/** The logger `ensureAdmin` writes to: plain lines on stderr. */
const consoleLog = {
  info: (msg: string) => console.error(msg),
  warn: (msg: string) => console.error(msg),
  error: (msg: string) => console.error(msg),
  debug: () => {},
  trace: () => {},
  fatal: (msg: string) => console.error(msg),
} as unknown as FastifyBaseLogger

/** Where the store lives, for the first line: never the password inside a URL. */
const describe = (url: string | undefined, dataDir: string) => {
  if (!url) return `PGlite in ${dataDir}`
  const u = new URL(url)
  return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      customers: { type: 'string' },
      reviews: { type: 'string' },
      categories: { type: 'string' },
      brands: { type: 'string' },
      'lines-per-order': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const options: BulkOptions = {
    products: count('products', values.products, DEFAULTS.products),
    orders: count('orders', values.orders, DEFAULTS.orders),
    customers: count('customers', values.customers, DEFAULTS.customers),
    reviews: count('reviews', values.reviews, DEFAULTS.reviews),
    categories: count('categories', values.categories, DEFAULTS.categories),
    brands: count('brands', values.brands, DEFAULTS.brands),
    linesPerOrder: count('lines-per-order', values['lines-per-order'], DEFAULTS.linesPerOrder),
  }
  if (options.linesPerOrder < 1) throw new UsageError('--lines-per-order must be 1 or more')

  const config: Config = loadConfig({
    ...process.env,
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  })
  const dataDir = path.resolve(config.DATA_DIR, 'db')
  console.error(`Seeding ${describe(config.DATABASE_URL, dataDir)}`)
  const started = performance.now()
  // A server writes two chunks at once, which keeps two cores busy; PGlite has a single connection.
  const parallel = config.DATABASE_URL ? 2 : 1
  // The embedded database is one process's at a time: a running server must be stopped first, and is named
  // when it is not (DataDirInUseError).
  const lock = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR)
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, poolSize: parallel + 1 })
  try {
    await migrate(database)
    await ensureAdmin(database.db, config, consoleLog)
    const report = await generateStore(
      {
        db: database.db,
        files: await openFileStore(config.STORAGE_URL, path.resolve(config.DATA_DIR, 'uploads')),
        now: new Date(),
        progress: progressBar(),
        parallel,
      },
      options,
    )
    const n = new Intl.NumberFormat('en-US')
    const i = report.inserted
    console.error(
      `Added ${n.format(i.categories)} categories, ${n.format(i.brands)} brands, ${n.format(i.products)} products, ` +
        `${n.format(i.customers)} customers, ${n.format(i.orders)} orders (${n.format(i.lines)} lines), ` +
        `${n.format(i.reviews)} reviews in ${((performance.now() - started) / 1000).toFixed(1)} s total`,
    )
  } finally {
    await database.close()
    lock?.release()
  }
}

main().catch((error) => {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    console.error(`${error.message}\n\n${HELP}`)
  } else if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('Seeding failed:', error instanceof Error ? error.message : error)
  }
  process.exit(1)
})
