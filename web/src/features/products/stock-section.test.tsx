import {
  type Message,
  messageText,
  type Permission,
  type Product,
  STOCK_REASONS,
  type StockMovement,
} from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { fakeFetch, json, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { ProductEditPage } from './product-form-page.tsx'
import { toStockBody } from './stock-adjust-dialog.tsx'

const IMAGE = '/2026/01/red-shirt.webp'
const REQUIRED = messageText({ code: 'required' })

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
  quantity: 12,
  category: { id: 'c1', _id: 'c1', name: 'Áo' },
  brand: { id: 'b1', _id: 'b1', name: 'Việt Tiến' },
  sold: 3,
  rating: 4.5,
  version: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  variants: [],
  ...overrides,
})

const binh = { id: '2', _id: '2', name: 'Trần Thị Bình', email: 'binh@example.com' }

const movement = (overrides: Partial<StockMovement> = {}): StockMovement => ({
  id: '1',
  // 17:30 UTC is past midnight in the store's zone (UTC+7): the next day there.
  at: '2026-03-01T17:30:00.000Z',
  actor: binh,
  delta: 5,
  after: 17,
  reason: 'received',
  ...overrides,
})

const HISTORY = [
  movement({ id: '3', delta: 5, after: 12, reason: 'received', note: 'Lô hàng tháng 3' }),
  movement({ id: '2', delta: -3, after: 7, reason: 'order', orderId: '42', actor: null }),
  movement({ id: '1', delta: 10, after: 10, reason: 'edited' }),
]

const GET = 'GET /api/admin/products/9'
const PUT = 'PUT /api/admin/products/9'
const MOVEMENTS = 'GET /api/admin/products/9/stock-movements'
const ADJUST = 'POST /api/admin/products/9/stock-adjustments'

const meta = (page: number, total: number) => ({
  page,
  limit: 10,
  totalPages: Math.ceil(total / 10),
  totalResults: total,
})

/**
 * The edit screen's calls: the product as it is stored now (`stock.quantity`, which an adjustment changes), its
 * movements, and the selects' options. Every other call fails the test unless named.
 */
function serve(routes: Routes = {}, rows: StockMovement[] = HISTORY) {
  const stock = { quantity: 12, version: 8 }
  const server = fakeFetch({
    'GET /api/admin/categories/all': () => ok([{ id: 'c1', name: 'Áo' }]),
    'GET /api/admin/brands/all': () => ok([{ id: 'b1', name: 'Việt Tiến' }]),
    [GET]: () => ok(product({ quantity: stock.quantity, version: stock.version })),
    [MOVEMENTS]: () => ok(rows, { meta: meta(1, rows.length) }),
    ...routes,
  })
  return { server, stock }
}

/** The adjustment's answer: 201 with the movement written, the product's stock moved to `after`, its version up. */
const adjusted = (
  stock: { quantity: number; version: number },
  reason: StockMovement['reason'],
  delta: number,
) => {
  stock.quantity += delta
  stock.version += 1
  return json(201, {
    status: true,
    data: movement({ id: '99', reason, delta, after: stock.quantity }),
    message: 'Stock adjusted',
  })
}

const showEdit = (permissions?: readonly Permission[]) =>
  renderAt(<ProductEditPage />, '/admin/product/edit/9', '/admin/product/edit/:id', { permissions })

const movementsTable = () => screen.findByRole('table', { name: 'Stock movements of Áo thun' })

/** The body rows of a table, each as the text of its cells. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

/** Opens the adjustment dialog from the section's button. */
async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Adjust stock' }))
  return screen.findByRole('dialog', { name: 'Adjust stock' })
}

const quantityField = () => screen.getByRole('textbox', { name: /^Quantity/ })

describe('the stock movements under the edit-product screen', () => {
  it('lists them with the signed change, the stock after, the reason, the order and who made each', async () => {
    const { server } = serve()
    showEdit()
    const table = await movementsTable()
    await waitFor(() => expect(cellsOf(table)).toHaveLength(3))
    // Stt, date, change, after, reason, order, by, note.
    expect(cellsOf(table)).toEqual([
      ['1', '2026-03-02 00:30', '+5', '12', 'Received', '—', 'Trần Thị Bình', 'Lô hàng tháng 3'],
      ['2', '2026-03-02 00:30', '−3', '7', 'Order', '#42', 'The store', ''],
      ['3', '2026-03-02 00:30', '+10', '10', 'Product edited', '—', 'Trần Thị Bình', ''],
    ])
    expect(within(table).getByRole('link', { name: 'Open order #42' })).toHaveAttribute(
      'href',
      '/admin/order/42/detail/42',
    )
    expect(await screen.findByText('In stock now: 12')).toBeInTheDocument()
    const query = server.callsTo(MOVEMENTS)[0]!.query
    expect([query.get('page'), query.get('limit')]).toEqual(['1', '10'])
  })

  it('pages ten at a time on the screen, leaving the address to the form', async () => {
    const { server } = serve({
      [MOVEMENTS]: (call) =>
        call.query.get('page') === '2'
          ? ok([movement({ id: '1', reason: 'import', delta: 4, after: 4 })], { meta: meta(2, 11) })
          : ok(HISTORY, { meta: meta(1, 11) }),
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    const table = await movementsTable()
    await waitFor(() => expect(cellsOf(table)).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(cellsOf(table)[0]?.[4]).toBe('Import'))
    expect(cellsOf(table)[0]?.[0]).toBe('11')
    expect(server.callsTo(MOVEMENTS).at(-1)!.query.get('page')).toBe('2')
    expect(router.state.location.search).toBe('')
  })

  it('says so when there are none', async () => {
    serve({}, [])
    showEdit()
    const table = await movementsTable()
    expect(await within(table).findByText('No stock movements yet.')).toBeInTheDocument()
  })

  it('names every reason, and the store, in Vietnamese', async () => {
    const rows = STOCK_REASONS.map((reason, n) =>
      movement({ id: String(n + 1), reason, actor: null, delta: 1, after: n + 1 }),
    )
    serve({}, rows)
    await i18next.changeLanguage('vi')
    try {
      showEdit()
      const table = await screen.findByRole('table', { name: 'Biến động tồn kho của Áo thun' })
      await waitFor(() => expect(cellsOf(table)).toHaveLength(STOCK_REASONS.length))
      const names = cellsOf(table).map((cells) => cells[4])
      expect(names).toEqual(STOCK_REASONS.map((reason) => i18next.t(`enums.stockReason.${reason}`)))
      expect(new Set(names).size).toBe(STOCK_REASONS.length)
      expect(names).toContain('Nhập hàng')
      expect(cellsOf(table).map((cells) => cells[6])).toEqual(STOCK_REASONS.map(() => 'Hệ thống'))
      // Dates and counts the Vietnamese way.
      expect(cellsOf(table)[0]?.[1]).toBe('02/03/2026 00:30')
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  it('shows an order as a number without a link to an account that may not read orders', async () => {
    serve()
    showEdit(['catalog:read', 'catalog:write'])
    const table = await movementsTable()
    await waitFor(() => expect(cellsOf(table)[1]?.[5]).toBe('#42'))
    expect(within(table).queryByRole('link')).not.toBeInTheDocument()
  })

  it('offers no adjustment to an account that may only read the catalogue', async () => {
    serve()
    showEdit(['catalog:read'])
    const table = await movementsTable()
    await waitFor(() => expect(cellsOf(table)).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Adjust stock' })).not.toBeInTheDocument()
  })
})

describe('the stock adjustment', () => {
  it('builds the contract body: damaged and lost typed as units go negative, other keeps its sign', () => {
    const note = { note: '', variantId: '' }
    expect(toStockBody({ reason: 'received', delta: 5, quantity: '', ...note })).toEqual({
      reason: 'received',
      delta: 5,
    })
    expect(toStockBody({ reason: 'damaged', delta: 3, quantity: '', ...note })).toEqual({
      reason: 'damaged',
      delta: -3,
    })
    expect(toStockBody({ reason: 'lost', delta: 1, quantity: '', ...note })).toEqual({
      reason: 'lost',
      delta: -1,
    })
    expect(toStockBody({ reason: 'other', delta: -2, quantity: '', ...note })).toEqual({
      reason: 'other',
      delta: -2,
    })
    expect(toStockBody({ reason: 'count', delta: 4, quantity: 7, note: ' Kệ A ', variantId: '' })).toEqual({
      reason: 'count',
      quantity: 7,
      note: ' Kệ A ',
    })
    // Nothing typed is left out, for the rule to say it is required.
    expect(toStockBody({ reason: 'damaged', delta: '', quantity: '', ...note })).toEqual({
      reason: 'damaged',
      delta: undefined,
    })
  })

  it('sends each reason with its sign, closes, and shows the new stock in the form and the table', async () => {
    const { server, stock } = serve({
      [ADJUST]: (call) => {
        const body = call.body as { reason: StockMovement['reason']; delta?: number; quantity?: number }
        const delta = body.delta ?? (body.quantity ?? 0) - stock.quantity
        return adjusted(stock, body.reason, delta)
      },
    })
    const user = userEvent.setup()
    showEdit()
    await waitFor(() => expect(quantityField()).toHaveValue('12'))

    /** One adjustment through the dialog, answering the stock it left in the form's Quantity. */
    const adjust = async (reason: string, amount: string, note = '') => {
      const dialog = await openDialog(user)
      await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), reason)
      const label = reason === 'count' ? /^Counted stock/ : /^Change/
      await user.type(within(dialog).getByRole('textbox', { name: label }), amount)
      if (note) await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), note)
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() => expect(quantityField()).toHaveValue(String(stock.quantity)))
    }

    await adjust('received', '5', 'Lô hàng tháng 3')
    expect(stock.quantity).toBe(17)
    await adjust('damaged', '3')
    await adjust('lost', '1')
    await adjust('other', '-2')
    await adjust('count', '20')
    expect(server.callsTo(ADJUST).map((call) => call.body)).toEqual([
      { reason: 'received', delta: 5, note: 'Lô hàng tháng 3' },
      { reason: 'damaged', delta: -3 },
      { reason: 'lost', delta: -1 },
      { reason: 'other', delta: -2 },
      { reason: 'count', quantity: 20 },
    ])
    expect(await screen.findByText('In stock now: 20')).toBeInTheDocument()
    // The movements were read again after each adjustment.
    expect(server.callsTo(MOVEMENTS).length).toBeGreaterThanOrEqual(6)
  })

  it('says in the field that damaged units are typed as a positive number and taken off', async () => {
    serve()
    const user = userEvent.setup()
    showEdit()
    const dialog = await openDialog(user)
    const change = within(dialog).getByRole('textbox', { name: /^Change/ })
    expect(change).toHaveAccessibleDescription('Units received: they are added to the stock')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'damaged')
    expect(within(dialog).getByRole('textbox', { name: /^Change/ })).toHaveAccessibleDescription(
      'Units damaged, as a positive number: they are taken off the stock',
    )
    // A minus sign is not taken: the sign is the reason's.
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '-4')
    expect(within(dialog).getByRole('textbox', { name: /^Change/ })).toHaveValue('4')
  })

  it('opens empty every time, whatever was typed or refused before it was closed', async () => {
    serve()
    const user = userEvent.setup()
    showEdit()
    let dialog = await openDialog(user)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'other')
    await user.click(within(dialog).getByRole('textbox', { name: /^Change/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '-')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    dialog = await openDialog(user)
    expect(within(dialog).getByRole('combobox', { name: /^Reason/ })).toHaveValue('received')
    const change = within(dialog).getByRole('textbox', { name: /^Change/ })
    expect(change).toHaveValue('')
    expect(change).not.toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByText(REQUIRED)).not.toBeInTheDocument()
  })

  it('keeps a quantity the user typed in the form, and saves the form from the new stock otherwise', async () => {
    const { server, stock } = serve({
      [ADJUST]: [() => adjusted(stock, 'received', 5), () => adjusted(stock, 'received', 1)],
      [PUT]: [(call) => ok(product(call.body as Partial<Product>))],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    await waitFor(() => expect(quantityField()).toHaveValue('12'))

    // Typed, then adjusted: the typed 30 stays, for the user to save or not.
    await user.clear(quantityField())
    await user.type(quantityField(), '30')
    let dialog = await openDialog(user)
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    expect(await screen.findByText('In stock now: 17')).toBeInTheDocument()
    expect(quantityField()).toHaveValue('30')

    // Set to the stock shown, so untouched again, then adjusted: the field follows the stock, and a save sends the
    // new stock from the version the adjustment left, so it is not refused as edited by someone else.
    await user.clear(quantityField())
    await user.type(quantityField(), '17')
    dialog = await openDialog(user)
    await user.type(within(dialog).getByRole('textbox', { name: /^Change/ }), '1')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    await waitFor(() => expect(quantityField()).toHaveValue('18'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({ quantity: 18, version: 10 })
  })

  it('checks the rules before sending, and puts the server’s refusals next to their fields', async () => {
    const STOCK_LEFT: Message = { code: 'stockLeft', params: { left: 2 } }
    const { server } = serve({
      [ADJUST]: [
        () => refusal(409, STOCK_LEFT, { delta: STOCK_LEFT }),
        () =>
          refusal(
            400,
            { code: 'tooLong', params: { max: 500 } },
            { note: { code: 'tooLong', params: { max: 500 } } },
          ),
      ],
    })
    const user = userEvent.setup()
    showEdit()
    const dialog = await openDialog(user)
    const change = () => within(dialog).getByRole('textbox', { name: /^Change/ })

    // Nothing typed, then 0: the contract's rules, in the browser.
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    await waitFor(() => expect(change()).toHaveAccessibleDescription(expect.stringContaining(REQUIRED)))
    await user.type(change(), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    const zero = messageText({ code: 'stockDeltaZero' })
    await waitFor(() => expect(change()).toHaveAccessibleDescription(expect.stringContaining(zero)))
    expect(server.callsTo(ADJUST)).toHaveLength(0)

    // More damaged than there is: the 409 beside the change, the dialog open and the number kept.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'damaged')
    await user.clear(change())
    await user.type(change(), '50')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    const left = 'Not enough stock: 2 left'
    expect(messageText(STOCK_LEFT)).toBe(left)
    await waitFor(() => expect(change()).toHaveAccessibleDescription(expect.stringContaining(left)))
    expect(change()).toHaveAttribute('aria-invalid', 'true')
    expect(change()).toHaveValue('50')
    expect(server.callsTo(ADJUST)[0]!.body).toEqual({ reason: 'damaged', delta: -50 })

    // A refusal of the note goes beside the note.
    await user.clear(change())
    await user.type(change(), '1')
    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Rách')
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }))
    const tooLong = messageText({ code: 'tooLong', params: { max: 500 } })
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Note/ })).toHaveAccessibleDescription(
        expect.stringContaining(tooLong),
      ),
    )
    expect(screen.getByRole('dialog', { name: 'Adjust stock' })).toBeInTheDocument()
  })
})
