import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_PDF_WORKERS, loadConfig } from '../../src/config.ts'

/** The problems `loadConfig` reports for `env`; fails the test when it accepts it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('loadConfig', () => {
  it('fills every setting with its default', () => {
    expect(loadConfig({})).toEqual({
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@example.com',
      SEED_DEMO: true,
      ACCESS_TOKEN_MINUTES: 15,
      REFRESH_TOKEN_DAYS: 30,
      STORE_TZ: 'Asia/Ho_Chi_Minh',
      UPLOAD_MAX_MB: 5,
      IMAGE_MAX_MEGAPIXELS: 25,
      IMAGE_DECODES: 2,
      IMAGE_DECODE_QUEUE: 20,
      IMAGE_TIMEOUT_SECONDS: 10,
      IMAGE_FETCH_ALLOW_LOOPBACK: false,
      PDF_WORKERS: DEFAULT_PDF_WORKERS,
      LOGIN_LIMIT_PER_PAIR: 10,
      LOGIN_LIMIT_PER_IP: 50,
      LOGIN_LIMIT_PER_EMAIL: 100,
      LOGIN_LIMIT_WINDOW_MINUTES: 15,
      LOGIN_DELAY_AFTER: 3,
      LOGIN_DELAY_MAX_SECONDS: 30,
      LOGIN_KNOWN_ADDRESS_DAYS: 30,
      LOG_LEVEL: 'info',
      LOW_STOCK_THRESHOLD: 5,
      EXPORT_BATCH_ROWS: 5000,
      TRUST_PROXY: false,
      API_DOCS: 'public',
      HTTP_HEADERS_TIMEOUT_SECONDS: 10,
      HTTP_REQUEST_TIMEOUT_SECONDS: 120,
      HTTP_KEEP_ALIVE_SECONDS: 10,
      HTTP_IDLE_TIMEOUT_SECONDS: 120,
      HTTP_MAX_CONNECTIONS: 1000,
      EVENTS_HEARTBEAT_SECONDS: 25,
      WEB_CONCURRENCY: 1,
      EMBEDDED_DB_THREAD: true,
      DB_STATEMENT_TIMEOUT_SECONDS: 10,
    })
  })

  it('refuses headers given longer than the whole request, which the HTTP server cannot take', () => {
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS: must not be more than HTTP_REQUEST_TIMEOUT_SECONDS',
    ])
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '20' }),
    ).toMatchObject({
      HTTP_HEADERS_TIMEOUT_SECONDS: 20,
    })
  })

  it('refuses a live updates heartbeat no sooner than the idle timeout that would drop a quiet stream', () => {
    expect(problemsOf({ EVENTS_HEARTBEAT_SECONDS: '120' })).toEqual([
      'EVENTS_HEARTBEAT_SECONDS: must be less than HTTP_IDLE_TIMEOUT_SECONDS',
    ])
    expect(loadConfig({ EVENTS_HEARTBEAT_SECONDS: '119' }).EVENTS_HEARTBEAT_SECONDS).toBe(119)
  })

  it('gives the PDF threads one core less than the machine has, at least 1 and at most 2', () => {
    expect(DEFAULT_PDF_WORKERS).toBe(Math.max(1, Math.min(2, availableParallelism() - 1)))
    expect(loadConfig({ PDF_WORKERS: '3' }).PDF_WORKERS).toBe(3)
  })

  it('refuses a PDF_WORKERS that is not a whole number from 1 to 64, in words that name it', () => {
    expect(problemsOf({ PDF_WORKERS: '0' })).toEqual(['PDF_WORKERS: must be 1 or more'])
    expect(problemsOf({ PDF_WORKERS: 'two' })).toEqual(['PDF_WORKERS: must be a number'])
    expect(problemsOf({ PDF_WORKERS: '1.5' })).toEqual(['PDF_WORKERS: must be a whole number'])
    expect(problemsOf({ PDF_WORKERS: '65' })).toEqual(['PDF_WORKERS: must be at most 64'])
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({ PORT: 3000 })
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('reads given values, turning numbers and yes/no into their types', () => {
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '8080',
      DATA_DIR: '/srv/store',
      DATABASE_URL: 'postgresql://store@db:5432/store',
      ADMIN_EMAIL: 'boss@shop.vn',
      ADMIN_PASSWORD: 'Secret123',
      SEED_DEMO: 'false',
      JWT_SECRET: 'k'.repeat(32),
      STORE_TZ: 'Europe/Paris',
      UPLOAD_MAX_MB: '20',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DATABASE_URL: 'postgresql://store@db:5432/store',
      ADMIN_PASSWORD: 'Secret123',
      SEED_DEMO: false,
      STORE_TZ: 'Europe/Paris',
      UPLOAD_MAX_MB: 20,
      TRUST_PROXY: true,
      LOG_LEVEL: 'warn',
    })
    for (const yes of ['true', '1', 'yes']) expect(loadConfig({ SEED_DEMO: yes }).SEED_DEMO).toBe(true)
    for (const no of ['false', '0', 'no']) expect(loadConfig({ SEED_DEMO: no }).SEED_DEMO).toBe(false)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['STORE_TZ', 'Mars/Olympus'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://cache:6379'],
    ['DB_STATEMENT_TIMEOUT_SECONDS', '0'],
    ['DB_STATEMENT_TIMEOUT_SECONDS', '2.5'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_PASSWORD', 'nodigitsatall'],
    ['ADMIN_PASSWORD', `waytoolong1${'x'.repeat(118)}`],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'sometimes'],
    ['IMAGE_FETCH_ALLOW_LOOPBACK', 'private'],
    ['UPLOAD_MAX_MB', '0'],
    ['UPLOAD_MAX_MB', '-5'],
    ['UPLOAD_MAX_MB', 'lots'],
    ['IMAGE_MAX_MEGAPIXELS', '0'],
    ['IMAGE_DECODES', '0'],
    ['IMAGE_DECODE_QUEUE', '-1'],
    ['IMAGE_TIMEOUT_SECONDS', '0'],
    ['JWT_SECRET', 'too-short'],
    ['ACCESS_TOKEN_MINUTES', '0'],
    ['LOGIN_LIMIT_PER_EMAIL', '2.5'],
    ['LOGIN_LIMIT_PER_PAIR', '0'],
    ['LOGIN_KNOWN_ADDRESS_DAYS', '366'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'short'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '2'],
    ['EMBEDDED_DB_THREAD', 'sometimes'],
    ['STORAGE_URL', 'ftp://files.example/shop'],
    ['STORAGE_URL', 's3://Shop_Bucket'],
    ['STORAGE_URL', 's3://key:secret@shop'],
    ['STORAGE_URL', 's3://shop?endpoint=files.example'],
    ['STORAGE_URL', 's3://shop?bucket=other'],
    ['METRICS_TOKEN', 'has a space in it somewhere'],
  ])('refuses %s=%s with a ConfigError naming it', (name, value) => {
    const problems = problemsOf({ [name]: value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(new RegExp(`^${name}: .+`))
    expect(() => loadConfig({ [name]: value })).toThrow(name)
  })

  it('names every bad setting at once', () => {
    const problems = problemsOf({ PORT: 'abc', STORE_TZ: 'Mars/Olympus', SEED_DEMO: 'maybe' })
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'SEED_DEMO', 'STORE_TZ'])
  })

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).toEqual(loadConfig({}))
  })
})
