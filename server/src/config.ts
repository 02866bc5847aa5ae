import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveInt = (fallback: number, max = 1_000_000) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(max, `must be at most ${max}`)
    .default(fallback)

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'must be an IANA time zone such as Asia/Ho_Chi_Minh')

/** Every setting the server reads, with its default. README's settings table lists the same. */
export const configSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app; unset means `web/dist` of this checkout. */
  WEB_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be 8 to 16 characters with a digit')
    .max(16, 'must be 8 to 16 characters with a digit')
    .regex(/\d/, 'must be 8 to 16 characters with a digit')
    .optional(),
  SEED_DEMO: bool.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: positiveInt(15, 24 * 60),
  REFRESH_TOKEN_DAYS: positiveInt(30, 365),
  STORE_TZ: timeZone.default('Asia/Ho_Chi_Minh'),
  UPLOAD_MAX_MB: positiveInt(5, 100),
  LOGIN_LIMIT_PER_EMAIL: positiveInt(10),
  LOGIN_LIMIT_PER_IP: positiveInt(50),
  LOGIN_LIMIT_WINDOW_MINUTES: positiveInt(15, 24 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: `pretty` when stdout is a terminal, `json` otherwise (pipes, files, CI). */
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  TRUST_PROXY: bool.default(false),
})
export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Reads the environment once; a bad value stops start-up with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = configSchema.safeParse(present)
  if (!parsed.success) {
    // One line a problem: a value can break several rules that share a message (ADMIN_PASSWORD=short).
    throw new ConfigError([...new Set(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))])
  }
  return parsed.data
}
