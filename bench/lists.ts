import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { PRODUCT_IMPORT_COLUMNS } from '@store/contract'
import { sql } from 'drizzle-orm'
import { rows } from '../server/src/db/client.ts'
import {
  benchCommand,
  fmt,
  latency,
  markdownTable,
  measure,
  type Row,
  type RunningApi,
  type Scenario,
  STORE_HELP,
  totalCell,
} from './harness.ts'

// `npm run bench:lists`: the lists' sorts, filters, exports and product import (CONTRACT 4.1) on the large store
// of `npm run bench`. Each sort field in both directions on page 1 and page 500, each filter alone, and the
// orders' status + 30 days + customer name together, with autocannon; then the product and order exports in
// full (rows a second, and this process's memory while they stream: the API runs here) and an import of
// 10,000 products. See bench/README.md.

const HELP = `npm run bench:lists -- [--only PARTS] [--duration S] [--warmup S] [store options]

  --only PARTS        comma-separated: sorts, filters, exports, import (default all four)
  --duration S        seconds each list scenario is measured (default 3)
  --warmup S          seconds of unmeasured load before each (default 1)
${STORE_HELP}`

/** A latency this high at the 99th percentile misses the lists' target. */
const TARGET_P99_MS = 50
const IMPORT_ROWS = 10_000
/** A product this benchmark imports; removed again afterwards, so the store stays as generated. */
const IMPORT_PREFIX = 'Bench import'
const PARTS = ['sorts', 'filters', 'exports', 'import'] as const
type Part = (typeof PARTS)[number]

const SORTS: Record<string, { path: string; fields: readonly string[] }> = {
  products: {
    path: '/api/admin/products?',
    fields: ['name', 'price', 'quantity', 'sold', 'rating', 'createdAt', 'updatedAt'],
  },
  orders: {
    path: '/api/admin/orders?',
    fields: ['createdAt', 'updatedAt', 'totalPrice', 'quantity', 'status'],
  },
  users: { path: '/api/admin/users?role=user&', fields: ['name', 'email', 'createdAt'] },
  reviews: { path: '/api/admin/product-reviews?', fields: ['createdAt', 'rating'] },
}

function sortScenarios(): Scenario[] {
  const out: Scenario[] = []
  for (const [list, { path, fields }] of Object.entries(SORTS))
    for (const field of fields)
      for (const direction of ['asc', 'desc'])
        for (const page of [1, 500])
          out.push({
            name: `${list} by ${field} ${direction}, page ${page}`,
            path: `${path}sortBy=${field}:${direction}&page=${page}`,
          })
  return out
}

/** The values the filters pick, read from the store so they exist whatever it was generated with. */
async function filterScenarios(api: RunningApi): Promise<Scenario[]> {
  const [v] = await rows<{
    category: string
    brand: string
    customer: string
    product: string
    from: string
    to: string
    method: string
    joinedFrom: string
    joinedTo: string
  }>(
    api.database.db,
    sql`select (select id::text from categories order by id limit 1) as category,
               (select id::text from brands order by id limit 1) as brand,
               (select user_id::text from orders order by id limit 1) as customer,
               (select product_id::text from reviews order by id limit 1) as product,
               (select method_payment::text from orders order by id limit 1) as method,
               to_char((now() at time zone ${api.timeZone})::date - 29, 'YYYY-MM-DD') as from,
               to_char((now() at time zone ${api.timeZone})::date, 'YYYY-MM-DD') as to,
               to_char(j.first + 10, 'YYYY-MM-DD') as "joinedFrom",
               to_char(j.first + 19, 'YYYY-MM-DD') as "joinedTo"
          from (select (min(created_at) at time zone ${api.timeZone})::date as first
                  from users where role = 'user') j`,
  )
  if (!v) throw new Error('The store is empty')
  const days = `from=${v.from}&to=${v.to}`
  return [
    { name: `products, category ${v.category}`, path: `/api/admin/products?category=${v.category}` },
    { name: `products, brand ${v.brand}`, path: `/api/admin/products?brand=${v.brand}` },
    {
      name: 'products, price 200,000 to 300,000',
      path: '/api/admin/products?minPrice=200000&maxPrice=300000',
    },
    { name: 'products, stock out', path: '/api/admin/products?stock=out' },
    { name: 'products, stock low', path: '/api/admin/products?stock=low' },
    { name: 'products, stock in', path: '/api/admin/products?stock=in' },
    { name: 'products, size XL', path: '/api/admin/products?size=XL' },
    { name: 'orders, status 1', path: '/api/admin/orders?status=1' },
    { name: `orders, methodPayment ${v.method}`, path: `/api/admin/orders?methodPayment=${v.method}` },
    { name: 'orders, last 30 days', path: `/api/admin/orders?${days}` },
    {
      name: 'orders, total 1,000,000 to 2,000,000',
      path: '/api/admin/orders?minTotal=1000000&maxTotal=2000000',
    },
    { name: `orders, userId ${v.customer}`, path: `/api/admin/orders?userId=${v.customer}` },
    {
      name: "orders, status 1 + 30 days + 'nguyen van'",
      path: `/api/admin/orders?status=1&${days}&name=${encodeURIComponent('nguyen van')}`,
    },
    { name: 'users, gender 2', path: '/api/admin/users?role=user&gender=2' },
    {
      // The generator spreads customers' joins over a month a year back: ten days of it.
      name: 'users, joined in 10 days',
      path: `/api/admin/users?role=user&from=${v.joinedFrom}&to=${v.joinedTo}`,
    },
    { name: 'reviews, rating 5', path: '/api/admin/product-reviews?rating=5' },
    { name: `reviews, productId ${v.product}`, path: `/api/admin/product-reviews?productId=${v.product}` },
  ]
}

const listTable = (rowsOut: Row[], duration: number) =>
  markdownTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'first ms', 'non-2xx', 'totalResults', ''],
    rowsOut.map((r) => [
      r.scenario,
      fmt(r.requestsPerSecond, 1),
      latency(r.p50Ms, duration),
      latency(r.p99Ms, duration),
      fmt(r.probeMs, 1),
      fmt(r.non2xx),
      totalCell(r),
      r.p99Ms === null || r.p99Ms >= TARGET_P99_MS || r.non2xx > 0 || r.status !== 200 ? 'SLOW' : '',
    ]),
  )

interface ExportRow {
  export: string
  path: string
  status: number
  /** The list's `totalResults` for the same query: what the file should hold. */
  expected: number | null
  rows: number
  bytes: number
  firstByteMs: number
  seconds: number
  rowsPerSecond: number
  rssBaselineMb: number
  rssPeakMb: number
  /** MB after each tenth of the rows. */
  rssTimelineMb: number[]
}

const mb = (bytes: number) => bytes / 1024 / 1024

/**
 * Downloads an export in full, counting its rows in a reader process of its own (`export-reader.ts`), while
 * sampling this process's resident memory every 20 ms: the API runs in this process, so its peak is the
 * server's.
 */
async function measureExport(api: RunningApi, name: string, list: string): Promise<ExportRow> {
  const probe = await fetch(`${api.base}${list}?limit=1`, { headers: api.headers })
  const expected =
    ((await probe.json().catch(() => null)) as { meta?: { totalResults?: number } } | null)?.meta
      ?.totalResults ?? null
  const path = `${list}/export`
  ;(globalThis as { gc?: () => void }).gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const started = performance.now()
  let firstByteMs = 0
  let bytes = 0
  let records = 0
  let status = 0
  /** Resident memory each time another tenth of the expected rows has arrived: flat means it does not climb. */
  const timeline: number[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      const reader = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./export-reader.ts', import.meta.url)),
          `${api.base}${path}`,
          JSON.stringify(api.headers),
          String((expected ?? 0) + 1),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      createInterface({ input: reader.stdout }).on('line', (line) => {
        const message = JSON.parse(line) as { first?: true; tenth?: true; end?: true } & Record<
          string,
          number
        >
        if (message.first) firstByteMs = performance.now() - started
        if (message.tenth) timeline.push(Math.round(mb(process.memoryUsage().rss)))
        if (message.end) {
          status = message.status ?? 0
          records = message.records ?? 0
          bytes = message.bytes ?? 0
        }
      })
      reader.on('error', reject)
      reader.on('close', () => (status === 200 ? resolve() : reject(new Error(`${name}: HTTP ${status}`))))
    })
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, process.memoryUsage().rss)
  const seconds = (performance.now() - started) / 1000
  // The header is a record too.
  records = Math.max(0, records - 1)
  const row: ExportRow = {
    export: name,
    path,
    status,
    expected,
    rows: records,
    bytes,
    firstByteMs,
    seconds,
    rowsPerSecond: records / seconds,
    rssBaselineMb: mb(baseline),
    rssPeakMb: mb(peak),
    rssTimelineMb: timeline,
  }
  console.error(
    `${name}: ${fmt(records)} rows in ${seconds.toFixed(1)} s, ${fmt(row.rowsPerSecond)} rows/s, RSS ${fmt(row.rssBaselineMb)} → ${fmt(row.rssPeakMb)} MB (by tenths: ${timeline.join(', ')})`,
  )
  return row
}

const exportTable = (rowsOut: ExportRow[]) =>
  markdownTable(
    ['export', 'rows', 'list total', 'MB', 'first byte ms', 's', 'rows/s', 'RSS baseline → peak MB'],
    rowsOut.map((r) => [
      r.export,
      fmt(r.rows),
      r.expected === null ? '-' : fmt(r.expected),
      fmt(mb(r.bytes), 1),
      fmt(r.firstByteMs),
      fmt(r.seconds, 1),
      fmt(r.rowsPerSecond),
      `${fmt(r.rssBaselineMb)} → ${fmt(r.rssPeakMb)}`,
    ]),
  )

interface ImportRow {
  step: string
  status: number
  seconds: number
  created: number
  updated: number
  errors: number
}

/** A CSV of `count` new products (empty id) in existing categories and brands, with a stored picture. */
async function importFile(api: RunningApi, count: number, tag: string): Promise<string> {
  const [names] = await rows<{ categories: string[]; brands: string[]; image: string }>(
    api.database.db,
    sql`select (select array_agg(name order by id) from categories) as categories,
               (select array_agg(name order by id) from brands) as brands,
               (select images[1] from products where cardinality(images) > 0 order by id limit 1) as image`,
  )
  if (!names?.categories?.length || !names.brands?.length)
    throw new Error('The store has no categories or brands')
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)
  const lines = [PRODUCT_IMPORT_COLUMNS.join(',')]
  for (let i = 1; i <= count; i++) {
    const cells: Record<(typeof PRODUCT_IMPORT_COLUMNS)[number], string> = {
      id: '',
      name: `${IMPORT_PREFIX} ${tag} ${i}`,
      price: String(50_000 + ((i * 7919) % 200) * 5_000),
      quantity: String(i % 50),
      category: names.categories[i % names.categories.length]!,
      brand: names.brands[i % names.brands.length]!,
      size: i % 3 === 0 ? '' : 'S|M|L',
      images: names.image,
      description: `Hàng nhập từ tệp của nhà cung cấp, dòng ${i}, chất liệu cotton, giặt máy được`,
    }
    lines.push(PRODUCT_IMPORT_COLUMNS.map((c) => quote(cells[c])).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

async function postImport(api: RunningApi, csv: string, dryRun: boolean): Promise<ImportRow> {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv')
  const started = performance.now()
  const answer = await fetch(`${api.base}/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: api.headers,
    body: form,
  })
  const body = (await answer.json().catch(() => null)) as {
    data?: { created?: number; updated?: number; errors?: unknown[] }
    message?: string
  } | null
  const seconds = (performance.now() - started) / 1000
  const row: ImportRow = {
    step: dryRun ? 'dry run' : 'import',
    status: answer.status,
    seconds,
    created: body?.data?.created ?? 0,
    updated: body?.data?.updated ?? 0,
    errors: body?.data?.errors?.length ?? 0,
  }
  console.error(
    `import of ${fmt(IMPORT_ROWS)} products, ${row.step}: HTTP ${row.status} in ${seconds.toFixed(1)} s` +
      (answer.ok ? '' : `: ${body?.message ?? ''} ${JSON.stringify(body?.data?.errors?.slice(0, 3) ?? [])}`),
  )
  return row
}

async function measureImport(api: RunningApi): Promise<ImportRow[]> {
  const tag = Date.now().toString(36)
  const csv = await importFile(api, IMPORT_ROWS, tag)
  console.error(`import file: ${fmt(IMPORT_ROWS)} rows, ${fmt(mb(Buffer.byteLength(csv)), 1)} MB`)
  try {
    return [await postImport(api, csv, true), await postImport(api, csv, false)]
  } finally {
    // The store stays as generated: the next run imports into the same million.
    await api.database.db.execute(
      sql`delete from products where name like ${`${IMPORT_PREFIX} %`} and created_at > now() - interval '1 day'`,
    )
  }
}

const importTable = (rowsOut: ImportRow[]) =>
  markdownTable(
    ['import of 10,000 products', 'HTTP', 's', 'created', 'updated', 'errors'],
    rowsOut.map((r) => [
      r.step,
      String(r.status),
      fmt(r.seconds, 1),
      fmt(r.created),
      fmt(r.updated),
      fmt(r.errors),
    ]),
  )

benchCommand({
  kind: 'lists',
  help: HELP,
  defaults: { duration: 3, warmup: 1 },
  extra: { only: { type: 'string' } },
  measure: async (api, settings, values) => {
    const only = typeof values.only === 'string' ? values.only : PARTS.join(',')
    const parts = new Set<Part>(
      only.split(',').map((p) => {
        if (!(PARTS as readonly string[]).includes(p)) throw new Error(`--only takes ${PARTS.join(', ')}`)
        return p as Part
      }),
    )
    // Every remembered count is dropped, so each scenario's probe ("first ms") pays for its first count.
    await api.database.db.execute(sql`delete from search_counts`)
    const scenarios = [
      ...(parts.has('sorts') ? sortScenarios() : []),
      ...(parts.has('filters') ? await filterScenarios(api) : []),
    ]
    const results: Row[] = []
    for (const scenario of scenarios) results.push(await measure(api, scenario, settings))
    const exports = parts.has('exports')
      ? [
          await measureExport(api, 'products', '/api/admin/products'),
          await measureExport(api, 'orders', '/api/admin/orders'),
        ]
      : []
    const imports = parts.has('import') ? await measureImport(api) : []

    if (results.length > 0) {
      console.log(`\n${listTable(results, settings.duration)}\n`)
      const slow = results.filter((r) => r.p99Ms === null || r.p99Ms >= TARGET_P99_MS)
      console.log(
        slow.length === 0
          ? `Every scenario under ${TARGET_P99_MS} ms at the 99th percentile.\n`
          : `${slow.length} of ${results.length} scenarios at ${TARGET_P99_MS} ms or more at the 99th percentile: ${slow.map((r) => r.scenario).join('; ')}\n`,
      )
    }
    if (exports.length > 0) console.log(`${exportTable(exports)}\n`)
    if (imports.length > 0) console.log(`${importTable(imports)}\n`)
    return { results, exports, imports }
  },
})
