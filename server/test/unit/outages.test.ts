import { describe, expect, it } from 'vitest'
import { isDatabaseOutage } from '../../src/lib/outages.ts'

/** An error as node-postgres raises it: the SQLSTATE in `code`. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code })
/** As Drizzle hands it on: the driver's error in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

describe('isDatabaseOutage', () => {
  it('knows a refused, reset or timed-out connection, wrapped or inside an AggregateError', () => {
    expect(isDatabaseOutage(wrapped(pgError('ECONNREFUSED')))).toBe(true)
    expect(isDatabaseOutage(pgError('ECONNRESET'))).toBe(true)
    expect(isDatabaseOutage(new AggregateError([pgError('ETIMEDOUT'), pgError('ECONNREFUSED')]))).toBe(true)
    expect(isDatabaseOutage(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseOutage(new Error('timeout exceeded when trying to connect'))).toBe(true)
  })

  it('knows a statement given up on: cancelled by the statement timeout, or unanswered by a silent host', () => {
    expect(isDatabaseOutage(wrapped(pgError('57014', 'canceling statement due to statement timeout')))).toBe(
      true,
    )
    expect(isDatabaseOutage(wrapped(new Error('Query read timeout')))).toBe(true)
  })

  it('knows SQLSTATE class 08, 57P01 to 57P03 and too many connections', () => {
    for (const code of ['08000', '08003', '08006', '08001', '08P01', '57P01', '57P02', '57P03', '53300'])
      expect(isDatabaseOutage(wrapped(pgError(code))), code).toBe(true)
  })

  it('knows a database closed to connections by its words, not by the SQLSTATE it shares', () => {
    expect(isDatabaseOutage(pgError('55000', 'database "shop" is not currently accepting connections'))).toBe(
      true,
    )
    expect(
      isDatabaseOutage(pgError('55000', 'currval of sequence "s" is not yet defined in this session')),
    ).toBe(false)
  })

  it('leaves query faults and everything else to be a 500', () => {
    for (const code of ['42601', '23505', '22P02', '40001'])
      expect(isDatabaseOutage(wrapped(pgError(code))), code).toBe(false)
    expect(isDatabaseOutage(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseOutage(undefined)).toBe(false)
    expect(isDatabaseOutage('ECONNREFUSED')).toBe(false)
  })

  it('stops on an error that is its own cause', () => {
    const loop: Error & { cause?: unknown } = new Error('loop')
    loop.cause = loop
    expect(isDatabaseOutage(loop)).toBe(false)
  })
})
