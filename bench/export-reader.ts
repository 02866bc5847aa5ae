import { get } from 'node:http'

// Downloads one export and counts its records, in a process of its own: the API runs in the bench's process, and
// a reader on the same thread would take a share of the CPU the export is measured by. Prints a JSON line at the
// first byte, at each tenth of `expected` records, and at the end.
// Usage: node --import tsx bench/export-reader.ts <url> <headers as JSON> <expected records>

/**
 * Counts the records of a CSV stream, chunk by chunk: line feeds outside quoted cells. A doubled quote inside a
 * quoted cell leaves and re-enters it, which changes nothing.
 */
function recordCounter() {
  let inQuote = false
  let records = 0
  return {
    add(chunk: Uint8Array) {
      let i = 0
      let quote = chunk.indexOf(0x22, i)
      for (;;) {
        if (inQuote) {
          if (quote < 0) return
          inQuote = false
          i = quote + 1
          quote = chunk.indexOf(0x22, i)
          continue
        }
        const lf = chunk.indexOf(0x0a, i)
        if (lf >= 0 && (quote < 0 || lf < quote)) {
          records++
          i = lf + 1
          continue
        }
        if (quote < 0) return
        inQuote = true
        i = quote + 1
        quote = chunk.indexOf(0x22, i)
      }
    },
    get records() {
      return records
    },
  }
}

const [url, headersJson, expectedText] = process.argv.slice(2)
const expected = Number(expectedText)
const step = expected > 0 ? Math.ceil(expected / 10) : Number.POSITIVE_INFINITY
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`)
const counter = recordCounter()
let bytes = 0
get(url!, { headers: JSON.parse(headersJson!) as Record<string, string> }, (answer) => {
  if (answer.statusCode !== 200) {
    say({ end: true, status: answer.statusCode, records: 0, bytes: 0 })
    answer.resume()
    return
  }
  answer.on('data', (chunk: Buffer) => {
    if (bytes === 0) say({ first: true })
    bytes += chunk.length
    const before = counter.records
    counter.add(chunk)
    if (Math.floor(counter.records / step) > Math.floor(before / step)) say({ tenth: true })
  })
  answer.on('end', () => say({ end: true, status: 200, records: counter.records, bytes }))
}).on('error', (error) => {
  say({ end: true, status: 0, error: String(error), records: 0, bytes: 0 })
})
