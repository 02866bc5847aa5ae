import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PreparedStatements } from '../../src/db/pglite-prepared.ts'

// The embedded database's thread queries through statements parsed once (`pglite-prepared.ts`). What it answers
// must be what PGlite's own `query()` answers, and it must hold no more statements than it says.

let db: PGlite

beforeAll(async () => {
  db = await PGlite.create()
  await db.exec(`create table item (id serial primary key, name text not null unique, price int,
                   tags text[], doc jsonb, at timestamptz, gone boolean not null default false)`)
})

afterAll(async () => {
  await db?.close()
})

const held = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n

describe('statements parsed once on the embedded database', () => {
  it('answers the rows, fields and counts PGlite’s query() answers, with parameters of every kind', async () => {
    const statements = new PreparedStatements(db)
    const insert = `insert into item (name, price, tags, doc, at) values ($1, $2, $3, $4, $5) returning *`
    const values = [
      ['Áo thun', 150000, ['a', 'b'], { size: 'M', colors: ['đỏ'] }, new Date('2026-11-26T03:00:00Z')],
      ['Quần', null, null, null, null],
    ]
    const mine = await statements.query(insert, values[0]!)
    const theirs = await db.query(insert.replace('returning *', 'returning *, 1 as other'), [
      'Áo thun 2',
      ...values[0]!.slice(1),
    ])
    expect(mine.fields).toEqual(theirs.fields.slice(0, -1))
    expect({ ...(mine.rows[0] as object), id: 0, name: '' }).toEqual({
      ...(theirs.rows[0] as object),
      id: 0,
      name: '',
      other: undefined,
    })
    expect(mine.affectedRows).toBe(1)
    await statements.query(insert, values[1]!)

    const select = 'select * from item where price is distinct from $1 and not gone order by id limit $2'
    for (const limit of [1, 2, 3]) {
      const a = await statements.query(select, [0, limit])
      const b = await db.query(select, [0, limit])
      expect(a.rows).toEqual(b.rows)
      expect(a.fields).toEqual(b.fields)
      expect(a.rows).toHaveLength(limit)
    }
    const update = await statements.query('update item set gone = $1 where name like $2', [false, '%'])
    expect(update.affectedRows).toBe(3)
    expect(update.rows).toEqual([])
    // Rows as arrays and a caller's parsers, as drizzle asks for them.
    const asArrays = await statements.query('select id, at from item where name = $1', ['Áo thun'], {
      rowMode: 'array',
      parsers: { 1184: (text: string) => `text:${text}` },
    })
    expect(asArrays.rows).toEqual([[1, expect.stringMatching(/^text:2026-11-26 03:00:00/)]])
    await db.exec('truncate item restart identity')
  })

  it('parses a text once and holds at most its limit, the least recently used let go', async () => {
    const before = await held()
    const statements = new PreparedStatements(db, 3)
    for (let i = 0; i < 10; i++) await statements.query('select $1::int + 1 as n', [i])
    expect(statements.size).toBe(1)
    expect(await held()).toBe((before ?? 0) + 1)
    for (const n of [1, 2, 3, 4, 5]) await statements.query(`select ${n} + $1::int as n`, [0])
    expect(statements.size).toBe(3)
    expect(await held()).toBe((before ?? 0) + 3)
    const again = await statements.query<{ n: number }>('select 5 + $1::int as n', [1])
    expect(again.rows).toEqual([{ n: 6 }])
  })

  it('passes PostgreSQL’s errors with their fields, holds no statement that failed to parse, and goes on', async () => {
    const statements = new PreparedStatements(db)
    await statements.query('insert into item (name) values ($1)', ['Mũ'])
    const taken = await statements
      .query('insert into item (name) values ($1)', ['Mũ'])
      .catch((e: unknown) => e)
    expect(taken).toMatchObject({ code: '23505', constraint: 'item_name_key' })
    const size = statements.size
    const wrong = await statements.query('selec 1', []).catch((e: unknown) => e)
    expect(wrong).toMatchObject({ code: '42601', query: 'selec 1' })
    expect(statements.size).toBe(size)
    const next = await statements.query('insert into item (name) values ($1) returning name', ['Nón'])
    expect(next.rows).toEqual([{ name: 'Nón' }])
    await db.exec('truncate item restart identity')
  })

  it('runs inside a transaction, and a statement outside waits for it to end', async () => {
    const statements = new PreparedStatements(db)
    const order: string[] = []
    let inside!: () => void
    const begun = new Promise<void>((resolve) => {
      inside = resolve
    })
    const transaction = db.transaction(async (tx) => {
      await statements.queryIn(tx, 'insert into item (name) values ($1)', ['kept'])
      inside()
      await new Promise((resolve) => setTimeout(resolve, 50))
      order.push('transaction')
      await statements.queryIn(tx, 'insert into item (name) values ($1)', ['also kept'])
    })
    await begun
    const outside = statements.query<{ n: number }>('select count(*)::int as n from item', []).then((r) => {
      order.push('outside')
      return r.rows[0]?.n
    })
    await transaction
    expect(await outside).toBe(2)
    expect(order).toEqual(['transaction', 'outside'])

    await expect(
      db.transaction(async (tx) => {
        await statements.queryIn(tx, 'insert into item (name) values ($1)', ['dropped'])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const names = await statements.query<{ name: string }>('select name from item order by id', [])
    expect(names.rows.map((r) => r.name)).toEqual(['kept', 'also kept'])
    await db.exec('truncate item restart identity')
  })

  it('answers anew once a table has changed under a statement it holds', async () => {
    const statements = new PreparedStatements(db)
    await statements.query('insert into item (name) values ($1)', ['Áo'])
    const before = await statements.query('select * from item where name = $1', ['Áo'])
    await db.exec('alter table item add column note text')
    const after = await statements.query('select * from item where name = $1', ['Áo'])
    expect(after.fields.map((f) => f.name)).toEqual([...before.fields.map((f) => f.name), 'note'])
    expect(after.rows).toEqual([{ ...(before.rows[0] as object), note: null }])
    await db.exec('alter table item drop column note; truncate item restart identity')
  })
})
