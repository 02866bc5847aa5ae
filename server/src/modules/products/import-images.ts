import type { Message } from '@store/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { FileStore } from '../../types.ts'
import { fetchImage, type ImageFetchOptions, ImageFetchRefused } from '../files/fetch-image.ts'

// The images an import names by address (CONTRACT 5.4), fetched and stored as uploads before the rows are
// written. The import is all rows or none, so what this stores is removed again when the rows are not written.

/**
 * An `images` item that is an address rather than a stored path. A stored path starts with `/`; anything else
 * that reads as an address (`https://…`, and `ftp:` or `data:`, which are then refused by their scheme) is one.
 */
export const isImageAddress = (item: string) => !item.startsWith('/') && URL.canParse(item)

/** Only these schemes are fetched at all; `http:` further needs the tests' loopback setting. */
export const isFetchedScheme = (address: string) => /^https?:$/.test(new URL(address).protocol)

/** How many addresses are fetched at a time: a file may name hundreds, and each may take seconds. */
const FETCHES_AT_ONCE = 4

export interface FetchedImages {
  /** Each address: the stored path of its image (null on a check without storing), or why it gave none. */
  results: Map<string, { path: string | null } | { problem: Message }>
  /** What was stored: the caller removes it if the import is not written. */
  stored: string[]
}

/**
 * Fetches each address once (a sheet may give the same picture to many rows), FETCHES_AT_ONCE at a time. With
 * `keep`, stores each image; without, only checks it. A failure that is not the address's (the storage, a full
 * decode queue) stops the rest, removes what was stored and is thrown.
 */
export async function fetchImages(
  addresses: readonly string[],
  options: ImageFetchOptions,
  keep: { files: FileStore; now: Date } | null,
  log: FastifyBaseLogger,
): Promise<FetchedImages> {
  const asked = [...new Set(addresses)]
  const results: FetchedImages['results'] = new Map()
  const stored: string[] = []
  let failure: { error: unknown } | undefined
  let next = 0
  const lane = async () => {
    while (next < asked.length && !failure) {
      const address = asked[next++]!
      try {
        const path = await fetchImage(address, options, keep)
        if (path !== null) stored.push(path)
        results.set(address, { path })
      } catch (error) {
        if (error instanceof ImageFetchRefused) results.set(address, { problem: error.problem })
        else failure = { error }
      }
    }
  }
  // Every lane ends before anything is removed, so no image is stored after the clean-up.
  await Promise.all(Array.from({ length: Math.min(FETCHES_AT_ONCE, asked.length) }, lane))
  if (failure) {
    if (keep) await removeFetched(keep.files, stored, log)
    throw failure.error
  }
  return { results, stored }
}

/**
 * Removes images an import fetched and will not write. A file that cannot be removed now is only logged: no
 * product points at it, and the answer the client is waiting for is about its rows.
 */
export async function removeFetched(files: FileStore, stored: readonly string[], log: FastifyBaseLogger) {
  if (stored.length === 0) return
  await files
    .remove(stored)
    .catch((error) =>
      log.warn({ err: error, paths: stored }, 'an import not written left fetched images behind'),
    )
}
