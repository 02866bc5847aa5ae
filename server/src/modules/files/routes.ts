import { open } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import {
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_SIDE,
  messages,
  storedImage,
  UPLOAD_FIELD,
  uploadAnswer,
  uploadForm,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest, HttpError, notFound } from '../../lib/errors.ts'
import { removeStored, resolveStoredPath, storeImage } from './storage.ts'

const tags = ['files']

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
}

const uploadRefused = (statusCode: number, message: string) =>
  new HttpError(statusCode, `${UPLOAD_FIELD}: ${message}`, { [UPLOAD_FIELD]: message })

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, uploadDir } = app.services
  const maxMb = config.UPLOAD_MAX_MB

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
      return uploadRefused(413, `Each file may be at most ${maxMb} MB`)
    if (error instanceof limitErrors.FilesLimitError)
      return uploadRefused(413, `At most ${MAX_FILES_PER_UPLOAD} files per upload`)
    if (error instanceof limitErrors.PartsLimitError || error instanceof limitErrors.FieldsLimitError)
      return uploadRefused(413, 'The form has too many parts')
    if (error instanceof limitErrors.PrematureCloseError)
      return uploadRefused(400, 'The upload was interrupted before it ended')
    return uploadRefused(400, 'The multipart body could not be read')
  }

  app.post(
    '/file',
    {
      schema: {
        summary: `Upload images (one '${UPLOAD_FIELD}' part each, at most ${MAX_FILES_PER_UPLOAD}); answers their stored paths`,
        description:
          `JPEG, PNG, WebP, GIF or AVIF, judged by content, each at most UPLOAD_MAX_MB (${maxMb} MB here). ` +
          `Every image is re-encoded to WebP without metadata and fitted inside ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}. ` +
          'If any part is refused, none is kept.',
        tags,
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw uploadRefused(415, `Send the images as multipart/form-data, one '${UPLOAD_FIELD}' part each`)
      }
      const now = app.services.now()
      const stored: string[] = []
      try {
        // Parts are handled one at a time as they arrive, so at most one file is held in memory.
        // Stepped by hand rather than with for-await, so a parser error can be told from one of ours.
        const parts = request.parts()
        for (;;) {
          const next = await parts.next().catch((error: unknown) => {
            throw parserRefusal(error)
          })
          if (next.done) break
          const part = next.value
          if (part.type !== 'file') continue
          const content = await part.toBuffer().catch((error: unknown) => {
            throw parserRefusal(error)
          })
          // A form's empty file input still sends a part, with no name and no bytes: nothing was chosen.
          if (part.fieldname !== UPLOAD_FIELD || (content.length === 0 && !part.filename)) continue
          stored.push(await storeImage(uploadDir, content, now))
        }
      } catch (error) {
        await removeStored(uploadDir, stored)
        throw error
      }
      if (stored.length === 0) throw badRequest(UPLOAD_FIELD, messages.required)
      return {
        status: true,
        data: stored,
        message: stored.length === 1 ? 'File uploaded' : `${stored.length} files uploaded`,
      }
    },
  )

  app.get(
    '/file/*',
    {
      config: { public: true },
      schema: {
        summary: 'An uploaded image, by the stored path the upload answered',
        description:
          'Stored names are never reused, so the answer may be cached for a year. Anything that is not a ' +
          'stored path, or a file that is gone, is 404.',
        tags,
        security: [],
        params: z.object({
          '*': z
            .string()
            .meta({ description: 'The stored path without its leading slash: 2026/11/<id>.webp' }),
        }),
        response: {
          200: { description: 'The image', content: { 'image/webp': { schema: storedImage } } },
          304: z.null().meta({ description: 'Not modified: the copy the client holds is current' }),
        },
      },
    },
    async (request, reply) => {
      const storedPath = `/${request.params['*']}`
      const file = resolveStoredPath(uploadDir, storedPath)
      if (!file) throw notFound('File')
      // Opened before stat, so the answer describes the very file it streams even if it is removed meanwhile.
      const handle = await open(file, 'r').catch(() => null)
      if (!handle) throw notFound('File')
      const stat = await handle.stat().catch(() => null)
      if (!stat?.isFile()) {
        await handle.close()
        throw notFound('File')
      }
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
      const extension = storedPath.slice(storedPath.lastIndexOf('.') + 1)
      reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('last-modified', stat.mtime.toUTCString())
        .header('x-content-type-options', 'nosniff')
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        await handle.close()
        return reply.code(304).send(null)
      }
      reply.header('content-length', stat.size)
      return reply.send(handle.createReadStream())
    },
  )
}

/** If-None-Match holds one tag, a list, or '*'; weak and strong forms of the same tag match. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}
