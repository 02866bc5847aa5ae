import { isIPv4, isIPv6 } from 'node:net'
import type { Message } from '@store/contract'
import type { Config } from '../../config.ts'
import type { AttemptLimiter, Gate, Verdict } from '../../lib/rate-limit.ts'

/**
 * The rules of sign-in (docs/operations.md, "Sign-in limits"). Failures are counted per email and client
 * address together (the pair), so an attacker's failures weigh on the attacker's own pairs and never on the
 * owner's; a pair is slowed down, then refused for the rest of the window. Beside it, one address may fail
 * only so often whatever the emails, and one email only so often from all unknown addresses together. An
 * address that has signed an account in before is known to it for a while and meets its pair's rules only.
 */
export interface SignInRules {
  /** Failures of one pair in a window before it is refused. */
  perPair: number
  /** Failures from one address, all emails together, in a window (known pairs not counted). */
  perAddress: number
  /** Failures of one email from all unknown addresses together in a window. */
  perEmail: number
  windowMs: number
  /** Failures of a pair after which each further attempt must wait, from one second doubling to `delayMaxMs`. */
  delayAfter: number
  delayMaxMs: number
  /** How long a successful sign-in keeps its address known to the account. */
  knownMs: number
}

export const signInRules = (config: Config): SignInRules => ({
  perPair: config.LOGIN_LIMIT_PER_PAIR,
  perAddress: config.LOGIN_LIMIT_PER_IP,
  perEmail: config.LOGIN_LIMIT_PER_EMAIL,
  windowMs: config.LOGIN_LIMIT_WINDOW_MINUTES * 60_000,
  delayAfter: config.LOGIN_DELAY_AFTER,
  delayMaxMs: config.LOGIN_DELAY_MAX_SECONDS * 1_000,
  knownMs: config.LOGIN_KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000,
})

/**
 * The part of a client address that stands for one client: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address as its /64 network. One subscriber gets a whole /64 and may pick any
 * address in it, and a phone moves between the temporary addresses of its /64 every day: counted one by one,
 * an attacker could take a fresh address for every guess, and the owner's address would not be known for long.
 */
export function clientOf(ip: string): string {
  const bare = ip.split('%')[0]!
  if (isIPv4(bare) || !isIPv6(bare)) return bare
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)
  if (mapped) return mapped[1]!
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]))
  const [head = '', tail] = bare.split('::')
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

export type Admission =
  | { ok: true /** Says the attempt signed the account in. */; succeeded(): Promise<void> }
  | { ok: false; message: Message; retryAfterSeconds: number }

export class SignInLimits {
  constructor(
    private readonly store: AttemptLimiter,
    private readonly rules: SignInRules,
    private readonly clock: () => number,
  ) {}

  /**
   * Lets one attempt at `email` from `ip` through, counted as a failure until it says otherwise, or answers
   * why not and for how long. Counting before the password is checked, not after, keeps a burst of parallel
   * attempts from all passing a limit that none of them has reached yet.
   */
  async admit(email: string, ip: string): Promise<Admission> {
    const { store, rules } = this
    const now = this.clock()
    const client = clientOf(ip)
    const keys = {
      pair: `pair:${client}|${email}`,
      known: `known:${client}|${email}`,
      address: `address:${client}`,
      email: `email:${email}`,
    }
    const window = { windowMs: rules.windowMs }
    const known = await store.remembers(keys.known, now)
    // A known pair is its own owner's: failures of the address on other emails, or of other addresses on this
    // email, are not its business.
    const shared: [string, Gate][] = known
      ? []
      : [
          [keys.address, { ...window, max: rules.perAddress }],
          [keys.email, { ...window, max: rules.perEmail }],
        ]
    const taken: string[] = []
    const giveBack = () => Promise.all(taken.map((key) => store.giveBack(key, now)))
    for (const [key, gate] of [
      ...shared,
      [
        keys.pair,
        { ...window, max: rules.perPair, delayAfter: rules.delayAfter, delayMaxMs: rules.delayMaxMs },
      ] as [string, Gate],
    ]) {
      const verdict = await store.take(key, gate, now)
      if (!verdict.ok) {
        // A refused attempt checks no password, so it is no failure: the counts it passed get it back.
        await giveBack()
        return refusal(verdict)
      }
      taken.push(key)
    }
    return {
      ok: true,
      succeeded: async () => {
        // A success is no failure: the shared counts get it back and the pair starts afresh.
        await Promise.all([
          ...taken.filter((key) => key !== keys.pair).map((key) => store.giveBack(key, now)),
          store.reset(keys.pair),
          store.remember(keys.known, now + rules.knownMs, now),
        ])
      },
    }
  }
}

function refusal(verdict: Exclude<Verdict, { ok: true }>): Admission {
  const seconds = Math.max(1, Math.ceil(verdict.retryMs / 1_000))
  return {
    ok: false,
    retryAfterSeconds: seconds,
    message:
      verdict.reason === 'wait'
        ? { code: 'signInWait', params: { count: seconds } }
        : { code: 'tooManySignIns', params: { minutes: Math.max(1, Math.ceil(verdict.retryMs / 60_000)) } },
  }
}
