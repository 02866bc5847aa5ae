import type { TestApp } from './helpers.ts'

/** RFC 4180: fields split by commas, quoted when they hold a comma, a quote or a line break; CRLF ends a row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else if (c === '\r' || c === '\n') throw new Error(`a bare line break outside quotes at ${i}`)
    else cell += c
  }
  if (cell !== '' || row.length > 0) throw new Error('the file does not end with CRLF')
  return rows
}

/**
 * An export as a client downloads it: the answer (headers and raw bytes) and its rows, the header row first.
 * Fails unless the answer is a 200 that starts with the UTF-8 byte order mark.
 */
export async function downloadCsv(t: TestApp, url: string, headers: Record<string, string> = t.auth) {
  const answer = await t.app.inject({ method: 'GET', url, headers })
  if (answer.statusCode !== 200)
    throw new Error(`${url}: HTTP ${answer.statusCode} ${answer.body.slice(0, 300)}`)
  if (!answer.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) {
    throw new Error(`${url}: no byte order mark`)
  }
  return { answer, rows: parseCsv(answer.rawPayload.subarray(3).toString('utf8')) }
}

/**
 * Every row of a list, page after page of `limit`: the ids in the order the pages give them, and the
 * `totalResults` every page answered (it must be the same on each).
 */
export async function allPages(t: TestApp, url: string, limit = 100) {
  const join = url.includes('?') ? '&' : '?'
  const ids: string[] = []
  const totals = new Set<number>()
  for (let page = 1; ; page++) {
    const answer = await t.call('GET', `${url}${join}page=${page}&limit=${limit}`)
    if (answer.statusCode !== 200)
      throw new Error(`${url}: HTTP ${answer.statusCode} ${JSON.stringify(answer.body)}`)
    const { data, meta } = answer.body
    if (data.length > limit) throw new Error(`${url}: page ${page} holds ${data.length} rows`)
    totals.add(meta.totalResults)
    ids.push(...data.map((row: { id: string }) => row.id))
    if (page >= meta.totalPages) break
  }
  if (totals.size !== 1) throw new Error(`${url}: totalResults changed from page to page: ${[...totals]}`)
  return { ids, total: [...totals][0]! }
}
