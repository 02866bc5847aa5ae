/**
 * Fixed-window counters kept in this process. One process per store is the default deployment; several
 * processes behind a balancer each count on their own, which multiplies the limit by their number
 * (docs/operations.md).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; false once `key` has used up its window. */
  take(key: string): boolean {
    const t = this.now()
    if (this.hits.size > 10_000) this.sweep(t)
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs })
      return true
    }
    entry.count += 1
    return entry.count <= this.max
  }

  /** Forgets `key`, after a successful sign-in for instance. */
  reset(key: string): void {
    this.hits.delete(key)
  }

  private sweep(t: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= t) this.hits.delete(key)
  }
}
