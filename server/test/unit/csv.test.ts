import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvLine, keysetBatches, phoneCell, storeTime } from '../../src/lib/csv.ts'
import { parseCsv } from '../csv.ts'

/** The wall clock of `timeZone` at `at` as Intl says it, the slow way storeTime must agree with. */
function intlTime(at: Date, timeZone: string) {
  const parts: Record<string, string> = {}
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  for (const part of format.formatToParts(at)) parts[part.type] = part.value
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

// Zones with summer time, a half-hour summer time (Lord Howe), a quarter-hour offset (Kathmandu) and the shop's.
const ZONES = [
  'Asia/Ho_Chi_Minh',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'UTC',
]

describe('storeTime', () => {
  it('writes the shop’s wall clock as YYYY-MM-DD HH:mm:ss', () => {
    expect(storeTime(new Date('2026-01-31T17:00:00.000Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-02-01 00:00:00')
    expect(storeTime(new Date('2026-01-31T16:59:59.999Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-01-31 23:59:59')
  })

  it('agrees with Intl at every instant, across summer time changes in every kind of zone', () => {
    const instants = fc.integer({ min: Date.UTC(1975, 0, 1), max: Date.UTC(2040, 0, 1) })
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (ms, zone) => {
        expect(storeTime(new Date(ms), zone)).toBe(intlTime(new Date(ms), zone))
      }),
      { numRuns: 5000 },
    )
  })

  it('agrees with Intl on each side of a change of offset', () => {
    // Berlin springs forward at 01:00 UTC on 29 March 2026; Lord Howe moves by half an hour.
    for (const [iso, zone] of [
      ['2026-03-29T01:00:00Z', 'Europe/Berlin'],
      ['2026-10-25T01:00:00Z', 'Europe/Berlin'],
      ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe'],
      ['2026-10-03T15:30:00Z', 'Australia/Lord_Howe'],
      // St. John's changed at 00:01 local time until 2011: a minute past a quarter hour of UTC.
      ['1998-10-25T02:31:00Z', 'America/St_Johns'],
      ['1998-04-05T03:31:00Z', 'America/St_Johns'],
    ] as const) {
      const change = Date.parse(iso)
      for (const ms of [change - 1000, change - 1, change, change + 1, change + 59_000]) {
        expect(storeTime(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
          intlTime(new Date(ms), zone),
        )
      }
    }
  })
})

describe('csvLine', () => {
  it('quotes what needs quoting and guards what a spreadsheet would run', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '=1+1', -5, null])).toBe(
      '"a,b","say ""hi""","two\nlines",\'=1+1,-5,\r\n',
    )
  })
})

describe('phoneCell', () => {
  it("keeps a phone number's leading 0 as a spreadsheet formula of its digits, and nothing else", () => {
    const line = csvLine([phoneCell('0909123456'), phoneCell(null), phoneCell('+84901'), phoneCell('=cmd|x')])
    expect(line).toBe('"=""0909123456""",,\'+84901,\'=cmd|x\r\n')
    // Read back as a CSV reader reads it: the formula a spreadsheet turns into the text 0909123456.
    expect(parseCsv(line)[0]).toEqual(['="0909123456"', '', "'+84901", "'=cmd|x"])
  })
})

describe('keysetBatches', () => {
  const numbers = Array.from({ length: 25 }, (_, i) => i + 1)
  const reader = (calls: (number | undefined)[]) => async (last: number | undefined) => {
    calls.push(last)
    const from = last ?? 0
    return numbers.filter((n) => n > from).slice(0, 10)
  }

  it('reads every row once, in order, each batch after the last row of the one before', async () => {
    const calls: (number | undefined)[] = []
    const seen: number[] = []
    for await (const batch of keysetBatches(reader(calls), 10)) seen.push(...batch)
    expect(seen).toEqual(numbers)
    expect(calls).toEqual([undefined, 10, 20])
  })

  it('asks for the next batch before the current one is taken, and no further', async () => {
    const calls: (number | undefined)[] = []
    const batches = keysetBatches(reader(calls), 10)
    await batches.next()
    expect(calls).toEqual([undefined, 10])
    await batches.return(undefined)
    expect(calls).toEqual([undefined, 10])
  })

  it('leaves no unhandled failure behind when a download stops before the batch it asked for', async () => {
    const unhandled: unknown[] = []
    const listen = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', listen)
    try {
      const batches = keysetBatches(async (last: number | undefined) => {
        if (last !== undefined) throw new Error('the database went away')
        return numbers.slice(0, 10)
      }, 10)
      await batches.next()
      await batches.return(undefined)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', listen)
    }
  })
})
