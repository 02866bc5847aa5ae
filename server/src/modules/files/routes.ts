import { finished } from 'node:stream/promises'
import multipart, { type Multipart } from '@fastify/multipart'
import { endpoints, MAX_FILES_PER_UPLOAD, UPLOAD_FIELD } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { badRequest, fieldError, type HttpError, notFound } from '../../lib/errors.ts'
import { DecodeQueue, imagesBusy, QueueFullError } from './queue.ts'
import { imageLimits, storeImage } from './storage.ts'

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
}

export const fileRoutes = implement(endpoints.files, async (app) => {
  const { config, files } = app.services
  const maxMb = config.UPLOAD_MAX_MB
  // One queue for the app, and so for the process: the lanes bound the decodes of all uploads together.
  const queue = new DecodeQueue(config.IMAGE_DECODES, config.IMAGE_DECODE_QUEUE)
  queues.set(app.services, queue)
  const limits = imageLimits(config, queue)

  // Registered here, so only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: maxMb * 1024 * 1024,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: MAX_FILES_PER_UPLOAD + 20,
      headerPairs: 100,
    },
  })
  const limitErrors = app.multipartErrors

  /** A refusal from the multipart parser, in the API's words; anything else from it is a malformed body. */
  const parserRefusal = (error: unknown): HttpError => {
    if (error instanceof limitErrors.RequestFileTooLargeError)
      return fieldError(413, UPLOAD_FIELD, 'fileTooLarge', { mb: maxMb })
    if (error instanceof limitErrors.FilesLimitError)
      return fieldError(413, UPLOAD_FIELD, 'tooManyFiles', { max: MAX_FILES_PER_UPLOAD })
    if (error instanceof limitErrors.PartsLimitError || error instanceof limitErrors.FieldsLimitError)
      return fieldError(413, UPLOAD_FIELD, 'tooManyParts')
    if (error instanceof limitErrors.PrematureCloseError) return badRequest(UPLOAD_FIELD, 'uploadInterrupted')
    return badRequest(UPLOAD_FIELD, 'multipartUnreadable')
  }

  return {
    upload: async (request, reply, { audit }) => {
      if (!request.isMultipart()) {
        throw fieldError(415, UPLOAD_FIELD, 'notMultipart', { field: UPLOAD_FIELD })
      }
      const now = app.services.now()
      const stored: string[] = []
      // Parts are handled one at a time as they arrive, so at most one file is held in memory.
      // Stepped by hand rather than with for-await, so a parser error can be told from one of ours.
      const parts = request.parts()
      let parserFailed = false
      const fromParser = (error: unknown): never => {
        parserFailed = true
        throw parserRefusal(error)
      }
      try {
        for (;;) {
          const next = await parts.next().catch(fromParser)
          if (next.done) break
          const part = next.value
          if (part.type !== 'file') continue
          const content = await part.toBuffer().catch(fromParser)
          // A form's empty file input still sends a part, with no name and no bytes: nothing was chosen.
          if (part.fieldname !== UPLOAD_FIELD || (content.length === 0 && !part.filename)) continue
          stored.push(await storeImage(files, content, now, limits))
        }
      } catch (error) {
        await files
          .remove(stored)
          .catch((failure) =>
            request.log.warn({ err: failure }, 'an upload refused halfway left files behind'),
          )
        if (!parserFailed) await discardRest(parts)
        if (error instanceof QueueFullError) throw imagesBusy(reply, error)
        throw error
      }
      if (stored.length === 0) throw badRequest(UPLOAD_FIELD, 'required')
      // The entry is filed under the first path, the one a form with a single image uses; it lists them all.
      audit.entityId = stored[0]
      audit.set('paths', null, stored)
      return {
        status: true,
        data: stored,
        message: stored.length === 1 ? 'File uploaded' : `${stored.length} files uploaded`,
      }
    },
    get: async (request, reply) => {
      const storedPath = `/${request.params['*']}`
      const file = await files.open(storedPath)
      if (!file) throw notFound('fileNotFound')
      const extension = storedPath.slice(storedPath.lastIndexOf('.') + 1)
      reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', file.etag)
        .header('last-modified', file.modified.toUTCString())
        .header('x-content-type-options', 'nosniff')
      if (matchesEtag(request.headers['if-none-match'], file.etag)) {
        await file.discard()
        return reply.code(304).send(null)
      }
      reply.header('content-length', file.size)
      return reply.send(file.read())
    },
  }
})

const queues = new WeakMap<object, DecodeQueue>()

/** The image decode queue of an app (by its `app.services`): for checks of its state. */
export const decodeQueueOf = (services: object): DecodeQueue | undefined => queues.get(services)

/**
 * Reads the rest of a refused upload and throws it away. Answering while the client is still sending makes the
 * server close the connection with data unread, and the client's network stack then often reports a reset
 * instead of the answer: the client would never see why (the 413's limit, the 503's Retry-After). The parser's
 * limits still bound what is read. A part the parser refuses ends the reading; that answer may then be lost.
 */
async function discardRest(parts: AsyncIterableIterator<Multipart>): Promise<void> {
  try {
    for (;;) {
      const next = await parts.next()
      if (next.done) return
      if (next.value.type === 'file') {
        next.value.file.resume()
        await finished(next.value.file)
      }
    }
  } catch {
    // The parser refused the rest: nothing more can be read.
  }
}

/** If-None-Match holds one tag, a list, or '*'; weak and strong forms of the same tag match. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}
