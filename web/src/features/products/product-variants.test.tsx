import {
  type Message,
  messageText,
  type Product,
  type ProductVariant,
  type StockMovement,
} from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { notify } from '../../lib/toast.ts'
import { fakeFetch, json, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { ProductCreatePage, ProductEditPage } from './product-form-page.tsx'
import { emptyVariantRow, newRows, skuOf, splitList, stockOfRows } from './variant-rows.ts'

const IMAGE = '/2026/01/red-shirt.webp'
const CATEGORIES = 'GET /api/admin/categories/all'
const BRANDS = 'GET /api/admin/brands/all'
const GET = 'GET /api/admin/products/9'
const PUT = 'PUT /api/admin/products/9'
const POST = 'POST /api/admin/products'
const MOVEMENTS = 'GET /api/admin/products/9/stock-movements'
const ADJUST = 'POST /api/admin/products/9/stock-adjustments'

const variant = (id: string, sku: string, size: string, color: string, quantity: number): ProductVariant => ({
  id,
  _id: id,
  sku,
  size,
  color,
  price: null,
  quantity,
  barcode: null,
})

/** A T-shirt in M and L, black: 5 + 3 in stock. */
const VARIANTS = [
  variant('71', 'AO-THUN-DEN-M', 'M', 'Đen', 5),
  variant('72', 'AO-THUN-DEN-L', 'L', 'Đen', 3),
]

const product = (overrides: Partial<Product> = {}): Product => ({
  id: '9',
  _id: '9',
  name: 'Áo thun',
  slug: 'ao-thun',
  price: 250000,
  images: [IMAGE],
  thumbnail: IMAGE,
  description: 'Cotton',
  size: [],
  quantity: 8,
  category: { id: 'c1', _id: 'c1', name: 'Áo' },
  brand: { id: 'b1', _id: 'b1', name: 'Việt Tiến' },
  sold: 3,
  rating: 4.5,
  version: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  variants: VARIANTS,
  ...overrides,
})

const movement = (overrides: Partial<StockMovement> = {}): StockMovement => ({
  id: '1',
  at: '2026-03-01T03:30:00.000Z',
  actor: null,
  delta: 5,
  after: 5,
  reason: 'edited',
  ...overrides,
})

const meta = (total: number) => ({
  page: 1,
  limit: 10,
  totalPages: Math.ceil(total / 10),
  totalResults: total,
})

const serve = (routes: Routes = {}, rows: StockMovement[] = []) =>
  fakeFetch({
    [CATEGORIES]: () => ok([{ id: 'c1', name: 'Áo' }]),
    [BRANDS]: () => ok([{ id: 'b1', name: 'Việt Tiến' }]),
    [MOVEMENTS]: () => ok(rows, { meta: meta(rows.length) }),
    ...routes,
  })

const showCreate = () => renderAt(<ProductCreatePage />, '/admin/product', '/admin/product')
const showEdit = () => renderAt(<ProductEditPage />, '/admin/product/edit/9', '/admin/product/edit/:id')
const optionsShown = () => screen.findByRole('option', { name: 'Việt Tiến' })
const box = (name: string | RegExp) => screen.getByRole('textbox', { name })
const quantityField = () => box(/^Quantity/)
const variantsTable = () => screen.findByRole('table', { name: 'Variants of the product' })
/** The SKUs in the table, row by row. */
const skus = () =>
  screen
    .getAllByRole('textbox', { name: /^SKU of row \d+/ })
    .map((input) => (input as HTMLInputElement).value)

describe('the variant rows', () => {
  it('reads sizes and colours as lists separated by commas, each once', () => {
    expect(splitList(' S, M ,, m; L ')).toEqual(['S', 'M', 'L'])
    expect(splitList('Đen, đen , Xanh navy')).toEqual(['Đen', 'Xanh navy'])
    expect(splitList(' , ')).toEqual([])
  })

  it('makes a SKU of the base, the colour and the size, in capitals without marks, at most 64 characters', () => {
    expect(skuOf('Áo thun', 'M', 'Đen')).toBe('AO-THUN-DEN-M')
    expect(skuOf('AO-THUN', 'Free size', 'Xanh navy')).toBe('AO-THUN-XANH-NAVY-FREE-SIZE')
    expect(skuOf('Giày', '38', '')).toBe('GIAY-38')
    expect(skuOf('', 'L', 'Trắng')).toBe('TRANG-L')
    const long = skuOf('x'.repeat(100), 'XL', 'Đỏ')
    expect(long).toHaveLength(64)
    expect(long.endsWith('-DO-XL')).toBe(true)
  })

  it('adds each size × colour the list lacks, colour by colour, with stock 0 and SKUs unique in the list', () => {
    const had = [{ ...emptyVariantRow(), sku: 'AO-DEN-S', size: 's', color: 'đen', quantity: 4 }]
    const rows = newRows(had, ['S', 'M'], ['Đen', 'Trắng'], 'Áo')
    expect(rows.map((row) => [row.sku, row.size, row.color, row.quantity, row.price])).toEqual([
      ['AO-DEN-M', 'M', 'Đen', 0, ''],
      ['AO-TRANG-S', 'S', 'Trắng', 0, ''],
      ['AO-TRANG-M', 'M', 'Trắng', 0, ''],
    ])
    expect(newRows([...had, ...rows], ['S', 'M'], ['Đen', 'Trắng'], 'Áo')).toEqual([])
    // Colours alone, one of them already a SKU: it gets a number.
    const taken = [{ ...emptyVariantRow(), sku: 'AO-DO', size: 'M', color: 'Đỏ' }]
    expect(newRows(taken, [], ['Đỏ'], 'Áo').map((row) => row.sku)).toEqual(['AO-DO-2'])
    expect(newRows([], [], [], 'Áo')).toEqual([])
  })

  it('adds up the stock of the rows, a cell not yet a number counting as nothing', () => {
    const row = emptyVariantRow()
    expect(
      stockOfRows([
        { ...row, quantity: 5 },
        { ...row, quantity: '3' },
        { ...row, quantity: '' },
      ]),
    ).toBe(8)
    expect(stockOfRows(undefined)).toBe(0)
  })
})

describe('the variants of the add-product screen', () => {
  it('makes sizes × colours rows with SKUs, sums their stock into Quantity, and sends them', async () => {
    const server = serve({
      'POST /api/file': () => ok([IMAGE]),
      [POST]: (call) => ok(product({ ...(call.body as Partial<Product>), variants: [] })),
    })
    const user = userEvent.setup()
    const { router } = showCreate()
    await optionsShown()
    await user.type(box(/^Name/), 'Áo sơ mi')
    await user.type(box(/^Price/), '300000')
    await user.type(quantityField(), '7')
    await user.type(box(/^Description/), 'Vải lụa')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'c1')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Brand/ }), 'b1')
    await user.upload(
      screen.getByLabelText(/^Images/),
      new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }),
    )
    await screen.findByRole('img', { name: 'Image 1' })
    expect(screen.getByText(/No variants/)).toBeInTheDocument()

    // Enter in the colours makes the rows, and saves nothing.
    expect(box(/^SKU start/)).toHaveAttribute('placeholder', 'AO-SO-MI')
    await user.type(box(/^Sizes/), 'S, M')
    await user.type(box(/^Colours/), 'Đen, Trắng{Enter}')
    await variantsTable()
    expect(skus()).toEqual(['AO-SO-MI-DEN-S', 'AO-SO-MI-DEN-M', 'AO-SO-MI-TRANG-S', 'AO-SO-MI-TRANG-M'])
    expect(screen.getByRole('status')).toHaveTextContent('4 rows added, with no stock yet')
    expect(server.callsTo(POST)).toHaveLength(0)
    // Again: every combination is there already.
    await user.click(screen.getByRole('button', { name: 'Make the rows' }))
    expect(screen.getByRole('status')).toHaveTextContent('already a row')
    expect(skus()).toHaveLength(4)

    // The product's Quantity is now the variants' sum, and cannot be typed in.
    expect(quantityField()).toHaveAttribute('readonly')
    expect(quantityField()).toHaveValue('0')
    expect(quantityField()).toHaveAccessibleDescription(expect.stringContaining("variants' stock"))
    for (const [row, stock] of [
      [1, '2'],
      [2, '3'],
      [3, '4'],
      [4, '1'],
    ] as const) {
      const cell = box(`Stock of row ${row}`)
      await user.clear(cell)
      await user.type(cell, stock)
    }
    await waitFor(() => expect(quantityField()).toHaveValue('10'))
    // Every input says which row it is of; the price says it is the product's unless typed.
    expect(box('Price of row 2')).toHaveAttribute('placeholder', '300,000')
    await user.type(box('Price of row 2'), '320000')
    await user.type(box('Barcode of row 2'), '8934567000011')
    expect(screen.getByRole('button', { name: 'Remove variant AO-SO-MI-DEN-M' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    const body = server.callsTo(POST)[0]!.body as Record<string, unknown>
    expect(body.quantity).toBe(10)
    expect(body.variants).toEqual([
      { sku: 'AO-SO-MI-DEN-S', size: 'S', color: 'Đen', price: null, quantity: 2, barcode: null },
      {
        sku: 'AO-SO-MI-DEN-M',
        size: 'M',
        color: 'Đen',
        price: 320000,
        quantity: 3,
        barcode: '8934567000011',
      },
      { sku: 'AO-SO-MI-TRANG-S', size: 'S', color: 'Trắng', price: null, quantity: 4, barcode: null },
      { sku: 'AO-SO-MI-TRANG-M', size: 'M', color: 'Trắng', price: null, quantity: 1, barcode: null },
    ])
  })

  it('adds an empty row, checks it with the contract, and gives Quantity back once the last row goes', async () => {
    const server = serve()
    const user = userEvent.setup()
    showCreate()
    await optionsShown()
    await user.type(quantityField(), '6')
    await user.click(screen.getByRole('button', { name: 'Add variant' }))
    await user.click(screen.getByRole('button', { name: 'Add variant' }))
    await variantsTable()
    // A new row takes the focus to its SKU.
    expect(box('SKU of row 2')).toHaveFocus()
    await user.type(box('SKU of row 1'), 'GIAY-38')
    await user.type(box('SKU of row 2'), 'giay-38')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const twice = messageText({ code: 'skuTwice' })
    await waitFor(() => expect(box('SKU of row 2')).toHaveAccessibleDescription(twice))
    expect(box('SKU of row 2')).toHaveAttribute('aria-invalid', 'true')
    expect(box('SKU of row 1')).not.toHaveAttribute('aria-invalid', 'true')
    expect(server.callsTo(POST)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Remove variant giay-38' }))
    await user.click(screen.getByRole('button', { name: 'Remove variant GIAY-38' }))
    expect(screen.queryByRole('table', { name: 'Variants of the product' })).not.toBeInTheDocument()
    expect(quantityField()).not.toHaveAttribute('readonly')
    expect(quantityField()).toHaveValue('6')
  })
})

describe('the variants of the edit-product screen', () => {
  it('shows the stored variants and sends the whole list, with the ids of the stored ones', async () => {
    const server = serve({
      [GET]: [() => ok(product())],
      [PUT]: [() => ok(product())],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await variantsTable()
    await optionsShown()
    expect(skus()).toEqual(['AO-THUN-DEN-M', 'AO-THUN-DEN-L'])
    expect(quantityField()).toHaveValue('8')
    expect(quantityField()).toHaveAttribute('readonly')
    expect(box('Colour of row 2')).toHaveValue('Đen')

    await user.clear(box('Stock of row 2'))
    await user.type(box('Stock of row 2'), '10')
    await waitFor(() => expect(quantityField()).toHaveValue('15'))
    await user.type(box('Sizes'), 'XL')
    await user.type(box('Colours'), 'Đen')
    await user.click(screen.getByRole('button', { name: 'Make the rows' }))
    expect(skus()).toEqual(['AO-THUN-DEN-M', 'AO-THUN-DEN-L', 'AO-THUN-DEN-XL'])
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({
      quantity: 15,
      version: 8,
      variants: [
        { id: '71', sku: 'AO-THUN-DEN-M', size: 'M', color: 'Đen', price: null, quantity: 5, barcode: null },
        { id: '72', sku: 'AO-THUN-DEN-L', size: 'L', color: 'Đen', price: null, quantity: 10, barcode: null },
        { sku: 'AO-THUN-DEN-XL', size: 'XL', color: 'Đen', price: null, quantity: 0, barcode: null },
      ],
    })
    expect((server.callsTo(PUT)[0]!.body as { variants: object[] }).variants[2]).not.toHaveProperty('id')
  })

  it('puts a taken SKU (409) on its row, and an ordered variant removed above the table', async () => {
    const TAKEN: Message = { code: 'skuTaken', params: { sku: 'AO-THUN-DEN-L', product: 'Áo polo' } }
    const ORDERED: Message = { code: 'variantOrdered', params: { sku: 'AO-THUN-DEN-M' } }
    const server = serve({
      [GET]: [() => ok(product())],
      [PUT]: [
        () => refusal(409, TAKEN, { 'variants.1.sku': TAKEN }),
        () => refusal(409, ORDERED, { variants: ORDERED }),
      ],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await variantsTable()
    await optionsShown()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const taken = 'The SKU AO-THUN-DEN-L is already used by Áo polo'
    expect(messageText(TAKEN)).toBe(taken)
    await waitFor(() => expect(box('SKU of row 2')).toHaveAccessibleDescription(taken))
    expect(box('SKU of row 2')).toHaveAttribute('aria-invalid', 'true')
    expect(box('SKU of row 2')).toHaveFocus()
    expect(box('SKU of row 1')).not.toHaveAttribute('aria-invalid', 'true')

    // The first variant removed, which was ordered: said above the table, the row list as the user left it.
    await user.click(screen.getByRole('button', { name: 'Remove variant AO-THUN-DEN-M' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const ordered = messageText(ORDERED)
    expect(await screen.findByRole('alert')).toHaveTextContent(ordered)
    expect(skus()).toEqual(['AO-THUN-DEN-L'])
    expect((server.callsTo(PUT)[1]!.body as { variants: object[] }).variants).toEqual([
      expect.objectContaining({ id: '72', sku: 'AO-THUN-DEN-L' }),
    ])
    expect(router.state.location.pathname).toBe('/admin/product/edit/9')
  })

  it('names the inputs and the messages in Vietnamese', async () => {
    serve({ [GET]: [() => ok(product())] })
    await i18next.changeLanguage('vi')
    try {
      showEdit()
      await screen.findByRole('table', { name: 'Các phân loại của sản phẩm' })
      expect(box('Mã SKU của dòng 1')).toHaveValue('AO-THUN-DEN-M')
      expect(box('Tồn kho của dòng 2')).toHaveValue('3')
      expect(screen.getByRole('button', { name: 'Xóa phân loại AO-THUN-DEN-L' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Tạo các dòng' })).toBeInTheDocument()
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})

describe('the stock of a product with variants', () => {
  /** The product as stored now: an adjustment moves one variant's stock and the sum. */
  function serveStock(routes: Routes = {}, rows: StockMovement[] = []) {
    const stored = { variants: VARIANTS.map((v) => ({ ...v })), version: 8 }
    const now = () =>
      product({
        variants: stored.variants.map((v) => ({ ...v })),
        quantity: stored.variants.reduce((sum, v) => sum + v.quantity, 0),
        version: stored.version,
      })
    const server = serve({ [GET]: () => ok(now()), ...routes }, rows)
    const adjust = (variantId: string, change: number | { count: number }) => {
      const moved = stored.variants.find((v) => v.id === variantId)!
      const delta = typeof change === 'number' ? change : change.count - moved.quantity
      moved.quantity += delta
      stored.version += 1
      return json(201, {
        status: true,
        data: movement({ id: '99', reason: 'received', delta, after: moved.quantity, variantId }),
        message: 'Stock adjusted',
      })
    }
    return { server, adjust }
  }

  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }))
    return screen.findByRole('dialog', { name: 'Adjust stock' })
  }

  it('asks for the variant before adjusting, sends it, and the untouched rows follow', async () => {
    const { server, adjust } = serveStock({
      [ADJUST]: (call) => {
        const body = call.body as { variantId: string; delta: number }
        return adjust(body.variantId, body.delta)
      },
    })
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {})
    const info = vi.spyOn(notify, 'info').mockImplementation(() => {})
    onTestFinished(() => {
      success.mockRestore()
      info.mockRestore()
    })
    const user = userEvent.setup()
    showEdit()
    await variantsTable()
    await waitFor(() => expect(box('Stock of row 2')).toHaveValue('3'))
    expect(screen.getByText('By variant: AO-THUN-DEN-M: 5 · AO-THUN-DEN-L: 3')).toBeInTheDocument()

    let dialog = await openDialog(user)
    const select = within(dialog).getByRole('combobox', { name: /^Variant/ })
    expect(select).toHaveFocus()
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'AO-THUN-DEN-M — M / Đen (5 in stock)', 'AO-THUN-DEN-L — L / Đen (3 in stock)'])
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '4')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    const choose = messageText({ code: 'chooseVariant' })
    await waitFor(() => expect(select).toHaveAccessibleDescription(expect.stringContaining(choose)))
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(server.callsTo(ADJUST)).toHaveLength(0)

    // Row 1's SKU typed over, then row 2 adjusted: row 2's stock follows, the typed SKU stays.
    await user.keyboard('{Escape}')
    await user.clear(box('SKU of row 1'))
    await user.type(box('SKU of row 1'), 'AT-DEN-M')
    dialog = await openDialog(user)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Variant/ }), '72')
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '4')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Stock of AO-THUN-DEN-L adjusted: 7 in stock'))
    expect(server.callsTo(ADJUST)[0]!.body).toEqual({ variantId: '72', reason: 'received', delta: 4 })
    await waitFor(() => expect(box('Stock of row 2')).toHaveValue('7'))
    expect(box('SKU of row 1')).toHaveValue('AT-DEN-M')
    expect(quantityField()).toHaveValue('12')
    expect(await screen.findByText('In stock now: 12')).toBeInTheDocument()

    // A stock typed in row 1, then row 1 adjusted: the typed stock stays, and the user is told.
    await user.clear(box('Stock of row 1'))
    await user.type(box('Stock of row 1'), '20')
    dialog = await openDialog(user)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Variant/ }), '71')
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '1')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith(
        'Stock of AT-DEN-M is now 6. Its Stock field keeps the 20 you typed: saving the form sets the stock to it.',
      ),
    )
    expect(box('Stock of row 1')).toHaveValue('20')
    expect(box('Stock of row 2')).toHaveValue('7')
  })

  /** The edit screen with black M counted at 9 through the dialog, its row untouched before. */
  async function countBlackM() {
    const served = serveStock({
      [ADJUST]: (call) => {
        const body = call.body as { variantId: string; quantity: number }
        return served.adjust(body.variantId, { count: body.quantity })
      },
      [PUT]: [() => ok(product())],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await variantsTable()
    await waitFor(() => expect(box('Stock of row 1')).toHaveValue('5'))
    const dialog = await openDialog(user)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Variant/ }), '71')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'count')
    await user.type(within(dialog).getByRole('textbox', { name: /^Counted stock/ }), '9')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    await waitFor(() => expect(box('Stock of row 1')).toHaveValue('9'))
    expect(quantityField()).toHaveValue('12')
    expect(served.server.callsTo(ADJUST)[0]!.body).toEqual({ variantId: '71', reason: 'count', quantity: 9 })
    return { server: served.server, user, router }
  }

  it('leaves the form clean after an adjustment of an untouched row: leaving asks nothing', async () => {
    const { server, user, router } = await countBlackM()
    await user.click(screen.getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    expect(server.callsTo(PUT)).toHaveLength(0)
  })

  it('saves the adjusted stock from the version the adjustment left, so it is not set back', async () => {
    const { server, user, router } = await countBlackM()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({
      version: 9,
      quantity: 12,
      variants: [
        expect.objectContaining({ id: '71', quantity: 9 }),
        expect.objectContaining({ id: '72', quantity: 3 }),
      ],
    })
  })

  it('names the variant of each movement by its SKU', async () => {
    serveStock({}, [
      movement({ id: '3', reason: 'order', delta: -1, after: 4, variantId: '71', orderId: '42' }),
      movement({ id: '2', reason: 'edited', delta: 2, after: 2, variantId: '55' }),
      movement({ id: '1', reason: 'edited', delta: 6, after: 6 }),
    ])
    showEdit()
    const table = await screen.findByRole('table', { name: 'Stock movements of Áo thun' })
    expect(within(table).getByRole('columnheader', { name: 'Variant' })).toBeInTheDocument()
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    const variants = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]?.textContent)
    expect(variants).toEqual(['AO-THUN-DEN-M', 'A removed variant', 'The product'])
  })
})
