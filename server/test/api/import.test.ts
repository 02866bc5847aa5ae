import { PRODUCT_CSV_COLUMNS } from '@store/contract'
import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products } from '../../src/db/schema.ts'
import { insertBrand, insertCategory, insertProduct } from '../data.ts'
import { type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The product import (CONTRACT 4.1): a CSV file checked with the product form's rules, written whole or not at
// all, and the export's own file read back as it is.

let clock = Date.parse('2026-03-02T03:00:00Z')
const tick = () => {
  clock += 1000
  return new Date(clock)
}
let t: TestApp
const ref = { shirts: 0, shoes: 0, viettien: 0, bitis: 0 }

beforeAll(async () => {
  t = await startApp({ now: tick })
  await t.storeFiles(
    '/2026/03/a.webp',
    '/2026/03/b.webp',
    '/2026/03/cu.webp',
    '/2026/03/f.webp',
    '/2026/03/giay.webp',
    '/2026/03/k.webp',
    '/2026/03/khoac-1.webp',
    '/2026/03/khoac-2.png',
    '/2026/03/p.webp',
    '/2026/03/q.webp',
    '/2026/03/somi.webp',
    '/2026/03/t1.webp',
    '/2026/03/t2.webp',
    '/2026/03/tay-ngan.webp',
    '/2026/03/tot.webp',
  )
  const db = t.database.db
  ref.shirts = (await insertCategory(db, { name: 'Áo', slug: 'ao' })).id
  ref.shoes = (await insertCategory(db, { name: 'Giày dép', slug: 'giay-dep' })).id
  ref.viettien = (await insertBrand(db, { name: 'Việt Tiến', slug: 'viet-tien' })).id
  ref.bitis = (await insertBrand(db, { name: 'Biti’s', slug: 'biti-s' })).id
})
afterAll(async () => t?.close())

const HEADER = 'id,name,price,quantity,category,brand,size,images,description'

/** Sends `content` as the `file` part of a multipart form, as the import screen does. */
async function upload(content: string | Buffer, query = '', name = 'products.csv'): Promise<Answer> {
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'text/csv' }), name)
  return t.call('POST', `/api/admin/products/import${query}`, form)
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`

const snapshot = () => t.database.db.select().from(products).orderBy(asc(products.id))
const lastEntry = async () =>
  (await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).at(-1)?.id ?? 0
const entriesAfter = (id: number) =>
  t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id))

/** A report's errors as line, field and English message; their codes are checked where they matter. */
const plain = (errors: { line: number; field: string; message: string }[]) =>
  errors.map(({ line, field, message }) => ({ line, field, message }))

/** The refusal of a whole file: its status, the code and the field it names. */
function expectFileRefusal(answer: Answer, status: number, code: string) {
  const body = expectEnvelope(answer, status)
  expect(body.code).toBe(code)
  expect(Object.keys(body.errors)).toEqual(['file'])
  return body
}

describe('POST /api/admin/products/import', () => {
  it('checks every row on a dry run and writes nothing', async () => {
    const existing = await insertProduct(t.database.db, { name: 'Áo cũ', slug: 'ao-cu' })
    const before = await snapshot()
    const entry = await lastEntry()
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          ',Áo sơ mi trắng,350000,12,Áo,Việt Tiến,S|M,/2026/03/somi.webp,Vải lụa',
          `${existing.id},Áo cũ đổi tên,99000,3,Giày dép,Biti’s,,/2026/03/cu.webp,Mô tả`,
        ),
        '?dryRun=true',
      ),
      200,
    )
    expect(body.data).toEqual({ created: 1, updated: 1, errors: [] })
    expect(await snapshot()).toEqual(before)
    expect(await entriesAfter(entry)).toEqual([])
  })

  it('creates and updates every row in one go, names resolved, and records one entry', async () => {
    const existing = await insertProduct(t.database.db, {
      name: 'Giày cũ',
      slug: 'giay-cu',
      sold: 7,
      rating: 4,
    })
    const entry = await lastEntry()
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          ',Áo khoác gió,450000,5,Áo,Việt Tiến,M|L|XL,/2026/03/khoac-1.webp|/2026/03/khoac-2.png,"Chống nước, nhẹ"',
          // Names match whatever their case or accents, as the slug does.
          `${existing.id},Giày thể thao,720000,0,giay dep,BITI’S,,/2026/03/giay.webp,"Đế ""êm"""`,
        ),
        '',
        'nhà cung cấp.csv',
      ),
      200,
    )
    expect(body.data).toEqual({ created: 1, updated: 1, errors: [] })

    const [made] = await t.database.db.select().from(products).where(eq(products.slug, 'ao-khoac-gio'))
    expect(made).toMatchObject({
      name: 'Áo khoác gió',
      price: 450_000,
      quantity: 5,
      categoryId: ref.shirts,
      brandId: ref.viettien,
      size: ['M', 'L', 'XL'],
      images: ['/2026/03/khoac-1.webp', '/2026/03/khoac-2.png'],
      description: 'Chống nước, nhẹ',
      sold: 0,
      rating: 0,
      deletedAt: null,
    })
    const [changed] = await t.database.db.select().from(products).where(eq(products.id, existing.id))
    expect(changed).toMatchObject({
      name: 'Giày thể thao',
      slug: 'giay-the-thao',
      price: 720_000,
      quantity: 0,
      categoryId: ref.shoes,
      brandId: ref.bitis,
      size: [],
      description: 'Đế "êm"',
      // What a shop does not edit stays.
      sold: 7,
      rating: 4,
    })
    // Changed at the app's time, as the form's update does.
    expect(changed!.updatedAt.getTime()).toBeGreaterThan(Date.parse('2026-03-02T03:00:00Z'))
    expect(changed!.updatedAt.getTime()).toBeLessThanOrEqual(clock)
    // The list shows the new product like one made with the form.
    const listed = expectEnvelope(await t.call('GET', '/api/admin/products?name=khoac'), 200)
    expect(listed.data.map((p: { id: string }) => p.id)).toEqual([String(made!.id)])

    const entries = await entriesAfter(entry)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      entity: 'product',
      action: 'import',
      entityId: null,
      actorId: t.adminId,
      changes: { file: [null, 'nhà cung cấp.csv'], created: [null, 1], updated: [null, 1] },
    })
  })

  it('writes nothing when one row is wrong, and reports each wrong cell with its line and field', async () => {
    const before = await snapshot()
    const entry = await lastEntry()
    const answer = await upload(
      csv(
        HEADER,
        ',Áo tốt,100000,1,Áo,Việt Tiến,M,/2026/03/tot.webp,Đúng',
        ',Áo giá chữ,một trăm,1,Áo,Việt Tiến,M,/2026/03/a.webp,Sai giá',
        ',,100000,-0,Mũ,Việt Tiến,XXL,not-a-path,',
        '',
        ',"Hai',
        'dòng",5,1,Áo,Hãng lạ,S|S,/2026/03/b.webp,Sai hãng',
      ),
    )
    const body = expectEnvelope(answer, 400)
    expect(body.code).toBe('importFailed')
    expect(body.message).toBe('file: The file has 9 errors; nothing was imported')
    expect({ ...body.data, errors: plain(body.data.errors) }).toEqual({
      created: 0,
      updated: 0,
      errors: [
        { line: 3, field: 'price', message: 'This field must be a number' },
        { line: 4, field: 'name', message: 'This field is required' },
        { line: 4, field: 'quantity', message: 'Must be a whole number of 0 or more' },
        { line: 4, field: 'category', message: 'No category is named Mũ' },
        { line: 4, field: 'size', message: 'Must be one of S, M, L, XL' },
        { line: 4, field: 'images', message: 'Must be a path returned by the file upload' },
        { line: 4, field: 'description', message: 'This field is required' },
        { line: 6, field: 'brand', message: 'No brand is named Hãng lạ' },
        { line: 6, field: 'size', message: 'Each size may be chosen once' },
      ],
    })
    expect(await snapshot()).toEqual(before)
    expect(await entriesAfter(entry)).toEqual([])
  })

  it('updates by id: an unknown or deleted id, or one named twice, is an error on that line', async () => {
    const live = await insertProduct(t.database.db, { name: 'Quần tây', slug: 'quan-tay' })
    const gone = await insertProduct(t.database.db, {
      name: 'Quần cũ',
      slug: 'quan-cu',
      deletedAt: new Date(),
    })
    const before = await snapshot()
    const row = (id: unknown, name: string) => `${id},${name},1000,1,Áo,Việt Tiến,,/2026/03/q.webp,Mô tả`
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          row(live.id, 'Quần tây một'),
          row(gone.id, 'Quần hai'),
          row(99_999_999, 'Quần ba'),
          row('abc', 'Quần bốn'),
          row(live.id, 'Quần năm'),
        ),
      ),
      400,
    )
    expect(plain(body.data.errors)).toEqual([
      { line: 3, field: 'id', message: 'Product not found' },
      { line: 4, field: 'id', message: 'Product not found' },
      { line: 5, field: 'id', message: 'Product not found' },
      { line: 6, field: 'id', message: 'This id is already on line 2' },
    ])
    expect(await snapshot()).toEqual(before)

    expectEnvelope(await upload(csv(HEADER, row(live.id, 'Quần tây mới'))), 200)
    const [changed] = await t.database.db.select().from(products).where(eq(products.id, live.id))
    expect(changed).toMatchObject({ name: 'Quần tây mới', slug: 'quan-tay-moi', price: 1000 })
  })

  it('keeps slugs free as the form does: not one a live product holds, not the same twice in a file', async () => {
    await insertProduct(t.database.db, { name: 'Khăn lụa', slug: 'khan-lua' })
    const row = (name: string) => `,${name},1000,1,Áo,Việt Tiến,,/2026/03/k.webp,Mô tả`
    const body = expectEnvelope(
      await upload(csv(HEADER, row('Khăn lụa'), row('Khăn len'), row('KHĂN LEN'), row('!!!'))),
      400,
    )
    expect(plain(body.data.errors)).toEqual([
      { line: 2, field: 'name', message: "A product with the slug 'khan-lua' already exists" },
      { line: 4, field: 'name', message: "A product with the slug 'khan-len' already exists" },
      { line: 5, field: 'name', message: 'The name needs at least one letter or digit' },
    ])
  })

  it('fails a row naming an image no file is stored at, with its line, the column and the path', async () => {
    const existing = await insertProduct(t.database.db, { name: 'Áo có ảnh', slug: 'ao-co-anh' })
    const before = await snapshot()
    const row = (id: unknown, name: string, images: string) =>
      `${id},${name},1000,1,Áo,Việt Tiến,,${images},Mô tả`
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          row('', 'Áo mới', '/2026/03/a.webp|/2026/03/none.webp'),
          row('', 'Áo mới hai', '/2026/03/a.webp'),
          // What the product shows already is not looked for: the file may have gone since.
          row(existing.id, 'Áo có ảnh', existing.images.join('|')),
          row(existing.id + 100_000, 'Áo ma', '/2026/03/none-2.webp'),
        ),
      ),
      400,
    )
    expect(body.data.errors).toEqual([
      {
        line: 2,
        field: 'images',
        message: 'No uploaded image is stored at /2026/03/none.webp; upload it again',
        code: 'imageMissing',
        params: { path: '/2026/03/none.webp' },
      },
      { line: 5, field: 'id', message: 'Product not found', code: 'productNotFound' },
    ])
    expect(await snapshot()).toEqual(before)
  })

  it('reads back the export’s file as it is: BOM, every column, quoted cells, guarded formulas', async () => {
    const tricky = await insertProduct(t.database.db, {
      name: '=HYPERLINK("x"), áo',
      slug: 'hyperlink-x-ao',
      description: '-giảm giá\r\n+ "mới"',
      size: ['S', 'XL'],
      images: ['/2026/03/t1.webp', '/2026/03/t2.webp'],
      categoryId: ref.shoes,
      brandId: ref.bitis,
      price: 1_250_000,
      quantity: 3,
      sold: 2,
      rating: 4.5,
    })
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/export?name=hyperlink',
      headers: t.auth,
    })
    expect(exported.statusCode).toBe(200)
    const file = exported.rawPayload
    // The export guards the cells a spreadsheet would run.
    expect(file.toString('utf8')).toContain(`"'=HYPERLINK(""x""), áo"`)
    const before = await snapshot()

    const body = expectEnvelope(await upload(file, '', 'products-20260302.csv'), 200)
    expect(body.data).toEqual({ created: 0, updated: 1, errors: [] })
    const after = await snapshot()
    // Only what marks an edit moves: the time, and the version (CONTRACT 4.6), since an import edits the row.
    const strip = (rows: typeof before) => rows.map(({ updatedAt: _u, version: _v, ...r }) => r)
    expect(strip(after)).toEqual(strip(before))
    const [read] = after.filter((p) => p.id === tricky.id)
    expect(read!.version).toBe(before.find((p) => p.id === tricky.id)!.version + 1)
    expect(read!.name).toBe('=HYPERLINK("x"), áo')
    expect(read!.description).toBe('-giảm giá\r\n+ "mới"')
  })

  it('reads a file shaped as the export by hand: BOM, extra columns in any order, guarded cells', async () => {
    const header = [...PRODUCT_CSV_COLUMNS].reverse().join(',')
    const cells = {
      id: '',
      name: "'@Áo, tay ngắn",
      slug: 'ignored-slug',
      price: '199000',
      quantity: '4',
      category: 'Áo',
      brand: 'Việt Tiến',
      size: 'S|M',
      images: '/2026/03/tay-ngan.webp',
      description: '"Dòng 1\nDòng ""2"""',
      sold: '55',
      rating: '5',
      createdAt: '2026-01-01 10:00:00',
      updatedAt: '2026-01-02 10:00:00',
    }
    const line = [...PRODUCT_CSV_COLUMNS]
      .reverse()
      .map((c) => cells[c])
      .join(',')
    const quoted = line.replace("'@Áo, tay ngắn", `"'@Áo, tay ngắn"`)
    const body = expectEnvelope(await upload(`\uFEFF${header}\r\n${quoted}\r\n`), 200)
    expect(body.data).toEqual({ created: 1, updated: 0, errors: [] })
    const [made] = await t.database.db.select().from(products).where(eq(products.name, '@Áo, tay ngắn'))
    expect(made).toMatchObject({
      slug: 'ao-tay-ngan',
      description: 'Dòng 1\nDòng "2"',
      size: ['S', 'M'],
      sold: 0,
      rating: 0,
    })
  })

  it('refuses a cell that starts a formula', async () => {
    const before = await snapshot()
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          ",=cmd|'/c calc'!A1,1000,1,Áo,Việt Tiến,,/2026/03/f.webp,Mô tả",
          ',Áo,1000,1,Áo,Việt Tiến,,/2026/03/f.webp,@SUM(1)',
        ),
      ),
      400,
    )
    expect(plain(body.data.errors)).toEqual([
      { line: 2, field: 'name', message: 'A cell may not hold a formula (starting with =, +, -, @)' },
      { line: 3, field: 'description', message: 'A cell may not hold a formula (starting with =, +, -, @)' },
    ])
    expect(await snapshot()).toEqual(before)
  })

  it('takes a price only as plain digits, and says a negative number is not a whole number of 0 or more', async () => {
    const before = await snapshot()
    const body = expectEnvelope(
      await upload(
        csv(
          HEADER,
          // How a Vietnamese spreadsheet writes 100,000: read as 100 it would sell the product a thousand times too cheap.
          ',Áo giá chấm,100.000,1,Áo,Việt Tiến,,/2026/03/p.webp,Mô tả',
          ',Áo giá mũ,1e5,1,Áo,Việt Tiến,,/2026/03/p.webp,Mô tả',
          ',Áo giá âm,-5,1,Áo,Việt Tiến,,/2026/03/p.webp,Mô tả',
          ',Áo số lượng,1000,+3,Áo,Việt Tiến,,/2026/03/p.webp,Mô tả',
        ),
      ),
      400,
    )
    const whole = 'Must be a whole number of 0 or more'
    expect(
      body.data.errors.map((e: { line: number; field: string; message: string }) => [
        e.line,
        e.field,
        e.message,
      ]),
    ).toEqual([
      [2, 'price', whole],
      [3, 'price', whole],
      [4, 'price', whole],
      [5, 'quantity', whole],
    ])
    expect(body.data.errors[0].code).toBe('wholeNumber')
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a header that names a column twice, two files, and a body that is not a form', async () => {
    const twice = expectFileRefusal(
      await upload(csv(`${HEADER},name`, ',A,1,1,Áo,Việt Tiến,,/2026/03/a.webp,d,B')),
      400,
      'csvColumnTwice',
    )
    expect(twice.errors.file).toBe('The header names the column name twice')
    const form = new FormData()
    const file = csv(HEADER, ',A,1,1,Áo,Việt Tiến,,/2026/03/a.webp,d')
    form.append('file', new Blob([file], { type: 'text/csv' }), 'a.csv')
    form.append('file', new Blob([file], { type: 'text/csv' }), 'b.csv')
    const two = expectFileRefusal(await t.call('POST', '/api/admin/products/import', form), 400, 'oneFile')
    expect(two.errors.file).toBe('Send one file')
    expectFileRefusal(await t.call('POST', '/api/admin/products/import', { file: HEADER }), 415, 'notCsv')
  })

  it('refuses a file whose header lacks a column or names an unknown one', async () => {
    const missing = expectFileRefusal(
      await upload(
        csv(
          'id,name,price,quantity,category,brand,images,description',
          ',A,1,1,Áo,Việt Tiến,/2026/03/a.webp,d',
        ),
      ),
      400,
      'csvHeader',
    )
    expect(missing.errors.file).toBe(
      'The header row must name these columns: id, name, price, quantity, category, brand, size, images, description',
    )
    const unknown = expectFileRefusal(
      await upload(csv(`${HEADER},colour`, ',A,1,1,Áo,Việt Tiến,,/2026/03/a.webp,d,red')),
      400,
      'csvUnknownColumn',
    )
    expect(unknown.params.column).toBe('colour')
  })

  it('refuses text that is not UTF-8 with a 400, and a binary file named .csv with a 415', async () => {
    const latin1 = Buffer.from(csv(HEADER, ',Áo len,1000,1,Áo,Việt Tiến,,/2026/03/a.webp,Mô tả'), 'latin1')
    expectFileRefusal(await upload(latin1), 400, 'csvEncoding')
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
      'hex',
    )
    expectFileRefusal(await upload(png, '', 'products.csv'), 415, 'notCsv')
  })

  it('refuses an empty file, a header without rows, and a file without a file part', async () => {
    expectFileRefusal(await upload(''), 400, 'csvEmpty')
    expectFileRefusal(await upload(csv(HEADER, '', ',,,,,,,,')), 400, 'csvEmpty')
    const form = new FormData()
    form.append('note', 'no file')
    expectFileRefusal(await t.call('POST', '/api/admin/products/import', form), 400, 'required')
    const json = await t.call('POST', '/api/admin/products/import', { file: HEADER })
    expect(json.statusCode).toBe(415)
  })

  it('refuses more than 100,000 rows and writes nothing', async () => {
    const before = (await snapshot()).length
    const row = ',P,1,1,Áo,Việt Tiến,,/2026/03/p.webp,d\n'
    const body = expectFileRefusal(await upload(`${HEADER}\n${row.repeat(100_001)}`), 400, 'csvTooManyRows')
    expect(body.errors.file).toBe('At most 100000 rows per file')
    expect((await snapshot()).length).toBe(before)
  })

  it('refuses a file larger than UPLOAD_MAX_MB with a 413', async () => {
    const big = Buffer.alloc(t.config.UPLOAD_MAX_MB * 1024 * 1024 + 1, 'a')
    const body = expectFileRefusal(await upload(big), 413, 'fileTooLarge')
    expect(body.params).toEqual({ mb: t.config.UPLOAD_MAX_MB })
  })

  it('imports a thousand rows', async () => {
    await t.storeFiles(...Array.from({ length: 1000 }, (_, i) => `/2026/03/m${i}.webp`))
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `,Mẫu số ${i},${1000 + i},${i},Áo,Việt Tiến,M,/2026/03/m${i}.webp,Mô tả ${i}`,
    )
    const body = expectEnvelope(await upload(csv(HEADER, ...rows)), 200)
    expect(body.data).toEqual({ created: 1000, updated: 0, errors: [] })
    const made = await t.database.db
      .select({ name: products.name, price: products.price })
      .from(products)
      .where(and(inArray(products.slug, ['mau-so-0', 'mau-so-999'])))
      .orderBy(asc(products.price))
    expect(made).toEqual([
      { name: 'Mẫu số 0', price: 1000 },
      { name: 'Mẫu số 999', price: 1999 },
    ])
    const listed = expectEnvelope(await t.call('GET', '/api/admin/products?name=mau%20so&limit=1'), 200)
    expect(listed.meta.totalResults).toBe(1000)
  })
})
