// The part of autocannon's API the benchmark uses; the package ships no types.
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    headers?: Record<string, string>
    method?: string
    title?: string
    /** Worker threads that send the requests, so they share no event loop with the caller. */
    workers?: number
    /** Requests each connection sends in turn, in place of `url`'s alone. */
    requests?: { method?: string; path: string; headers?: Record<string, string>; body?: string }[]
  }

  /** Latencies in milliseconds; requests per second. */
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  interface Result {
    title?: string
    url: string
    connections: number
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
    throughput: Histogram
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void
  }

  function autocannon(options: Options): Instance

  export default autocannon
}
