// The part of s3rver (an S3-compatible server for tests, which ships no types) that the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string
    /** 0 picks a free port, which `run` answers. */
    port?: number
    silent?: boolean
    /** Where the buckets' objects are kept. */
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
