import { type AuditEntry, ROLE_PERMISSIONS } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { AuditLogPage } from './audit-log-page.tsx'

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  at: '2026-06-03T18:30:00.000Z',
  actor: { id: 'a1', name: 'Administrator', email: 'admin@example.com' },
  action: 'update',
  entity: 'product',
  entityId: 'p1',
  entityName: 'Áo thun trắng',
  changes: { price: [250000, 199000], name: ['Áo thun', 'Áo thun trắng'], description: [null, 'Cotton'] },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  ...overrides,
})
const meta = { page: 1, limit: 10, totalPages: 1, totalResults: 2 }
const people = [
  { id: 'a1', _id: 'a1', name: 'Administrator', email: 'admin@example.com' },
  { id: 's1', _id: 's1', name: 'Lê Thu Hà', email: 'ha@example.com' },
]
const routes = {
  'GET /api/admin/audit-log': () =>
    ok(
      [
        entry(),
        entry({
          id: 'e2',
          at: '2026-06-03T10:00:00.000Z',
          actor: null,
          action: 'signInFailed',
          entity: 'account',
          entityId: null,
          changes: {},
          ip: null,
          userAgent: null,
        }),
      ],
      { meta },
    ),
  'GET /api/admin/staff': () => ok(people, { meta }),
}

beforeEach(() => {
  fakeFetch({})
})
afterEach(async () => {
  vi.restoreAllMocks()
  await i18next.changeLanguage('en')
})

describe('the audit log', () => {
  it('lists entries with time in the shop zone, person, action, a link to the record, and what changed', async () => {
    const fake = fakeFetch(routes)
    renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log')
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Audit log' })
    await within(table).findByText('2026-06-04 01:30')
    const [, first, second] = within(table).getAllByRole('row')
    const cells = within(first!).getAllByRole('cell')
    expect(cells[2]).toHaveTextContent('Administratoradmin@example.com')
    expect(cells[3]).toHaveTextContent('Updated')
    // The record by its name, and the fields by their labels, not the code's keys.
    const link = within(cells[4]!).getByRole('link', { name: 'Open Product “Áo thun trắng”' })
    expect(link).toHaveAttribute('href', '/admin/product/edit/p1')
    expect(link).toHaveTextContent('Product “Áo thun trắng”')
    expect(cells[5]).toHaveTextContent('3 fields')
    expect(cells[5]).toHaveTextContent('Price, Name, Description')
    // A failed sign-in names nobody and links nowhere.
    const other = within(second!).getAllByRole('cell')
    expect(other[2]).toHaveTextContent('Not signed in')
    expect(other[3]).toHaveTextContent('Sign-in failed')
    expect(within(other[4]!).queryByRole('link')).not.toBeInTheDocument()
    expect(other[5]).toHaveTextContent('Details')
    expect(other[5]).not.toHaveTextContent('No field changed')
    expect(Object.fromEntries(fake.callsTo('GET /api/admin/audit-log')[0]!.query)).toEqual({ page: '1' })
  })

  it('shows an entry in full, each changed field before and after', async () => {
    const user = userEvent.setup()
    fakeFetch(routes)
    renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log')
    await user.click(await screen.findByRole('button', { name: '3 fields: Updated at 2026-06-04 01:30' }))
    const drawer = await screen.findByRole('dialog', { name: 'Entry details' })
    const changes = within(drawer).getByRole('table', { name: 'Changes' })
    const rows = within(changes)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows.slice(1)).toEqual([
      ['Price', '250000', '199000'],
      ['Name', 'Áo thun', 'Áo thun trắng'],
      ['Description', '(empty)', 'Cotton'],
    ])
    expect(within(drawer).getByText('Product “Áo thun trắng”')).toBeInTheDocument()
    expect(within(drawer).getByText('203.0.113.7')).toBeInTheDocument()
    expect(within(drawer).getByText('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBeInTheDocument()
    await user.click(within(drawer).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('names each record as people call it, in either language, and an entry older than names by its id', async () => {
    fakeFetch({
      ...routes,
      'GET /api/admin/audit-log': () =>
        ok(
          [
            entry({ id: 'e1', entity: 'order', entityId: '64', entityName: 'Lê Thu Hà', changes: {} }),
            entry({ id: 'e2', entity: 'review', entityId: '9', entityName: 'Áo thun trắng' }),
            entry({
              id: 'e3',
              entity: 'settings',
              entityId: '1',
              entityName: null,
              changes: { bankBin: ['', '970436'] },
            }),
            entry({ id: 'e4', entity: 'product', entityId: '64', entityName: null }),
          ],
          { meta: { ...meta, totalResults: 4 } },
        ),
    })
    renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log')
    const table = screen.getByRole('table', { name: 'Audit log' })
    await within(table).findByText('Order #64 · Lê Thu Hà')
    const records = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[4]!.textContent)
    expect(records()).toEqual([
      'Order #64 · Lê Thu Hà',
      'Review of “Áo thun trắng”',
      'Shop settings',
      'Product 64',
    ])
    expect(within(table).getByText('Bank')).toBeInTheDocument()

    await i18next.changeLanguage('vi')
    await waitFor(() =>
      expect(records()).toEqual([
        'Đơn hàng #64 · Lê Thu Hà',
        'Đánh giá về “Áo thun trắng”',
        'Cài đặt cửa hàng',
        'Sản phẩm 64',
      ]),
    )
    expect(within(table).getByText('Ngân hàng')).toBeInTheDocument()
    expect(within(table).getAllByText('Giá bán, Tên, Mô tả')).toHaveLength(2)
  })

  it("sends the address's filters, and a changed filter goes into the address at page 1", async () => {
    const user = userEvent.setup()
    const fake = fakeFetch(routes)
    const { router } = renderAt(
      <AuditLogPage />,
      '/admin/audit-log?entity=product&entityId=p1&page=2',
      '/admin/audit-log',
    )
    await screen.findByText('2026-06-04 01:30')
    expect(Object.fromEntries(fake.callsTo('GET /api/admin/audit-log')[0]!.query)).toEqual({
      entity: 'product',
      entityId: 'p1',
      page: '2',
    })
    expect(screen.getByText('Only Product “Áo thun trắng”')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('product')
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search))

    // The people are the staff accounts, by name.
    const person = screen.getByRole('combobox', { name: 'Person' })
    await waitFor(() => expect(within(person).getByRole('option', { name: 'Lê Thu Hà' })).toBeInTheDocument())
    await user.selectOptions(person, 'Lê Thu Hà')
    await waitFor(() => expect(address()).toEqual({ entity: 'product', entityId: 'p1', actor: 's1' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Deleted')
    await waitFor(() =>
      expect(address()).toEqual({ entity: 'product', entityId: 'p1', actor: 's1', action: 'delete' }),
    )
    await user.type(screen.getByRole('textbox', { name: 'From' }), '2026-06-01')
    await waitFor(() => expect(address()).toMatchObject({ from: '2026-06-01' }))
    await waitFor(() =>
      expect(Object.fromEntries(fake.callsTo('GET /api/admin/audit-log').at(-1)!.query)).toEqual({
        entity: 'product',
        entityId: 'p1',
        actor: 's1',
        action: 'delete',
        from: '2026-06-01',
        page: '1',
      }),
    )

    await user.click(screen.getByRole('button', { name: 'Show every record' }))
    await waitFor(() => expect(address()).not.toHaveProperty('entityId'))
    expect(address()).toMatchObject({ entity: 'product' })
  })

  it('exports what the filters match as the server’s file, with the session’s token', async () => {
    const user = userEvent.setup()
    localStorage.setItem('token', 'access-1')
    const csv = '\uFEFFat,actor,action\n'
    const fake = fakeFetch({
      ...routes,
      'GET /api/admin/audit-log/export': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-log-20260604.csv"',
          },
        }),
    })
    const saved: { name: string; href: string }[] = []
    const blobs = new Map<string, Blob>()
    // jsdom has no object URLs: these hand out names and keep the blob to read back.
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = (blob: Blob) => {
      const href = `blob:test/${blobs.size}`
      blobs.set(href, blob)
      return href
    }
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' })
    })
    renderAt(<AuditLogPage />, '/admin/audit-log?entity=order&action=update', '/admin/audit-log')
    await screen.findByText('2026-06-04 01:30')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    const call = fake.callsTo('GET /api/admin/audit-log/export')[0]!
    expect(Object.fromEntries(call.query)).toEqual({ entity: 'order', action: 'update' })
    expect(call.headers.authorization).toBe('Bearer access-1')
    expect(saved[0]!.name).toBe('audit-log-20260604.csv')
    // Byte for byte, the byte order mark included: spreadsheets need it to read Vietnamese.
    const bytes = new Uint8Array(await blobs.get(saved[0]!.href)!.arrayBuffer())
    expect([...bytes]).toEqual([...new TextEncoder().encode(csv)])
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('renews an expired session once and exports with the new token', async () => {
    const user = userEvent.setup()
    localStorage.setItem('token', 'expired')
    localStorage.setItem('refreshToken', 'refresh-1')
    const pair = {
      access: { token: 'access-2', expires: '2026-06-04T00:00:00.000Z' },
      refresh: { token: 'refresh-2', expires: '2026-07-04T00:00:00.000Z' },
    }
    const fake = fakeFetch({
      ...routes,
      'GET /api/admin/audit-log/export': [
        () => refusal(401, 'sessionExpired'),
        () => new Response('at\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      ],
      'GET /api/admin/auth/me': [() => refusal(401, 'sessionExpired'), () => ok({})],
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair })],
    })
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = () => 'blob:test/1'
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log')
    await screen.findByText('2026-06-04 01:30')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    const exports = fake.callsTo('GET /api/admin/audit-log/export')
    expect(exports.map((call) => call.headers.authorization)).toEqual(['Bearer expired', 'Bearer access-2'])
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-log.csv')
  })

  it('downloads nothing when the export is refused', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...routes,
      'GET /api/admin/audit-log/export': () => refusal(400, 'realDate', { from: 'realDate' }),
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    const { queryClient } = renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log')
    await screen.findByText('2026-06-04 01:30')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'))
    expect(queryClient.getMutationCache().getAll()[0]?.state.error).toMatchObject({
      status: 400,
      code: 'realDate',
    })
    expect(click).not.toHaveBeenCalled()
  })

  it('has no person filter for an account that may not list the staff', async () => {
    fakeFetch({ 'GET /api/admin/audit-log': routes['GET /api/admin/audit-log'] })
    renderAt(<AuditLogPage />, '/admin/audit-log', '/admin/audit-log', {
      permissions: ROLE_PERMISSIONS.admin.filter((p) => p !== 'staff:manage'),
    })
    await screen.findByText('2026-06-04 01:30')
    expect(screen.queryByRole('combobox', { name: 'Person' })).not.toBeInTheDocument()
  })
})
