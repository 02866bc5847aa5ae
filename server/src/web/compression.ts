import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Answers of 1 KB or more (a list, the OpenAPI document) are sent brotli- or gzip-compressed when the client
 * accepts it, and say so in `Vary: Accept-Encoding`. Images are never compressed again (their types are not
 * compressible), nor are the web app's files, which are compressed once at build and sent as they are
 * (`static.ts`). Request bodies are not decompressed: a small compressed body could unpack into far more than
 * the body limit lets in. Called on the root instance before any route: the plugin adds itself to each route
 * registered after it.
 */
export async function compressAnswers(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  })
}
