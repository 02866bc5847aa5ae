import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '../../src/db/client.ts'
import {
  brands,
  categories,
  orderLines,
  orders,
  products,
  refreshTokens,
  reviews,
  users,
} from '../../src/db/schema.ts'
import { COUNTED, countRows, type Narrowed, type Population, tablesRead } from '../../src/lib/counts.ts'
import { matches } from '../../src/lib/list.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Every list total comes from the counters (migration 0013, lib/counts.ts) or from a count when asked. Each
// check compares it with a plain count(*) over the table, written here by hand: the answer it must always equal.

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => t.close())

const truth: Record<Population, SQL> = {
  users: sql`select count(*)::float8 as n from users where true`,
  customers: sql`select count(*)::float8 as n from users where role = 'user'`,
  admins: sql`select count(*)::float8 as n from users where role = 'admin'`,
  categories: sql`select count(*)::float8 as n from categories where true`,
  brands: sql`select count(*)::float8 as n from brands where true`,
  products: sql`select count(*)::float8 as n from products where deleted_at is null`,
  reviews: sql`select count(*)::float8 as n from reviews where true`,
  orders: sql`select count(*)::float8 as n from orders where true`,
  order_lines: sql`select count(*)::float8 as n from order_lines where true`,
  product_variants: sql`select count(*)::float8 as n from product_variants where not retired`,
  shipments: sql`select count(*)::float8 as n from shipments where true`,
}
const everyPopulation = Object.keys(truth) as Population[]

async function counted(what: Population, narrowed?: Narrowed) {
  const [row] = await rows<{ n: number }>(
    db(),
    narrowed ? sql`${truth[what]} and (${narrowed.where})` : truth[what],
  )
  return row!.n
}

/** A name search as a list makes it: the condition, and the term when nothing else narrows. */
const named = (column: PgColumn, term: string): Narrowed => ({ where: matches(column, term), nameOnly: term })

/** Every stored total equals a real count. */
async function expectExact() {
  for (const what of everyPopulation) {
    expect({ what, n: await countRows(db(), what) }).toEqual({ what, n: await counted(what) })
  }
}

const deltaRows = async (population: string) =>
  (
    await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from counts where population = ${population} and name_search is null`,
    )
  )[0]!.n

let serial = 0
const unique = () => ++serial

async function customer(name = `Khách ${unique()}`) {
  const n = unique()
  const [row] = await db()
    .insert(users)
    .values({ name, email: `khach${n}@test.example`, role: 'user' })
    .returning()
  return row!
}

async function catalog() {
  const n = unique()
  const [category] = await db()
    .insert(categories)
    .values({ name: `Danh mục ${n}`, slug: `danh-muc-${n}` })
    .returning()
  const [brand] = await db()
    .insert(brands)
    .values({ name: `Hãng ${n}`, slug: `hang-${n}` })
    .returning()
  return { categoryId: category!.id, brandId: brand!.id }
}

async function productsNamed(names: string[]) {
  const { categoryId, brandId } = await catalog()
  return db()
    .insert(products)
    .values(names.map((name) => ({ name, slug: `sp-${unique()}`, price: 100_000, categoryId, brandId })))
    .returning()
}

describe('what is counted', () => {
  it('is the same in the database and in lib/counts.ts: the populations, their conditions and names', async () => {
    const inDatabase = await rows<{ population: string; table: string; condition: string; names: string }>(
      db(),
      sql`select population, table_name as table, condition, names from counted order by population`,
    )
    const inCode = Object.entries(COUNTED)
      .map(([population, c]) => ({ population, ...c }))
      .sort((a, b) => (a.population < b.population ? -1 : 1))
    expect(inDatabase).toEqual(inCode)
    // A table's change version is the `changes` of the population of its own name (remembered counts read it).
    for (const { table } of Object.values(COUNTED)) expect(Object.keys(COUNTED)).toContain(table)
  })

  it('has a counting trigger for every row event and TRUNCATE of every counted table, and nothing else', async () => {
    const triggers = await rows<{ table: string; events: string }>(
      db(),
      sql`select t.table, string_agg(t.event, ',' order by t.event) as events
            from (select c.relname as table,
                         case when t.tgtype & 4 <> 0 then 'insert' when t.tgtype & 8 <> 0 then 'delete'
                              when t.tgtype & 16 <> 0 then 'update' else 'truncate' end as event
                    from pg_trigger t join pg_class c on c.oid = t.tgrelid
                   where not t.tgisinternal
                     and t.tgfoid in ('count_rows'::regproc, 'count_truncated'::regproc)) t
           group by t.table order by t.table`,
    )
    const tables = [...new Set(Object.values(COUNTED).map((c) => c.table))].sort()
    expect(triggers).toEqual(tables.map((table) => ({ table, events: 'delete,insert,truncate,update' })))
  })
})

describe('stored totals', () => {
  it('start exact, with the signed-in administrator counted', async () => {
    await expectExact()
    expect(await countRows(db(), 'admins')).toBe(1)
    expect(await countRows(db(), 'customers')).toBe(0)
  })

  it('follow inserts and deletes of every table', async () => {
    const a = await customer()
    await customer()
    const made = await productsNamed(['Áo thun', 'Quần jean', 'Giày da'])
    const [order] = await db().insert(orders).values({ userId: a.id, address: 'Hà Nội' }).returning()
    await db()
      .insert(orderLines)
      .values({ orderId: order!.id, productId: made[0]!.id, price: 1, quantity: 1 })
    await db().insert(reviews).values({ productId: made[0]!.id, userId: a.id, content: 'Tốt', rating: 5 })
    await expectExact()
    expect(await countRows(db(), 'products')).toBe(3)

    await db().delete(reviews)
    await db().delete(orders).where(eq(orders.id, order!.id))
    await db().delete(products).where(eq(products.id, made[2]!.id))
    await db().delete(users).where(eq(users.id, a.id))
    await expectExact()
    expect(await countRows(db(), 'products')).toBe(2)
    expect(await countRows(db(), 'orders')).toBe(0)
  })

  it('move with a soft delete and an undelete, and ignore deleting a product already soft-deleted', async () => {
    const [p] = await productsNamed(['Túi xách'])
    const before = await countRows(db(), 'products')
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, p!.id))
    expect(await countRows(db(), 'products')).toBe(before - 1)
    await db().update(products).set({ name: 'Túi xách da' }).where(eq(products.id, p!.id))
    expect(await countRows(db(), 'products')).toBe(before - 1)
    await db().update(products).set({ deletedAt: null }).where(eq(products.id, p!.id))
    expect(await countRows(db(), 'products')).toBe(before)
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, p!.id))
    await db().delete(products).where(eq(products.id, p!.id))
    expect(await countRows(db(), 'products')).toBe(before - 1)
    await expectExact()
  })

  it('move customers and admins when a role changes, leaving users alone', async () => {
    const c = await customer()
    const [users0, customers0, admins0] = [
      await countRows(db(), 'users'),
      await countRows(db(), 'customers'),
      await countRows(db(), 'admins'),
    ]
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, c.id))
    expect(await countRows(db(), 'users')).toBe(users0)
    expect(await countRows(db(), 'customers')).toBe(customers0 - 1)
    expect(await countRows(db(), 'admins')).toBe(admins0 + 1)
    await db().update(users).set({ role: 'user' }).where(eq(users.id, c.id))
    expect(await countRows(db(), 'customers')).toBe(customers0)
    expect(await countRows(db(), 'admins')).toBe(admins0)
    await expectExact()
  })

  it('take one row per statement for a bulk insert, however many rows it writes', async () => {
    const { categoryId, brandId } = await catalog()
    const before = await countRows(db(), 'products')
    const rowsBefore = await deltaRows('products')
    await db().execute(sql`
      insert into products (name, slug, category_id, brand_id)
      select 'Sản phẩm ' || g, 'bulk-' || g, ${categoryId}, ${brandId} from generate_series(1, 2000) g`)
    expect(await countRows(db(), 'products')).toBe(before + 2000)
    // One delta row, or fewer if this statement happened to compact.
    expect(await deltaRows('products')).toBeLessThanOrEqual(rowsBefore + 1)
    await db().execute(
      sql`update products set deleted_at = now() where slug like 'bulk-%' and slug < 'bulk-5'`,
    )
    await expectExact()
    await db().execute(sql`delete from products where slug like 'bulk-%'`)
    expect(await countRows(db(), 'products')).toBe(before)
    await expectExact()
  })

  it('stay exact under concurrent writers', async () => {
    const before = await countRows(db(), 'customers')
    await Promise.all(Array.from({ length: 12 }, () => customer()))
    expect(await countRows(db(), 'customers')).toBe(before + 12)
    await expectExact()
  })

  it('survive compaction unchanged, folded into one row a population', async () => {
    const before = Object.fromEntries(
      await Promise.all(everyPopulation.map(async (w) => [w, await countRows(db(), w)])),
    )
    await db().execute(sql`select compact_stats()`)
    for (const what of everyPopulation) expect(await countRows(db(), what)).toBe(before[what])
    expect(await deltaRows('products')).toBe(1)
  })

  it('are exact again after rebuild_stats() following a load with triggers off', async () => {
    const { categoryId, brandId } = await catalog()
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        insert into products (name, slug, category_id, brand_id)
        select 'Hàng nạp ' || g, 'load-' || g, ${categoryId}, ${brandId} from generate_series(1, 300) g`)
      await tx.execute(sql`
        insert into users (name, email, role)
        select 'Khách nạp ' || g, 'load' || g || '@test.example', 'user' from generate_series(1, 40) g`)
    })
    // The triggers were off: the counters have not seen these rows.
    expect(await countRows(db(), 'products')).toBe((await counted('products')) - 300)
    await db().execute(sql`select rebuild_stats()`)
    await expectExact()
  })

  it('are rebuilt after a TRUNCATE', async () => {
    const [p] = await productsNamed(['Nón lá'])
    const c = await customer()
    await db().insert(reviews).values({ productId: p!.id, userId: c.id, content: 'Đẹp', rating: 4 })
    expect(await countRows(db(), 'reviews')).toBeGreaterThan(0)
    await db().execute(sql`truncate reviews`)
    expect(await countRows(db(), 'reviews')).toBe(0)
    await expectExact()
  })

  it('are what a list answers as totalResults', async () => {
    const list = expectEnvelope(await t.call('GET', '/api/admin/categories?limit=1'), 200)
    expect(list.meta.totalResults).toBe(await counted('categories'))
  })
})

describe('remembered totals of filters', () => {
  const remembered = async () =>
    (await rows<{ n: number }>(db(), sql`select count(*)::int as n from search_counts`))[0]!.n
  /** Makes every remembered count of `population` say 999, to see whether the next read uses it. */
  const tamper = (population: Population) =>
    db().execute(sql`update search_counts set n = 999 where population = ${population}`)

  it('are exact and remembered, and used while nothing they read has changed', async () => {
    await productsNamed(['Áo sơ mi trắng', 'Áo khoác gió', 'Quần short'])
    const cheap: Narrowed = { where: sql`${products.price} <= 100000` }
    const n = await countRows(db(), 'products', cheap)
    expect(n).toBe(await counted('products', cheap))
    expect(await remembered()).toBeGreaterThan(0)
    await tamper('products')
    expect(await countRows(db(), 'products', cheap)).toBe(999)
  })

  it('are retired by any committed write to a table the condition reads, and only those', async () => {
    const khoi = await customer('Phạm Văn Khôi')
    await db().insert(orders).values({ userId: khoi.id, address: 'Huế', status: 1 })
    const pendingOfKhoi: Narrowed = {
      where: sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, 'khoi')})
                 and ${orders.status} = 1`,
    }
    const n = await countRows(db(), 'orders', pendingOfKhoi)
    expect(n).toBe(await counted('orders', pendingOfKhoi))
    await tamper('orders')
    // A write to a table the condition does not read leaves the remembered count alone.
    await productsNamed(['Khăn len'])
    expect(await countRows(db(), 'orders', pendingOfKhoi)).toBe(999)
    // A write to the customers the condition reads retires it, though not one order changed.
    await db().update(users).set({ name: 'Phạm Văn Khải' }).where(eq(users.id, khoi.id))
    expect(await countRows(db(), 'orders', pendingOfKhoi)).toBe(n - 1)
    await tamper('orders')
    await db().update(orders).set({ status: 2 }).where(eq(orders.userId, khoi.id))
    expect(await countRows(db(), 'orders', pendingOfKhoi)).toBe(await counted('orders', pendingOfKhoi))
  })

  it('are retired by rebuild_stats(), after rows written with triggers off', async () => {
    const { categoryId, brandId } = await catalog()
    const inCategory: Narrowed = { where: eq(products.categoryId, categoryId) }
    expect(await countRows(db(), 'products', inCategory)).toBe(0)
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        insert into products (name, slug, category_id, brand_id)
        select 'Hàng lặng lẽ ' || g, 'quiet-' || g, ${categoryId}, ${brandId} from generate_series(1, 7) g`)
    })
    // The triggers were off: no version moved, so the remembered 0 still reads as exact.
    expect(await countRows(db(), 'products', inCategory)).toBe(0)
    await db().execute(sql`select rebuild_stats()`)
    expect(await countRows(db(), 'products', inCategory)).toBe(7)
  })

  it('are counted every time when the condition reads the clock or a table whose writes move no version', async () => {
    const recent: Narrowed = { where: sql`${products.createdAt} > now() - interval '1 day'` }
    const signedIn: Narrowed = {
      where: sql`${users.id} in (select ${refreshTokens.userId} from ${refreshTokens})`,
    }
    const before = await remembered()
    expect(await countRows(db(), 'products', recent)).toBe(await counted('products', recent))
    expect(await countRows(db(), 'users', signedIn)).toBe(await counted('users', signedIn))
    expect(await remembered()).toBe(before)
  })

  it('know the tables each list filter reads from the filter itself', () => {
    const read = (condition: SQL) => [...(tablesRead(condition) ?? ['(counted every time)'])].sort()
    expect(read(and(eq(products.brandId, 1), sql`${products.quantity} = 0`)!)).toEqual(['products'])
    expect(
      read(
        sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, 'an')})`,
      ),
    ).toEqual(['orders', 'users'])
    expect(read(sql`${orders.createdAt} > now()`)).toEqual(['(counted every time)'])
  })
})

describe('totals of filters and searches not counted by name', () => {
  it('are counted when asked, exact after every write to what they read', async () => {
    const [a, b] = await productsNamed(['Khăn quàng đỏ', 'Khăn quàng xanh'])
    const outOfStock: Narrowed = { where: sql`${products.quantity} = 0` }
    const scarfOutOfStock: Narrowed = {
      where: sql`${matches(products.nameSearch, 'khăn quàng')} and quantity = 0`,
    }
    const expectCounts = async () => {
      for (const narrowed of [outOfStock, scarfOutOfStock])
        expect(await countRows(db(), 'products', narrowed)).toBe(await counted('products', narrowed))
    }
    await expectCounts()
    expect(await countRows(db(), 'products', scarfOutOfStock)).toBe(2)
    await db().update(products).set({ quantity: 4 }).where(eq(products.id, b!.id))
    expect(await countRows(db(), 'products', scarfOutOfStock)).toBe(1)
    await expectCounts()
    await db()
      .update(products)
      .set({ quantity: 9 })
      .where(inArray(products.id, [a!.id, b!.id]))
    expect(await countRows(db(), 'products', scarfOutOfStock)).toBe(0)
    await db().update(products).set({ quantity: 0, deletedAt: new Date() }).where(eq(products.id, a!.id))
    await expectCounts()
    const cheap: Narrowed = { where: sql`${products.price} = 123457` }
    await db().update(products).set({ price: 123_457 }).where(eq(products.id, b!.id))
    expect(await countRows(db(), 'products', cheap)).toBe(1)
    await db().update(products).set({ price: 50 }).where(eq(products.id, b!.id))
    expect(await countRows(db(), 'products', cheap)).toBe(0)
  })

  it('of a name with a filter, and of orders by customer name with a filter, follow renames', async () => {
    const lan = await customer('Trần Thị Lan')
    await db()
      .insert(orders)
      .values([
        { userId: lan.id, address: 'Huế', status: 1 },
        { userId: lan.id, address: 'Đà Nẵng', status: 2 },
      ])
    const byName = (term: string): Narrowed => ({
      where: sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, term)})
                 and ${orders.status} = 1`,
    })
    expect(await countRows(db(), 'orders', byName('lan'))).toBe(1)
    await db().update(users).set({ name: 'Trần Thị Mai' }).where(eq(users.id, lan.id))
    expect(await countRows(db(), 'orders', byName('lan'))).toBe(0)
    expect(await countRows(db(), 'orders', byName('mai'))).toBe(1)
  })

  it('of reviews by their text, a population not counted by name, are counted', async () => {
    const [p] = await productsNamed(['Bình giữ nhiệt'])
    const c = await customer()
    await db()
      .insert(reviews)
      .values([
        { productId: p!.id, userId: c.id, content: 'Giữ nhiệt rất tốt', rating: 5 },
        { productId: p!.id, userId: c.id, content: 'Hơi nặng', rating: 3 },
      ])
    const search = named(reviews.contentSearch, 'nhiet')
    expect(await countRows(db(), 'reviews', search)).toBe(1)
    expect(await countRows(db(), 'reviews', search)).toBe(await counted('reviews', search))
  })

  it('escape the wildcards a user types', async () => {
    await productsNamed(['Giảm 50% hôm nay', 'Áo_mới'])
    expect(await countRows(db(), 'products', named(products.nameSearch, '%'))).toBe(1)
    expect(await countRows(db(), 'products', named(products.nameSearch, '_'))).toBe(1)
  })

  it('are what a search list answers as totalResults', async () => {
    const ids = (await productsNamed(['Đồng hồ nam', 'Đồng hồ nữ'])).map((p) => p.id)
    const list = expectEnvelope(await t.call('GET', '/api/admin/categories?name=danh'), 200)
    expect(list.meta.totalResults).toBe(await counted('categories', named(categories.nameSearch, 'danh')))
    await db().delete(products).where(inArray(products.id, ids))
  })
})

describe('name search totals', () => {
  /** The name rows of a population in the counters: how many, and how many names have more than one. */
  const nameRows = async (population: string) =>
    (
      await rows<{ rows: number; folded: number }>(
        db(),
        sql`select count(*)::int as rows,
                   (select count(*)::int from (select 1 from counts
                     where population = ${population} and name_search is not null
                     group by name_search having count(*) > 1) d) as folded
              from counts where population = ${population} and name_search is not null`,
      )
    )[0]!

  /** Orders whose customer's name contains `term`, as the order list searches them. */
  const byCustomer = (term: string): Narrowed => ({
    where: sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, term)})`,
    nameOnly: term,
  })

  /** Every name search of these terms, over every population it counts, equals count(*) over the table. */
  async function expectNamesExact(terms: string[]) {
    for (const term of terms) {
      expect({ term, orders: await countRows(db(), 'orders', byCustomer(term)) }).toEqual({
        term,
        orders: await counted('orders', byCustomer(term)),
      })
      for (const [what, column] of [
        ['products', products.nameSearch],
        ['users', users.nameSearch],
        ['customers', users.nameSearch],
        ['admins', users.nameSearch],
      ] as const) {
        const search = named(column, term)
        expect({ what, term, n: await countRows(db(), what, search) }).toEqual({
          what,
          term,
          n: await counted(what, search),
        })
      }
    }
  }

  it('are summed from the names, exact', async () => {
    const made = await productsNamed(['Mũ bảo hiểm đỏ', 'Mũ bảo hiểm đỏ', 'Mũ len xanh', 'Áo mũ trùm'])
    const search = named(products.nameSearch, 'mu bao')
    expect(await countRows(db(), 'products', search)).toBe(2)
    expect(await countRows(db(), 'products', named(products.nameSearch, 'mũ'))).toBe(4)
    // Read from the name rows, not counted: a name row changed by hand shows in the total.
    await db().execute(
      sql`insert into counts (population, name_search, n) values ('products', 'mu len xanh', 10)`,
    )
    expect(await countRows(db(), 'products', named(products.nameSearch, 'mũ'))).toBe(14)
    await db().execute(
      sql`insert into counts (population, name_search, n) values ('products', 'mu len xanh', -10)`,
    )
    // The list answers the same total, from its page's own statement.
    const list = expectEnvelope(await t.call('GET', '/api/admin/products?name=m%C5%A9'), 200)
    expect(list.meta.totalResults).toBe(await counted('products', named(products.nameSearch, 'mũ')))
    await db()
      .delete(products)
      .where(
        inArray(
          products.id,
          made.map((p) => p.id),
        ),
      )
    expect(await countRows(db(), 'products', search)).toBe(0)
  })

  it('follow every write that moves a product in or out of a name', async () => {
    const terms = ['ví da', 'ví', 'da bò', 'thắt lưng']
    const [a, b, c] = await productsNamed(['Ví da bò', 'Ví da bò', 'Thắt lưng da'])
    await expectNamesExact(terms)
    // A rename, into another name and into one that exists.
    await db().update(products).set({ name: 'Thắt lưng da bò' }).where(eq(products.id, a!.id))
    await db().update(products).set({ name: 'Thắt lưng da' }).where(eq(products.id, b!.id))
    await expectNamesExact(terms)
    // A soft delete, an undelete, and writes that leave the name as it was.
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, c!.id))
    await expectNamesExact(terms)
    await db().update(products).set({ deletedAt: null }).where(eq(products.id, c!.id))
    await db().update(products).set({ quantity: 0, price: 5 }).where(eq(products.id, c!.id))
    await db().update(products).set({ name: 'Thắt lưng da', deletedAt: null }).where(eq(products.id, c!.id))
    await expectNamesExact(terms)
    // A soft-deleted product renamed stays out; one statement over many rows, and a hard delete.
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, b!.id))
    await db().update(products).set({ name: 'Ví da cá sấu' }).where(eq(products.id, b!.id))
    await db()
      .update(products)
      .set({ name: sql`${products.name} || ' mới'` })
      .where(inArray(products.id, [a!.id, b!.id, c!.id]))
    await expectNamesExact(terms)
    await db()
      .delete(products)
      .where(inArray(products.id, [a!.id, b!.id, c!.id]))
    await expectNamesExact(terms)
  })

  it('follow users by name and role: customers, admins and all', async () => {
    const terms = ['trần bình', 'bình', 'an']
    const one = await customer('Trần Bình An')
    const two = await customer('Trần Bình An')
    await expectNamesExact(terms)
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, one.id))
    await db().update(users).set({ role: 'staff' }).where(eq(users.id, two.id))
    await expectNamesExact(terms)
    await db().update(users).set({ name: 'Trần Bình', role: 'user' }).where(eq(users.id, two.id))
    await expectNamesExact(terms)
    await db()
      .delete(users)
      .where(inArray(users.id, [one.id, two.id]))
    await expectNamesExact(terms)
  })

  it("follow orders by their customer's name: placed, moved to another customer, renamed with, deleted", async () => {
    const terms = ['phan thanh', 'thanh', 'hải']
    const hai = await customer('Phan Thanh Hải')
    const tam = await customer('Phan Thanh Tâm')
    const placed = await db()
      .insert(orders)
      .values([1, 2, 3].map((i) => ({ userId: i === 3 ? tam.id : hai.id, address: `Số ${i}` })))
      .returning()
    await expectNamesExact(terms)
    await db().update(orders).set({ userId: tam.id }).where(eq(orders.id, placed[0]!.id))
    await expectNamesExact(terms)
    await db().update(users).set({ name: 'Lý Thanh Hải' }).where(eq(users.id, hai.id))
    await db().update(users).set({ name: 'Võ Minh Tâm' }).where(eq(users.id, tam.id))
    await expectNamesExact(terms)
    await db().delete(orders).where(eq(orders.id, placed[1]!.id))
    await expectNamesExact(terms)
    // The list answers the same total.
    const list = expectEnvelope(await t.call('GET', '/api/admin/orders?name=th%C3%A0nh'), 200)
    expect(list.meta.totalResults).toBe(await counted('orders', byCustomer('thành')))
  })

  it('keep orders with their customer when a rename and new orders meet', async () => {
    const buyer = await customer('Đặng Quốc Bảo')
    // Orders placed in transactions of their own while the customer is renamed twice in others.
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        db().transaction(async (tx) => {
          await tx.insert(orders).values({ userId: buyer.id, address: `Kho ${i}` })
        }),
      ),
      db().transaction(async (tx) => {
        await tx.update(users).set({ name: 'Đặng Quốc Bình' }).where(eq(users.id, buyer.id))
      }),
      db().transaction(async (tx) => {
        await tx.update(users).set({ name: 'Đặng Quốc Bảo Anh' }).where(eq(users.id, buyer.id))
      }),
    ])
    await expectNamesExact(['đặng quốc', 'bảo', 'bình'])
  })

  it('stay exact under concurrent writers, and through compaction', async () => {
    const terms = ['đồng', 'đồng hồ', 'dây da']
    const made = await productsNamed(Array.from({ length: 20 }, (_, i) => `Đồng hồ dây da ${i % 3}`))
    // Twenty transactions at once: each renames one product, deletes another or adds one, all to the same names.
    await Promise.all(
      made.map((p, i) =>
        db().transaction(async (tx) => {
          if (i % 3 === 0)
            await tx.update(products).set({ name: 'Đồng hồ dây da 1' }).where(eq(products.id, p.id))
          else if (i % 3 === 1)
            await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, p.id))
          else {
            const { categoryId, brandId } = p
            await tx
              .insert(products)
              .values({ name: 'Đồng hồ dây da 2', slug: `sp-${unique()}`, categoryId, brandId })
          }
        }),
      ),
    )
    await expectNamesExact(terms)
    // About one write in 32 compacts as it goes; this one folds whatever is left, and changes no sum.
    await db().execute(sql`select compact_stats()`)
    expect((await nameRows('products')).folded).toBe(0)
    await expectNamesExact(terms)
  })

  it('are exact again after rebuild_stats() following a load with triggers off', async () => {
    const { categoryId, brandId } = await catalog()
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        insert into products (name, slug, category_id, brand_id)
        select 'Khăn lụa nạp ' || (g % 4), 'silk-' || g, ${categoryId}, ${brandId} from generate_series(1, 40) g`)
      await tx.execute(sql`select rebuild_stats()`)
    })
    await expectNamesExact(['khăn lụa', 'nạp 3', 'lụa'])
    // Counted down to nothing, a name leaves the table at the next compaction.
    await db().delete(products).where(sql`${products.slug} like 'silk-%'`)
    await db().execute(sql`select compact_stats()`)
    const [left] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from counts where name_search like '%khan lua nap%'`,
    )
    expect(left!.n).toBe(0)
  })
})

describe('a name search page', () => {
  it('read by the names the term matches is the page the condition gives, in every sort and page', async () => {
    const made = await productsNamed(
      Array.from(
        { length: 23 },
        (_, i) => `Nón lá ${['Huế', 'Hội An', 'quai lụa'][i % 3]} ${i % 2 ? 'đỏ' : 'trắng'}`,
      ),
    )
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, made[4]!.id))
    await db()
      .update(products)
      .set({ price: sql`100000 + ${products.id} % 7 * 1000` })
      .where(
        inArray(
          products.id,
          made.map((p) => p.id),
        ),
      )
    for (const sortBy of ['createdAt:desc', 'createdAt:asc', 'price:asc', 'name:desc']) {
      for (const page of [1, 2, 3]) {
        const list = expectEnvelope(
          await t.call(
            'GET',
            `/api/admin/products?name=n%C3%B3n%20l%C3%A1&sortBy=${sortBy}&limit=10&page=${page}`,
          ),
          200,
        )
        const [field, direction] = sortBy.split(':') as [string, 'asc' | 'desc']
        const column = {
          createdAt: 'created_at',
          price: 'price',
          name: 'name_search collate "C", name collate "C"',
        }[field]!
        const keys = column.split(', ').map((c) => `${c} ${direction}`)
        const expected = await rows<{ id: string }>(
          db(),
          sql.raw(`select p.id::text as id from products p where p.deleted_at is null and p.name_search like '%non la%'
                    order by ${keys.join(', ')}, p.id ${direction} limit 10 offset ${(page - 1) * 10}`),
        )
        expect({ sortBy, page, ids: list.data.map((p: { id: string }) => p.id) }).toEqual({
          sortBy,
          page,
          ids: expected.map((r) => r.id),
        })
        expect(list.meta.totalResults).toBe(await counted('products', named(products.nameSearch, 'nón lá')))
      }
    }
  })

  it('of orders by customer name, read by the customers the names match, is the page the condition gives', async () => {
    const buyers = await Promise.all(
      ['Hồ Xuân Hương', 'Hồ Xuân Mai', 'Lê Xuân Hương'].map((n) => customer(n)),
    )
    await db()
      .insert(orders)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          userId: buyers[i % 3]!.id,
          address: `Phố ${i}`,
          totalPrice: 10_000 * ((i * 7) % 11),
        })),
      )
    for (const sortBy of ['createdAt:desc', 'totalPrice:asc']) {
      for (const page of [1, 2]) {
        const list = expectEnvelope(
          await t.call('GET', `/api/admin/orders?name=xu%C3%A2n&sortBy=${sortBy}&limit=10&page=${page}`),
          200,
        )
        const [field, direction] = sortBy.split(':') as [string, string]
        const column = field === 'createdAt' ? 'o.created_at' : 'o.total_price'
        const expected = await rows<{ id: string }>(
          db(),
          sql.raw(`select o.id::text as id from orders o join users u on u.id = o.user_id
                    where u.name_search like '%xuan%'
                    order by ${column} ${direction}, o.id ${direction} limit 10 offset ${(page - 1) * 10}`),
        )
        expect({ sortBy, page, ids: list.data.map((o: { id: string }) => o.id) }).toEqual({
          sortBy,
          page,
          ids: expected.map((r) => r.id),
        })
        expect(list.meta.totalResults).toBe(25)
      }
    }
  })
})
