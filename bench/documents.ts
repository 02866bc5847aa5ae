import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { rows } from '../server/src/db/client.ts'
import { benchCommand, fmt, markdownTable, type RunningApi, STORE_HELP, whole } from './harness.ts'

// `npm run bench:documents`: the printed documents of CONTRACT 4.7 on the bench store, one request at a time as
// a person prints them: invoices of orders still awaiting payment (with their VietQR code) and of paid orders,
// each of a different order, and packing slips of 50 orders at once. Prints the latencies against the targets
// of the issue (an invoice under 150 ms at the 99th percentile, 50 packing slips under 2 s) and the store's
// size. See bench/README.md.

const HELP = `npm run bench:documents -- [--invoices N] [--slips N] [store options]

  --invoices N        invoices measured of each kind, each of a different order (default 200)
  --slips N           packing-slip requests of 50 orders each (default 20)
${STORE_HELP}`

const TARGETS = { invoice: 150, slips: 2_000 }
const SLIPS_PER_REQUEST = 50
/** Unmeasured requests first: the server's code, the fonts and the database's pages warm up. */
const WARMUP = 20

/** The shop's details an invoice prints; set on the bench store only when it has no bank account yet. */
const BENCH_SHOP = {
  shopName: 'Cửa hàng Thời trang Bench',
  address: '1 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  phone: '0281234567',
  bankBin: '970436',
  bankAccount: '0071000123456',
  bankAccountName: 'CUA HANG BENCH',
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

interface Outcome {
  scenario: string
  runs: number
  failed: number
  p50: number
  p95: number
  p99: number
  max: number
  kilobytes: number
  /** CPU time this process spent a request (the API runs here): what a document costs, whatever else runs. */
  cpuMs: number
  target: number
}

/** Fetches each path once, one after the other, timing each to the last byte of its PDF. */
async function timed(api: RunningApi, scenario: string, paths: string[], target: number): Promise<Outcome> {
  const times: number[] = []
  let failed = 0
  let bytes = 0
  const cpu = process.cpuUsage()
  for (const path of paths) {
    const started = performance.now()
    const res = await fetch(`${api.base}${path}`, { headers: api.headers })
    const body = new Uint8Array(await res.arrayBuffer())
    times.push(performance.now() - started)
    if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf') {
      failed++
      if (failed === 1)
        console.error(`${scenario}: HTTP ${res.status} ${new TextDecoder().decode(body.slice(0, 200))}`)
    }
    bytes += body.length
  }
  const used = process.cpuUsage(cpu)
  times.sort((a, b) => a - b)
  const outcome = {
    scenario,
    runs: times.length,
    failed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1]!,
    kilobytes: bytes / paths.length / 1024,
    cpuMs: (used.user + used.system) / 1000 / paths.length,
    target,
  }
  console.error(`${scenario}: ${outcome.runs} runs, p99 ${fmt(outcome.p99, 1)} ms`)
  return outcome
}

/** `count` order ids drawn at random among those whose payment status is one of `statuses`. */
async function orderIds(api: RunningApi, statuses: string[], count: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    api.database.db,
    sql`select id::text as id from orders
         where payment_status in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})
         order by random() limit ${count}`,
  )
  if (found.length < count)
    throw new Error(
      `The store has ${found.length} orders with payment status ${statuses.join('/')}; ${count} needed`,
    )
  return found.map((r) => r.id)
}

benchCommand({
  kind: 'documents',
  help: HELP,
  defaults: { duration: 0, warmup: 0 },
  extra: { invoices: { type: 'string' }, slips: { type: 'string' } },
  measure: async (api, _settings, values) => {
    const invoices = Math.max(1, whole(values.invoices as string | undefined, 200, 'invoices'))
    const slips = Math.max(1, whole(values.slips as string | undefined, 20, 'slips'))
    await api.database.db.execute(sql`
      update shop_settings set shop_name = ${BENCH_SHOP.shopName}, address = ${BENCH_SHOP.address},
             phone = ${BENCH_SHOP.phone}, bank_bin = ${BENCH_SHOP.bankBin}, bank_account = ${BENCH_SHOP.bankAccount},
             bank_account_name = ${BENCH_SHOP.bankAccountName}, version = version + 1
       where id = 1 and bank_account = ''`)

    const invoice = (id: string) => `/api/admin/orders/${id}/invoice.pdf`
    const awaiting = await orderIds(api, ['unpaid', 'pending', 'failed'], invoices + WARMUP)
    const paid = await orderIds(api, ['paid', 'refunded'], invoices)
    const batches = await orderIds(
      api,
      ['unpaid', 'pending', 'failed', 'paid', 'refunded'],
      SLIPS_PER_REQUEST * (slips + 2),
    )
    const slipPath = (i: number) =>
      `/api/admin/orders/packing-slips.pdf?ids=${batches.slice(i * SLIPS_PER_REQUEST, (i + 1) * SLIPS_PER_REQUEST).join(',')}`

    // What else the machine was doing: the figures are a request at a time, so a busy machine shows in them.
    const load = loadavg()[0]!
    await timed(
      api,
      'warm-up',
      [...awaiting.slice(invoices).map(invoice), slipPath(slips), slipPath(slips + 1)],
      0,
    )
    const results = [
      await timed(
        api,
        'invoice, awaiting payment (VietQR)',
        awaiting.slice(0, invoices).map(invoice),
        TARGETS.invoice,
      ),
      await timed(api, 'invoice, paid (no QR code)', paid.map(invoice), TARGETS.invoice),
      await timed(
        api,
        `packing slips, ${SLIPS_PER_REQUEST} orders`,
        Array.from({ length: slips }, (_, i) => slipPath(i)),
        TARGETS.slips,
      ),
    ]
    const store = await storeOf(api)
    console.log(
      `\nStore: ${fmt(store.orders)} orders, ${fmt(store.lines)} order lines, ${fmt(store.products)} products; ` +
        `one request at a time; load average ${fmt(load, 1)} before the run\n`,
    )
    console.log(
      `${markdownTable(
        [
          'scenario',
          'runs',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'max ms',
          'target p99',
          'CPU ms each',
          'kB each',
          'failed',
          '',
        ],
        results.map((r) => [
          r.scenario,
          fmt(r.runs),
          fmt(r.p50, 1),
          fmt(r.p95, 1),
          fmt(r.p99, 1),
          fmt(r.max, 1),
          `< ${fmt(r.target)} ms`,
          fmt(r.cpuMs, 1),
          fmt(r.kilobytes, 1),
          fmt(r.failed),
          r.failed === 0 && r.p99 < r.target ? 'ok' : 'OVER',
        ]),
      )}\n`,
    )
    return { orderLines: store.lines, loadAverage: load, results }
  },
})

async function storeOf(api: RunningApi) {
  const [size] = await rows<{ orders: number; lines: number; products: number }>(
    api.database.db,
    sql`select (select count(*) from orders)::float8 as orders,
               (select count(*) from order_lines)::float8 as lines,
               (select count(*) from products where deleted_at is null)::float8 as products`,
  )
  return size!
}
