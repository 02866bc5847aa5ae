import multipart from '@fastify/multipart'
import {
  endpoints,
  type ImportError,
  type ImportReport,
  MAX_IMPORT_ROWS,
  type Message,
  messageText,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_COLUMNS,
  productBody,
  readMessage,
  slugify,
} from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { actorOf } from '../../lib/actor.ts'
import { type CsvRow, readCsv } from '../../lib/csv-read.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { badRequest, fieldError, refusal } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import type { FileStore } from '../../types.ts'
import { IMAGE_FETCH_TIMEOUT_MS, type ImageFetchOptions } from '../files/fetch-image.ts'
import { imagesBusy, QueueFullError } from '../files/queue.ts'
import { decodeQueueOf } from '../files/routes.ts'
import { imageLimits } from '../files/storage.ts'
import {
  type FetchedImages,
  fetchImages,
  isFetchedScheme,
  isImageAddress,
  removeFetched,
} from './import-images.ts'
import {
  catalogRecordsNamed,
  type ImportedProduct,
  liveProducts,
  slugHolders,
  writeImportedProducts,
} from './repository.ts'

// The product import (CONTRACT 4.1): a CSV file with the export's columns, checked row by row with the product
// form's own rules, then written all at once or not at all.

/** The multipart part that carries the file. */
const FIELD = 'file'
/** The most errors a report lists; the answer's message still counts them all. */
const MAX_REPORTED = 1000

type ImportEndpoint = (typeof endpoints.products)['import']

/** The form's fields a file sets; category and brand come by name, `sold` and `rating` are not the file's. */
const rowBody = productBody.omit({ category: true, brand: true, sold: true, rating: true })

/** An uploaded file: its name and bytes. */
export interface Upload {
  name: string
  content: Buffer
}

/** What the hook before the handler read and fetched for it. */
interface Prepared {
  file: { name: string; content: Buffer }
  table: ReturnType<typeof readCsv>
  fetched: FetchedImages
}

/** A row that passed every check, ready to write, with the line of the file it came from. */
interface Planned extends ImportedProduct {
  line: number
}

/**
 * Stands for an image address while a row is checked with the form's rules, which know stored paths only: the
 * address is checked on its own, and replaced by the stored path of what it gave.
 */
const ADDRESS_STAND_IN = '/0000/00/address.webp'

/** A list cell: `S|M`, `/2026/01/a.webp|https://supplier.example/b.jpg`; empty is no item. */
const listOf = (cell: string | undefined) =>
  !cell || cell.trim() === '' ? [] : cell.split('|').map((item) => item.trim())

/**
 * The handler of `products.import`. Registers the multipart parser on the products plugin, bounded as the
 * image upload is: one file of at most UPLOAD_MAX_MB; and the hooks that read the file and fetch its images
 * before the handler, and remove those images when the import is not written.
 */
export async function productImport(app: FastifyInstance): Promise<{
  importProducts: Handler<ImportEndpoint>
  upload: (request: FastifyRequest) => Promise<Upload>
}> {
  const maxMb = app.services.config.UPLOAD_MAX_MB
  await app.register(multipart, {
    limits: {
      fileSize: maxMb * 1024 * 1024,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 11,
      headerPairs: 100,
    },
  })

  const upload = async (request: FastifyRequest) => {
    const limitErrors = app.multipartErrors
    const parserRefusal = (error: unknown) => {
      if (error instanceof limitErrors.RequestFileTooLargeError)
        return fieldError(413, FIELD, 'fileTooLarge', { mb: maxMb })
      if (error instanceof limitErrors.FilesLimitError) return badRequest(FIELD, 'oneFile')
      if (error instanceof limitErrors.PartsLimitError || error instanceof limitErrors.FieldsLimitError)
        return fieldError(413, FIELD, 'tooManyParts')
      if (error instanceof limitErrors.PrematureCloseError) return badRequest(FIELD, 'uploadInterrupted')
      return badRequest(FIELD, 'multipartUnreadable')
    }
    let file: Upload | undefined
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue
        const content = await part.toBuffer()
        if (part.fieldname === FIELD && !(content.length === 0 && !part.filename))
          file = { name: part.filename, content }
      }
    } catch (error) {
      throw parserRefusal(error)
    }
    if (!file) throw badRequest(FIELD, 'required')
    return file
  }

  const { files, config } = app.services
  // The images rows name by address are fetched with the upload's own limits, decode queue included (it is
  // created with the files module's routes, after this plugin, so it is looked up at the call).
  const fetchOptions = (): ImageFetchOptions => ({
    maxBytes: maxMb * 1024 * 1024,
    timeoutMs: app.services.imageFetchTimeoutMs ?? IMAGE_FETCH_TIMEOUT_MS,
    allowLoopback: config.IMAGE_FETCH_ALLOW_LOOPBACK,
    limits: imageLimits(config, decodeQueueOf(app.services)),
  })

  // The file is read and its images fetched before the handler, because the handler runs in the call's
  // transaction: on the embedded database an open transaction holds up every other statement of the server,
  // and on PostgreSQL the products it updates stay locked. Neither should wait on a slow upload or on seconds of
  // fetching images from other servers.
  const prepared = new WeakMap<FastifyRequest, Prepared>()
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.endpoint !== endpoints.products.import) return
    if (!request.isMultipart()) throw fieldError(415, FIELD, 'notCsv')
    // The query is already validated, and typed, for the handler; the hook sees it untyped.
    const dryRun = (request.query as { dryRun: boolean }).dryRun
    const file = await upload(request)
    const table = readCsv(file.content, {
      required: PRODUCT_IMPORT_COLUMNS,
      known: PRODUCT_CSV_COLUMNS,
      maxRows: MAX_IMPORT_ROWS,
      field: FIELD,
    })
    // A dry run checks each image and stores none; a real import stores them now, and the hook below removes
    // them again unless the import is written.
    const keep = dryRun ? null : { files, now: app.services.now() }
    try {
      const addresses = table.rows
        .flatMap((row) => listOf(row.cells.images))
        .filter((item) => isImageAddress(item) && isFetchedScheme(item))
      const fetched = await fetchImages(addresses, fetchOptions(), keep, request.log)
      prepared.set(request, { file, table, fetched })
    } catch (error) {
      if (error instanceof QueueFullError) throw imagesBusy(reply, error)
      throw error
    }
  })
  // Whatever ends an import other than its success (a row's error, the database refusing the write or the
  // commit), the images fetched for it would belong to no product.
  app.addHook('onSend', async (request, reply, payload) => {
    const fetched = prepared.get(request)?.fetched
    if (fetched && reply.statusCode >= 300) await removeFetched(files, fetched.stored, request.log)
    return payload
  })

  const importProducts: Handler<ImportEndpoint> = async (request, reply, { db, audit }) => {
    const dryRun = request.query.dryRun
    const { file, table, fetched } = prepared.get(request)!
    // A real import locks the products it updates before reading them, as the form's update does.
    const { planned, errors } = await checkRows(db, table.rows, table.problems, {
      lock: !dryRun,
      files,
      fetched: fetched.results,
    })
    const created = planned.filter((p) => p.id === null).length
    const updated = planned.length - created

    if (errors.length > 0) {
      // Nothing was written: the call records nothing, and its answer is the report.
      audit.skip = true
      const failed: Message = { code: 'importFailed', params: { count: errors.length } }
      const report: ImportReport = { created: 0, updated: 0, errors: errors.slice(0, MAX_REPORTED) }
      return reply.code(400).send({ ...refusal(400, failed, { [FIELD]: failed }), data: report })
    }
    if (dryRun) {
      audit.skip = true
      return {
        status: true,
        data: { created, updated, errors: [] },
        message: `No errors: ${created} to create and ${updated} to update; nothing was written`,
      }
    }

    await writeImportedProducts(db, planned, { now: app.services.now(), actor: actorOf(request) })
    audit.entityId = null
    audit.set('file', null, file.name)
    audit.set('created', null, created)
    audit.set('updated', null, updated)
    return {
      status: true,
      data: { created, updated, errors: [] },
      message: `${created} products created and ${updated} updated`,
    }
  }
  return { importProducts, upload }
}

/** The order a report lists a line's errors in: the file's columns, a problem of the whole line first. */
const columnRank = (field: string) => (field === '' ? -1 : PRODUCT_CSV_COLUMNS.indexOf(field as never))

/**
 * Every row checked with the product form's rules and against the database, set-based: one query for the
 * categories, one for the brands, one for the products the file updates and one for the slugs it would take.
 * Returns the rows to write, or the errors, each with its line and column.
 */
async function checkRows(
  db: Db,
  rows: readonly CsvRow[],
  problems: readonly { line: number; field: string; message: Message }[],
  options: {
    lock: boolean
    files: FileStore
    /** What each image address of the file gave: its stored path, or why it gave none. */
    fetched: FetchedImages['results']
  },
): Promise<{ planned: Planned[]; errors: ImportError[] }> {
  // One error per line and column, the first found: a formula is not also "not a number".
  const found = new Map<string, { line: number; field: string; message: Message }>()
  const fail = (line: number, field: string, message: Message) => {
    const key = `${line}\u0000${field}`
    if (!found.has(key)) found.set(key, { line, field, message })
  }
  for (const p of problems) fail(p.line, p.field, p.message)

  const [categoryIds, brandIds] = await Promise.all([
    namesToIds(
      db,
      'category',
      rows.map((r) => r.cells.category ?? ''),
    ),
    namesToIds(
      db,
      'brand',
      rows.map((r) => r.cells.brand ?? ''),
    ),
  ])

  // The ids the file names, each once; the products among them that are live.
  const firstLineOfId = new Map<number, number>()
  const wanted = new Map<CsvRow, number | null>()
  for (const row of rows) {
    const text = (row.cells.id ?? '').trim()
    if (text === '') {
      wanted.set(row, null)
      continue
    }
    const id = toDbId(text)
    if (id === null) {
      fail(row.line, 'id', { code: 'productNotFound' })
      continue
    }
    const first = firstLineOfId.get(id)
    if (first !== undefined) {
      fail(row.line, 'id', { code: 'csvIdTwice', params: { line: first } })
      continue
    }
    firstLineOfId.set(id, row.line)
    wanted.set(row, id)
  }
  // The live ones, with the images they show now: an image a product keeps is not looked for again.
  const live = new Map<number, readonly string[]>()
  if (firstLineOfId.size > 0) {
    for (const p of await liveProducts(db, [...firstLineOfId.keys()], options)) live.set(p.id, p.images)
  }

  const checked: (Omit<Planned, 'slug'> & { slug: string })[] = []
  for (const row of rows) {
    const { cells, line } = row
    const imageItems = listOf(cells.images)
    const parsed = rowBody.safeParse({
      name: cells.name,
      price: cells.price,
      description: cells.description,
      quantity: cells.quantity,
      images: imageItems.map((item) => (isImageAddress(item) ? ADDRESS_STAND_IN : item)),
      size: listOf(cells.size),
    })
    let rowFailed = false
    const rowFail = (field: string, message: Message) => {
      rowFailed = true
      fail(line, field, message)
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        rowFail(String(issue.path[0] ?? ''), readMessage(issue.message) ?? { code: 'invalid' })
      }
    }
    const badScheme = imageItems.find((item) => isImageAddress(item) && !isFetchedScheme(item))
    if (badScheme !== undefined) rowFail('images', { code: 'imageUrlScheme', params: { url: badScheme } })
    // An address that gave no image is the row's error, the first of the cell's if several failed.
    for (const item of imageItems) {
      const result = options.fetched.get(item)
      if (result && 'problem' in result) {
        rowFail('images', result.problem)
        break
      }
    }
    const categoryId = reference(cells.category, categoryIds, 'category', rowFail)
    const brandId = reference(cells.brand, brandIds, 'brand', rowFail)
    if (!wanted.has(row)) rowFailed = true
    const id = wanted.get(row) ?? null
    if (id !== null && !live.has(id)) rowFail('id', { code: 'productNotFound' })
    let slug = ''
    if (parsed.success) {
      slug = slugify(parsed.data.name)
      if (!slug) rowFail('name', { code: 'nameNeedsLetter' })
    }
    if (rowFailed || !parsed.success || categoryId === null || brandId === null) continue
    const { name, price, description, quantity, size } = parsed.data
    // The cell's own items: its addresses in place of their stand-ins, until they are fetched.
    const images = imageItems
    checked.push({ line, id, name, slug, price, description, quantity, images, size, categoryId, brandId })
  }

  // Images, as the form has them: each new path of the file looked for once in the storage.
  const isNewPath = (p: (typeof checked)[number]) => {
    const kept = new Set(p.id === null ? [] : live.get(p.id))
    return (path: string) => !isImageAddress(path) && !kept.has(path)
  }
  const missing = await missingFiles(
    options.files,
    checked.flatMap((p) => p.images.filter(isNewPath(p))),
  )
  const stored = checked.filter((p) => {
    const isNew = isNewPath(p)
    const gone = p.images.find((path) => isNew(path) && missing.has(path))
    if (gone !== undefined) fail(p.line, 'images', { code: 'imageMissing', params: { path: gone } })
    return gone === undefined
  })

  // Slugs, as the form makes them free: none twice in the file, none a live product other than the row's own
  // holds. A slug another row of the file is giving up still counts as held, so no order of writes collides.
  const lineOfSlug = new Map<string, number>()
  const planned: Planned[] = []
  const holders = await slugHolders(db, [...new Set(stored.map((p) => p.slug))])
  for (const p of stored) {
    const holder = holders.get(p.slug)
    const first = lineOfSlug.get(p.slug)
    if ((holder !== undefined && holder !== p.id) || first !== undefined) {
      fail(p.line, 'name', { code: 'productSlugTaken', params: { slug: p.slug } })
      continue
    }
    lineOfSlug.set(p.slug, p.line)
    planned.push(p)
  }

  // Each address becomes the stored path of its image. On a dry run nothing was stored and the address stays:
  // those rows are not written.
  for (const p of planned) {
    p.images = p.images.map((item) => {
      const result = options.fetched.get(item)
      return result && 'path' in result && result.path !== null ? result.path : item
    })
  }

  const errors = [...found.values()]
    .sort((a, b) => a.line - b.line || columnRank(a.field) - columnRank(b.field))
    .map(({ line, field, message }) => ({
      line,
      field,
      message: messageText(message),
      code: message.code,
      ...(message.params && { params: message.params }),
    }))
  return { planned, errors }
}

/** A category or brand cell: its id, or null after reporting a blank or unknown name. */
function reference(
  cell: string | undefined,
  known: { exact: Map<string, number>; bySlug: Map<string, number> },
  what: 'category' | 'brand',
  fail: (field: string, message: Message) => void,
): number | null {
  const name = (cell ?? '').trim()
  if (name === '') {
    fail(what, { code: 'required' })
    return null
  }
  const id = known.exact.get(name) ?? known.bySlug.get(slugify(name))
  if (id === undefined) {
    fail(what, { code: 'csvUnknownName', params: { what, name } })
    return null
  }
  return id
}

/**
 * The ids of the categories (or brands) the file names. A name matches exactly, or else by its slug ('ao thun'
 * finds 'Áo thun'): the slug is made from the name and unique, so it picks one record or none.
 */
async function namesToIds(
  db: Db,
  what: 'category' | 'brand',
  cells: readonly string[],
): Promise<{ exact: Map<string, number>; bySlug: Map<string, number> }> {
  const names = [...new Set(cells.map((c) => c.trim()).filter((c) => c !== ''))]
  const exact = new Map<string, number>()
  const bySlug = new Map<string, number>()
  if (names.length === 0) return { exact, bySlug }
  const slugs = [...new Set(names.map(slugify).filter((s) => s !== ''))]
  for (const r of await catalogRecordsNamed(db, what, names, slugs)) {
    exact.set(r.name, r.id)
    bySlug.set(r.slug, r.id)
  }
  return { exact, bySlug }
}

/** How many stored paths an import looks for at a time: a file may name thousands. */
const LOOKUPS_AT_ONCE = 32

/** The paths among `paths` no file of the storage holds, each asked once. */
async function missingFiles(files: FileStore, paths: readonly string[]): Promise<Set<string>> {
  const asked = [...new Set(paths)]
  const missing = new Set<string>()
  let next = 0
  const lane = async () => {
    while (next < asked.length) {
      const path = asked[next++]!
      if (!(await files.has(path))) missing.add(path)
    }
  }
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, asked.length) }, lane))
  return missing
}
