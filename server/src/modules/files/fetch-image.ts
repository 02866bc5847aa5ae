import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Message, MessageParams } from '@store/contract'
import { HttpError } from '../../lib/errors.ts'
import { addressKind, mayConnectTo } from '../../lib/public-address.ts'
import type { FileStore } from '../../types.ts'
import { type ImageLimits, storeImage, toWebp } from './storage.ts'

/**
 * Images fetched from an address (CONTRACT 5.4: a product import may name them so), then checked, converted and
 * stored exactly as an upload is (`storeImage`). The address is a client's, so the fetch must not become a way
 * into the server's own network: every host is resolved first and each of its addresses checked
 * (`lib/public-address.ts`), the connection goes to the address that was checked (a second lookup could answer
 * differently), and a redirect is followed by hand and checked the same way.
 */

/** How long one image may take, from the first lookup to the last byte, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000
/** Redirects followed for one image; one more is refused. */
export const MAX_IMAGE_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export interface ImageFetchOptions {
  /** The most bytes the image may have (UPLOAD_MAX_MB). */
  maxBytes: number
  timeoutMs: number
  /** IMAGE_FETCH_ALLOW_LOOPBACK: the loopback may be reached, and over `http:`, for tests. */
  allowLoopback: boolean
  /** The upload's decode limits. */
  limits: ImageLimits
  /** Every address of a host name: the system's resolver by default; a test gives names of its own. */
  resolve?: (host: string) => Promise<LookupAddress[]>
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true })

/** An address that gave no image to store, and why in the API's words; the message names the address. */
export class ImageFetchRefused extends Error {
  constructor(readonly problem: Message) {
    super(problem.code)
  }
}

/**
 * Fetches the image at `address` and checks it as an upload is checked. With `keep`, stores it and answers its
 * stored path; without (a dry run), converts it without storing and answers null. Throws ImageFetchRefused for
 * anything the address is to blame for; a storage that cannot take the file (503) or a full decode queue
 * (QueueFullError) are thrown as the upload throws them.
 */
export async function fetchImage(
  address: string,
  options: ImageFetchOptions,
  keep: { files: FileStore; now: Date } | null,
): Promise<string | null> {
  const bytes = await download(address, options)
  try {
    if (!keep) {
      await toWebp(bytes, options.limits)
      return null
    }
    return await storeImage(keep.files, bytes, keep.now, options.limits)
  } catch (error) {
    // The upload's own refusals (not an image, too many pixels, too slow to decode), told of this address.
    if (error instanceof HttpError && error.statusCode === 415) throw refused(address, 'imageUrlNotImage')
    if (error instanceof HttpError && error.statusCode < 500) {
      throw new ImageFetchRefused({ ...error.refusal, params: { ...error.refusal.params, url: address } })
    }
    throw error
  }
}

const refused = (url: string, code: Message['code'], params?: MessageParams) =>
  new ImageFetchRefused({ code, params: { url, ...params } })

/** The bytes at `address`, at most `maxBytes`, within `timeoutMs` for everything. */
async function download(address: string, options: ImageFetchOptions): Promise<Buffer> {
  const stop = new AbortController()
  let timer: NodeJS.Timeout | undefined
  // The deadline answers even while a lookup, which cannot be cancelled, is still under way; the abort closes
  // whatever connection is open.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort()
      reject(refused(address, 'imageUrlTimeout', { seconds: options.timeoutMs / 1000 }))
    }, options.timeoutMs)
  })
  const work = follow(address, options, stop.signal).catch((error: unknown) => {
    if (error instanceof ImageFetchRefused) throw error
    // A lookup that found nothing, a refused connection or TLS handshake, a malformed answer: all the
    // address's doing, none of them the server's fault.
    throw refused(address, stop.signal.aborted ? 'imageUrlTimeout' : 'imageUrlUnreachable', {
      ...(stop.signal.aborted && { seconds: options.timeoutMs / 1000 }),
    })
  })
  try {
    // The race handles both promises, so whichever loses and rejects later is not an unhandled rejection.
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

/** Asks for `address` and each redirect in turn, and reads the image's bytes. */
async function follow(address: string, options: ImageFetchOptions, signal: AbortSignal): Promise<Buffer> {
  let url = new URL(address)
  for (let redirects = 0; ; redirects++) {
    const answer = await ask(url, address, options, signal)
    const status = answer.statusCode ?? 0
    const location = answer.headers.location
    if (REDIRECTS.has(status) && location) {
      answer.destroy()
      if (redirects === MAX_IMAGE_REDIRECTS)
        throw refused(address, 'imageUrlRedirects', { max: MAX_IMAGE_REDIRECTS })
      url = new URL(location, url)
      continue
    }
    if (status < 200 || status > 299) {
      answer.destroy()
      throw refused(address, 'imageUrlStatus', { status })
    }
    return readBody(answer, address, options.maxBytes)
  }
}

/**
 * One request, to an address checked after the lookup. `http:` is for the tests' own server only: with
 * IMAGE_FETCH_ALLOW_LOOPBACK, to the loopback; a shop's images come over `https:`.
 */
async function ask(
  url: URL,
  address: string,
  options: ImageFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(address, 'imageUrlScheme')
  // An IPv6 host is written in brackets in an address; the lookup wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const found = await (options.resolve ?? systemResolve)(host)
  // Every address the name has is checked, not only the one used: a name that also points inward is refused.
  if (found.length === 0 || found.some((a) => !mayConnectTo(a.address, options))) {
    throw refused(address, 'imageUrlRefused')
  }
  const loopback = found.every((a) => addressKind(a.address) === 'loopback')
  if (url.protocol === 'http:' && !(options.allowLoopback && loopback))
    throw refused(address, 'imageUrlScheme')

  // The connection goes to the address just checked, whatever another lookup would answer now (a name whose
  // answers change between check and connection, "DNS rebinding"). TLS still checks the certificate against
  // the host's name.
  const pinned = found[0]!
  const pin: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'GET',
        // A connection of its own, never one kept open from an earlier request to some other address.
        agent: false,
        lookup: pin,
        signal,
        headers: { accept: 'image/*', 'user-agent': 'store-back-office image import' },
      },
      resolve,
    )
    request.on('error', reject)
    request.end()
  })
}

/** The answer's body, refused as soon as it is known to be over `maxBytes`, from its length or as it arrives. */
async function readBody(answer: IncomingMessage, address: string, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => {
    answer.destroy()
    return refused(address, 'imageUrlTooLarge', { mb: maxBytes / 1024 / 1024 })
  }
  if (Number(answer.headers['content-length']) > maxBytes) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
