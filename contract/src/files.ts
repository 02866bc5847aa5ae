import { z } from 'zod'
import { envelope, STORED_PATH } from './common.ts'
import { defineEndpoints } from './endpoint.ts'

/** The multipart field name of each uploaded file (spec section 7). */
export const UPLOAD_FIELD = 'file'
/** At most this many files in one `POST /api/file`. */
export const MAX_FILES_PER_UPLOAD = 10
/** What the server accepts, judged by content; for an `<input accept>` and the dropzone. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const
/** Uploads are stored as WebP no larger than this on either side; smaller images keep their size. */
export const MAX_IMAGE_SIDE = 2000

/**
 * The upload form, for the OpenAPI document only. A multipart body is a stream, not an object, so the route
 * reads and checks the parts itself; this schema accepts anything and only describes the form.
 */
export const uploadForm = z.unknown().meta({
  type: 'object',
  required: [UPLOAD_FIELD],
  properties: {
    [UPLOAD_FIELD]: {
      type: 'array',
      maxItems: MAX_FILES_PER_UPLOAD,
      items: { type: 'string', format: 'binary' },
      description: `One part per image (JPEG, PNG, WebP, GIF or AVIF), at most ${MAX_FILES_PER_UPLOAD}.`,
    },
  },
})

/** A stored path as `POST /api/file` hands it out: `/2026/11/<id>.webp`. */
export const storedPath = z.string().regex(STORED_PATH)

/** `data` lists the stored paths in the order the parts were sent. */
export const uploadAnswer = envelope(z.array(storedPath))
export type UploadAnswer = z.infer<typeof uploadAnswer>

/** The served image: the route streams the file, so this only types the handler and documents the body. */
export const storedImage = z
  .custom<AsyncIterable<Uint8Array>>()
  .meta({ type: 'string', format: 'binary', description: 'The image, as WebP' })

export const fileEndpoints = defineEndpoints('files', {
  upload: {
    method: 'POST',
    path: '/file',
    permission: 'catalog:write',
    summary: `Upload images (one '${UPLOAD_FIELD}' part each, at most ${MAX_FILES_PER_UPLOAD}); answers their stored paths`,
    description:
      'JPEG, PNG, WebP, GIF or AVIF, judged by content, each at most UPLOAD_MAX_MB (5 MB unless set) and ' +
      'IMAGE_MAX_MEGAPIXELS (25 megapixels unless set, judged from the header: 413 naming the size). ' +
      `Every image is re-encoded to WebP without metadata and fitted inside ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}. ` +
      'If any part is refused, none is kept. While the server is decoding as many images as it allows and as ' +
      'many wait, the upload is answered 503 with Retry-After.',
    consumes: ['multipart/form-data'],
    body: uploadForm,
    answer: uploadAnswer,
    audit: { entity: 'file', action: 'upload', outside: true },
  },
  get: {
    method: 'GET',
    path: '/file/*',
    summary: 'An uploaded image, by the stored path the upload answered',
    description:
      'Stored names are never reused, so the answer may be cached for a year. Anything that is not a ' +
      'stored path, or a file that is gone, is 404.',
    public: true,
    params: z.object({
      '*': z.string().meta({ description: 'The stored path without its leading slash: 2026/11/<id>.webp' }),
    }),
    answer: storedImage,
    responses: {
      200: { description: 'The image', content: { 'image/webp': { schema: storedImage } } },
      304: z.null().meta({ description: 'Not modified: the copy the client holds is current' }),
    },
  },
})
