import { describe, expect, it } from 'vitest'
import { readCsv } from '../../src/lib/csv-read.ts'
import { HttpError } from '../../src/lib/errors.ts'

const shape = { required: ['id', 'name'], known: ['id', 'name', 'slug'], maxRows: 5, field: 'file' }
const read = (text: string | Buffer) => readCsv(typeof text === 'string' ? Buffer.from(text) : text, shape)

/** The refusal `read` throws: its status and message code (with parameters). */
function refusalOf(text: string | Buffer) {
  try {
    read(text)
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, ...error.refusal }
    throw error
  }
  throw new Error('the file was accepted')
}

describe('readCsv', () => {
  it('reads rows by column, in any column order, with the line each starts on', () => {
    const table = read('name,id\r\n"Áo, thun",1\r\n\r\n"Hai\r\ndòng",\r\nBa,3')
    expect(table.problems).toEqual([])
    expect(table.rows).toEqual([
      { line: 2, cells: { name: 'Áo, thun', id: '1' } },
      { line: 4, cells: { name: 'Hai\r\ndòng', id: '' } },
      { line: 6, cells: { name: 'Ba', id: '3' } },
    ])
  })

  it('counts lines ended by LF or a lone CR as well, and skips rows with every cell empty', () => {
    expect(read('id,name\n1,"a\nb"\n,\n2,c\n').rows.map((r) => r.line)).toEqual([2, 5])
    expect(read('id,name\r1,a\r\r2,b').rows.map((r) => r.line)).toEqual([2, 4])
  })

  it('strips the BOM and accepts the extra columns it knows', () => {
    const table = read('\uFEFFid,name,slug\n1,Áo,ao\n')
    expect(table.rows).toEqual([{ line: 2, cells: { id: '1', name: 'Áo', slug: 'ao' } }])
  })

  it('takes off the guard our export puts before formula-like text, and reports a bare formula', () => {
    const table = read("id,name\n1,'=SUM(A1)\n2,'-5\n3,=1+1\n4,@cmd\n5,'plain\n")
    expect(table.rows.map((r) => r.cells.name)).toEqual(['=SUM(A1)', '-5', '=1+1', '@cmd', "'plain"])
    expect(table.problems).toEqual([
      { line: 4, field: 'name', message: { code: 'csvFormula' } },
      { line: 5, field: 'name', message: { code: 'csvFormula' } },
    ])
  })

  it('reports a line with the wrong number of cells and a quote left open, with their lines', () => {
    const table = read('id,name\n1,a,extra\n2,b\n3,"open\n4,d\n')
    expect(table.rows.map((r) => r.line)).toEqual([3])
    expect(table.problems).toEqual([
      { line: 2, field: '', message: { code: 'csvColumns', params: { count: 3, expected: 2 } } },
      { line: 4, field: '', message: { code: 'csvQuote' } },
    ])
  })

  it('reports a cell over a million characters as too long, with its line and column, not as a quote', () => {
    const long = 'x'.repeat(1_000_001)
    for (const cell of [long, `"${long}"`]) {
      const table = read(`id,name\n1,a\n2,${cell}\n3,c\n`)
      expect(table.rows.map((r) => r.line)).toEqual([2])
      expect(table.problems).toEqual([
        { line: 3, field: 'name', message: { code: 'csvCellTooLong', params: { max: 1_000_000 } } },
      ])
    }
    expect(refusalOf(`id,${long}\n1,a\n`)).toEqual({
      status: 400,
      code: 'csvCellTooLong',
      params: { max: 1_000_000 },
    })
  })

  it('refuses a header missing a column, naming a column it does not know, or naming one twice', () => {
    expect(refusalOf('id\n1\n')).toEqual({ status: 400, code: 'csvHeader', params: { columns: 'id, name' } })
    expect(refusalOf('id,name,price\n1,a,2\n')).toMatchObject({
      status: 400,
      code: 'csvUnknownColumn',
      params: { column: 'price', columns: 'id, name, slug' },
    })
    expect(refusalOf('id,name,name\n1,a,b\n')).toEqual({
      status: 400,
      code: 'csvColumnTwice',
      params: { column: 'name' },
    })
  })

  it('refuses a file without rows and one with too many', () => {
    expect(refusalOf('')).toMatchObject({ status: 400, code: 'csvEmpty' })
    expect(refusalOf('id,name\r\n\r\n,\r\n')).toMatchObject({ status: 400, code: 'csvEmpty' })
    expect(read('id,name\n1,a\n2,b\n3,c\n4,d\n5,e\n').rows).toHaveLength(5)
    expect(refusalOf('id,name\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n')).toEqual({
      status: 400,
      code: 'csvTooManyRows',
      params: { max: 5 },
    })
  })

  it('refuses text in another encoding with a 400 and bytes that are no text with a 415', () => {
    expect(refusalOf(Buffer.from('id,name\n1,\xc1o thun\n', 'latin1'))).toMatchObject({
      status: 400,
      code: 'csvEncoding',
    })
    expect(refusalOf(Buffer.from('\uFEFFid,name\n1,a\n', 'utf16le'))).toMatchObject({
      status: 400,
      code: 'csvEncoding',
    })
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d])
    expect(refusalOf(png)).toMatchObject({ status: 415, code: 'notCsv' })
    expect(refusalOf('id,name\n1,a\u0000b\n')).toMatchObject({ status: 415, code: 'notCsv' })
  })
})
