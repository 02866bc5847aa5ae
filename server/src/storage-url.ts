// The value of STORAGE_URL (CONTRACT 4.9), read where the settings are checked and where the bucket is opened.

/** A `STORAGE_URL` of object storage, read: `s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>`. */
export interface BucketAddress {
  bucket: string
  /** Keys start with it (no leading or trailing slash), or '' for the bucket's root. */
  prefix: string
  /** An S3-compatible server (MinIO, Garage, Ceph, R2…), addressed by path; unset: AWS S3 itself. */
  endpoint?: string
  region: string
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const PREFIX = /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/

/** The bucket a STORAGE_URL names, or the reason it cannot be read (for the settings' error). */
export function readStorageUrl(value: string): BucketAddress | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be s3://<bucket>?endpoint=<url>&region=<region>'
  }
  if (url.protocol !== 's3:') return 'must start with s3:// (unset, files go under DATA_DIR/uploads)'
  if (url.username || url.password)
    return 'must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'
  const bucket = url.hostname
  if (!BUCKET.test(bucket)) return 'must name a bucket of 3 to 63 lowercase letters, digits, dots and hyphens'
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  if (prefix !== '' && !PREFIX.test(prefix))
    return 'has a key prefix with characters a key cannot safely hold'
  for (const key of url.searchParams.keys())
    if (key !== 'endpoint' && key !== 'region') return `has an unknown parameter '${key}' (endpoint, region)`
  const endpoint = url.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint))
    return 'has an endpoint that is not an http:// or https:// address of a server'
  const region = url.searchParams.get('region') ?? 'us-east-1'
  if (!/^[a-z0-9-]{1,32}$/.test(region)) return 'has a region that is not one (us-east-1, ap-southeast-1…)'
  return { bucket, prefix, ...(endpoint && { endpoint: endpoint.replace(/\/$/, '') }), region }
}
