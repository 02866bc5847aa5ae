import {
  bulkAnswer,
  csvAnswer,
  defineEndpoints,
  emptyEnvelope,
  idParams,
  listEnvelope,
  listQuery,
  optionalWhole,
  ordered,
} from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { Column } from '../components/data-table.tsx'
import { ListScreen } from '../components/list-screen.tsx'
import { type FetchCall, fakeFetch, ok, refusal } from '../test/fake-fetch.ts'
import { renderAt, toastWith } from '../test/render.tsx'
import { FILTER_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from './use-list-address.ts'
import { useListController } from './use-list-controller.ts'

/** A resource of its own, so the controller is tested apart from every real list. */
const things = defineEndpoints('things', {
  list: {
    method: 'GET',
    path: '/admin/things',
    summary: 'A page of things',
    permission: 'catalog:read',
    query: listQuery.extend({ role: z.string().optional() }),
    answer: listEnvelope(z.object({ id: z.string(), name: z.string() })),
  },
  remove: {
    method: 'DELETE',
    path: '/admin/things/:id',
    summary: 'Delete a thing',
    permission: 'catalog:write',
    params: idParams,
    query: z.object({ reason: z.string() }),
    audit: { entity: 'product', action: 'delete' },
    answer: emptyEnvelope,
  },
})

/** The smallest list screen: what a feature writes, with the controller doing the rest. */
function ThingList() {
  const list = useListController({
    list: things.list,
    fixedQuery: { role: 'user' },
    remove: {
      endpoint: things.remove,
      input: (row) => ({ params: { id: row.id }, query: { reason: 'test' } }),
    },
  })
  return (
    <ListScreen
      title="Thing"
      crumbs={[{ label: 'List Thing' }]}
      searchPlaceholder="Search thing"
      empty={{ none: 'No things yet.', noMatch: 'No things match your search.' }}
      list={list}
      columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      actions={{ label: (row) => row.name }}
    />
  )
}

const LAST_PAGE = 3
/** The list call as the server answers it: 3 pages of things, a page past the end empty. */
const listReply = (call: FetchCall) => {
  const page = Number(call.query.get('page'))
  const name = call.query.get('q') ?? call.query.get('name') ?? 'thing'
  const rows =
    page > LAST_PAGE ? [] : [1, 2].map((n) => ({ id: `${name}-${page}-${n}`, name: `${name} ${page}.${n}` }))
  return ok(rows, { meta: { page, limit: 10, totalPages: LAST_PAGE, totalResults: 25 } })
}
const LIST = 'GET /api/admin/things'
/** The query of each list call, as plain objects. */
const queries = (fake: ReturnType<typeof fakeFetch>) =>
  fake.callsTo(LIST).map((call) => Object.fromEntries(call.query.entries()))
const search = (router: ReturnType<typeof renderAt>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries())

beforeEach(() => {
  // The clock moves by itself (so Testing Library's waiting works) and can be pushed past the debounce.
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useListController through a list screen', () => {
  it('fills the box and the list from the address', async () => {
    const fake = fakeFetch({ [LIST]: listReply })
    renderAt(<ThingList />, '/x?name=ao&page=2', '/x')
    expect(screen.getByRole('searchbox', { name: 'Search thing' })).toHaveValue('ao')
    expect(await screen.findByText('ao 2.1')).toBeInTheDocument()
    expect(queries(fake)).toEqual([{ role: 'user', page: '2', name: 'ao' }])
    // Page 2 of 10 a page numbers its rows from 11.
    const table = screen.getByRole('table', { name: 'Thing' })
    expect(within(table).getByRole('cell', { name: '11' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows the page size and the pager only once the first page is in, so the rows never push them down', async () => {
    // The list's answer waits until the test lets it go.
    let answer = () => {}
    fakeFetch({
      [LIST]: (call) => new Promise<Response>((resolve) => (answer = () => resolve(listReply(call)))),
    })
    renderAt(<ThingList />, '/x?page=2', '/x')
    expect(await screen.findByRole('table', { name: 'Thing' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument()

    act(() => answer())
    expect(await screen.findByText('thing 2.1')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10')
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  it('sends a typed search 1000 ms after the last key, back on page 1', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<ThingList />, '/x?name=ao&page=2', '/x')
    await screen.findByText('ao 2.1')
    let changedAt = 0
    const stop = router.subscribe(() => {
      changedAt ||= Date.now()
    })

    await user.type(screen.getByRole('searchbox', { name: 'Search thing' }), ' th')
    const typedAt = Date.now()
    expect(screen.getByRole('searchbox')).toHaveValue('ao th')
    // Nothing has moved yet: not the address, not the list call.
    expect(search(router)).toEqual({ name: 'ao', page: '2' })
    expect(fake.callsTo(LIST)).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    await waitFor(() => expect(search(router)).toEqual({ name: 'ao th', page: '1' }))
    stop()
    expect(changedAt - typedAt).toBeGreaterThan(SEARCH_DEBOUNCE_MS - 100)
    expect(router.state.historyAction).toBe('PUSH')
    expect(await screen.findByText('ao th 1.1')).toBeInTheDocument()
    // One call for the whole word, not one a key.
    expect(queries(fake)).toEqual([
      { role: 'user', page: '2', name: 'ao' },
      { role: 'user', page: '1', name: 'ao th' },
    ])
  })

  it('restarts the wait at each key', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<ThingList />, '/x', '/x')
    await screen.findByText('thing 1.1')
    const box = screen.getByRole('searchbox', { name: 'Search thing' })
    await user.type(box, 'q')
    await act(() => vi.advanceTimersByTimeAsync(600))
    await user.type(box, 'u')
    await act(() => vi.advanceTimersByTimeAsync(600))
    // 1200 ms after the first key but only 600 after the last: still waiting.
    expect(search(router)).toEqual({})
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    await waitFor(() => expect(search(router)).toEqual({ name: 'qu', page: '1' }))
    await screen.findByText('qu 1.1')
    expect(queries(fake).map((q) => q.name)).toEqual([undefined, 'qu'])
  })

  it('drops a search still waiting when the user moves to another screen before it is sent', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    // The next screen's code has not arrived yet, so the list stays on view during the move, as in the app.
    const NextScreen = lazy(() => new Promise<never>(() => {}))
    const { router } = renderAt(<ThingList />, '/x', '/x', {
      others: [{ path: '/y', element: <NextScreen /> }],
    })
    await screen.findByText('thing 1.1')
    await user.type(screen.getByRole('searchbox', { name: 'Search thing' }), 'qu')
    await act(() => router.navigate('/y'))
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2))
    expect(router.state.location.pathname).toBe('/y')
    expect(search(router)).toEqual({})
    expect(queries(fake).map((q) => q.name)).toEqual([undefined])
  })

  it('clears the search at once: the box, the address and the list', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<ThingList />, '/x?name=ao&page=2', '/x')
    await screen.findByText('ao 2.1')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(screen.getByRole('searchbox', { name: 'Search thing' })).toHaveValue('')
    expect(search(router)).toEqual({ page: '1' })
    expect(await screen.findByText('thing 1.1')).toBeInTheDocument()
    expect(queries(fake)).toEqual([
      { role: 'user', page: '2', name: 'ao' },
      { role: 'user', page: '1' },
    ])
  })

  it('moves from a page past the end to the last page, replacing the address', async () => {
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<ThingList />, '/x?name=ao&page=9', '/x')
    await waitFor(() => expect(search(router)).toEqual({ name: 'ao', page: String(LAST_PAGE) }))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByText(`ao ${LAST_PAGE}.1`)).toBeInTheDocument()
    expect(queries(fake)).toEqual([
      { role: 'user', page: '9', name: 'ao' },
      { role: 'user', page: String(LAST_PAGE), name: 'ao' },
    ])
  })

  it('reads a page that is not a page as page 1', async () => {
    const fake = fakeFetch({ [LIST]: listReply })
    renderAt(<ThingList />, '/x?page=-2', '/x')
    await screen.findByText('thing 1.1')
    expect(queries(fake)).toEqual([{ role: 'user', page: '1' }])
  })

  it('pages through the address, and back puts the old page and term back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<ThingList />, '/x?name=ao&page=2', '/x')
    await screen.findByText('ao 2.1')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search(router)).toEqual({ name: 'ao', page: '3' }))
    await screen.findByText('ao 3.1')
    await user.type(screen.getByRole('searchbox'), 'x')
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    await screen.findByText('aox 1.1')
    await act(() => router.navigate(-1))
    expect(screen.getByRole('searchbox')).toHaveValue('ao')
    await screen.findByText('ao 3.1')
    // The term put back by the address is not a new search: no debounce sends the user to page 1.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2))
    expect(search(router)).toEqual({ name: 'ao', page: '3' })
    // The test cache keeps nothing fresh, so going back asks for page 3 again.
    expect(queries(fake).map((q) => `${q.page}:${q.name}`)).toEqual(['2:ao', '3:ao', '1:aox', '3:ao'])
  })

  it('shows the empty text when the list has no rows at all', async () => {
    fakeFetch({
      [LIST]: () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } }),
    })
    renderAt(<ThingList />, '/x', '/x')
    expect(await screen.findByText('No things yet.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('says that nothing matches the search when a search alone finds nothing, without a Clear filters button', async () => {
    fakeFetch({
      [LIST]: () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } }),
    })
    renderAt(<ThingList />, '/x?name=zzz', '/x')
    expect(await screen.findByText('No things match your search.')).toBeInTheDocument()
    expect(screen.queryByText('No things yet.')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  })

  it('deletes after Yes and reloads the list; No deletes nothing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({
      [LIST]: listReply,
      'DELETE /api/admin/things/ao-2-1': [() => ok(null)],
    })
    renderAt(<ThingList />, '/x?name=ao&page=2', '/x')
    await screen.findByText('ao 2.1')

    await user.click(screen.getByRole('button', { name: 'Delete ao 2.1' }))
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('ao 2.1')
    await user.click(screen.getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fake.callsTo('DELETE /api/admin/things/ao-2-1')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete ao 2.1' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it' }))
    await waitFor(() => expect(fake.callsTo(LIST)).toHaveLength(2))
    const [removal] = fake.callsTo('DELETE /api/admin/things/ao-2-1')
    expect(removal!.query.get('reason')).toBe('test')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(queries(fake)[1]).toEqual({ role: 'user', page: '2', name: 'ao' })
  })

  it('keeps the row and closes the dialog when the server refuses the delete', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({
      [LIST]: listReply,
      'DELETE /api/admin/things/thing-1-1': [
        () => refusal(409, { code: 'userHasOrders', params: { count: 2 } }),
      ],
    })
    renderAt(<ThingList />, '/x', '/x')
    await screen.findByText('thing 1.1')
    await user.click(screen.getByRole('button', { name: 'Delete thing 1.1' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('thing 1.1')).toBeInTheDocument()
    expect(fake.callsTo(LIST)).toHaveLength(1)
  })
})

/** A list whose search moved from `name` to `q`, and whose second rows are kept: they offer no delete. */
function RenamedSearchList() {
  const list = useListController({
    list: things.list,
    searchParam: 'q',
    formerSearchParam: 'name',
    remove: {
      endpoint: things.remove,
      input: (row) => ({ params: { id: row.id }, query: { reason: 'test' } }),
      allowed: (row) => !row.id.endsWith('-2'),
    },
  })
  return (
    <ListScreen
      title="Thing"
      crumbs={[{ label: 'List Thing' }]}
      searchPlaceholder="Search thing"
      list={list}
      columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      actions={{ label: (row) => row.name }}
    />
  )
}

describe('useListController: a renamed search parameter, rows that may not be deleted', () => {
  it('searches from the new parameter, sent and kept in the address under its name', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<RenamedSearchList />, '/x?q=ao', '/x')
    expect(await screen.findByText('ao 1.1')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search thing' })).toHaveValue('ao')
    await user.type(screen.getByRole('searchbox'), 'x')
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    await waitFor(() => expect(search(router)).toEqual({ q: 'aox', page: '1' }))
    await screen.findByText('aox 1.1')
    expect(queries(fake)).toEqual([
      { page: '1', q: 'ao' },
      { page: '1', q: 'aox' },
    ])
  })

  it('reads a link that still has the old parameter, and writes the new one in its stead', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [LIST]: listReply })
    const { router } = renderAt(<RenamedSearchList />, '/x?name=ao&page=2', '/x')
    expect(await screen.findByText('ao 2.1')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search thing' })).toHaveValue('ao')
    // Paging keeps the search, under its new name.
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search(router)).toEqual({ q: 'ao', page: '3' }))
    await screen.findByText('ao 3.1')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(search(router)).toEqual({ page: '1' })
    await screen.findByText('thing 1.1')
    expect(queries(fake)).toEqual([{ page: '2', q: 'ao' }, { page: '3', q: 'ao' }, { page: '1' }])
  })

  it('offers the delete only on the rows it allows', async () => {
    fakeFetch({ [LIST]: listReply })
    renderAt(<RenamedSearchList />, '/x', '/x')
    await screen.findByText('thing 1.1')
    expect(screen.getByRole('button', { name: 'Delete thing 1.1' })).toBeInTheDocument()
    expect(screen.getByText('thing 1.2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete thing 1.2' })).not.toBeInTheDocument()
  })
})

/** A list with every part of CONTRACT 4.1: sorts, filters, an export and a bulk call. */
const gadgets = defineEndpoints('things', {
  list: {
    method: 'GET',
    path: '/admin/gadgets',
    summary: 'A page of gadgets',
    permission: 'catalog:read',
    // Every parameter the list's filters fill: a filter of one the list call does not take would not compile.
    query: listQuery
      .extend({
        sortBy: z.string().optional(),
        colour: z.string().optional(),
        status: z.string().optional(),
        minPrice: optionalWhole(),
        maxPrice: optionalWhole(),
      })
      .superRefine(ordered([['minPrice', 'maxPrice']])),
    answer: listEnvelope(z.object({ id: z.string(), name: z.string(), price: z.number() })),
  },
  export: {
    method: 'GET',
    path: '/admin/gadgets/export',
    summary: 'Every gadget as CSV',
    permission: 'catalog:read',
    answer: csvAnswer,
  },
  bulkPaint: {
    method: 'POST',
    path: '/admin/gadgets/bulk-paint',
    summary: 'Paint gadgets',
    permission: 'catalog:write',
    body: z.object({ ids: z.array(z.string()), colour: z.string() }),
    audit: { entity: 'product', action: 'bulkDelete' },
    answer: bulkAnswer,
  },
})
type Gadget = { id: string; name: string; price: number }

const COLOURS = [
  { value: 'red', label: 'Red' },
  { value: 'blue', label: 'Blue' },
]
function GadgetList() {
  const list = useListController({
    list: gadgets.list,
    sortFields: ['name', 'price', 'createdAt'],
    filters: [
      { kind: 'select', param: 'colour', label: 'Colour', options: COLOURS },
      {
        kind: 'chips',
        param: 'status',
        label: 'State',
        options: [...COLOURS, { value: 'green', label: 'Green' }],
      },
      { kind: 'range', min: 'minPrice', max: 'maxPrice', label: 'Price' },
    ],
    querySchema: gadgets.list.query,
    exportCall: gadgets.export,
    bulk: [
      {
        name: 'paint',
        label: 'Paint',
        endpoint: gadgets.bulkPaint,
        body: (ids, colour) => ({ ids, colour }),
        choice: { label: 'New colour', options: COLOURS },
        question: (count, colour) => `Paint ${count} gadgets ${colour}?`,
      },
    ],
  })
  const columns: Column<Gadget>[] = [
    { key: 'name', header: 'Name', sort: 'name', render: (row) => row.name },
    { key: 'price', header: 'Price', sort: 'price', render: (row) => String(row.price) },
  ]
  return (
    <ListScreen
      title="Gadget"
      crumbs={[{ label: 'Gadgets' }]}
      searchPlaceholder="Search gadget"
      list={list}
      columns={columns}
      actions={{ label: (row) => row.name }}
    />
  )
}

const GADGETS = 'GET /api/admin/gadgets'
const gadgetReply = (call: FetchCall) => {
  const page = Number(call.query.get('page'))
  const limit = Number(call.query.get('limit') ?? 10)
  const rows = [1, 2, 3].map((n) => ({ id: `g${page}-${n}`, name: `Gadget ${page}.${n}`, price: n * 1000 }))
  return ok(rows, { meta: { page, limit, totalPages: 4, totalResults: 33 } })
}
const gadgetQueries = (fake: ReturnType<typeof fakeFetch>) =>
  fake.callsTo(GADGETS).map((call) => Object.fromEntries(call.query.entries()))

describe('useListController: sort, filters, page size', () => {
  it('reads the sort, the filters and the page size from the address, and drops what the server would refuse', async () => {
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    renderAt(
      <GadgetList />,
      '/x?sortBy=price:desc&colour=red&status=green,red&minPrice=500&maxPrice=100&limit=50&page=2&bogus=1',
      '/x',
    )
    await screen.findByText('Gadget 2.1')
    // The reversed range loses its upper end; the chips come in the options' order.
    expect(gadgetQueries(fake)).toEqual([
      { page: '2', limit: '50', colour: 'red', status: 'red,green', minPrice: '500', sortBy: 'price:desc' },
    ])
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none')
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('red')
    expect(screen.getByRole('checkbox', { name: 'Green' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Blue' })).not.toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50')
  })

  it('ignores a sort the list does not offer, or a page size it does not', async () => {
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    renderAt(<GadgetList />, '/x?sortBy=colour:asc&limit=7', '/x')
    await screen.findByText('Gadget 1.1')
    expect(gadgetQueries(fake)).toEqual([{ page: '1' }])
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none')
  })

  it('sorts by a header click, reverses on the next, back at page 1, and back restores the old sort', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    const { router } = renderAt(<GadgetList />, '/x?page=3', '/x')
    await screen.findByText('Gadget 3.1')
    await user.click(screen.getByRole('button', { name: 'Price' }))
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'price:asc' }))
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending')
    await screen.findByText('Gadget 1.1')
    await user.click(screen.getByRole('button', { name: 'Price' }))
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'price:desc' }))
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending')
    await waitFor(() => expect(gadgetQueries(fake).at(-1)).toEqual({ page: '1', sortBy: 'price:desc' }))
    await act(() => router.navigate(-1))
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending')
    // The sort select offers every field, also one no column shows.
    const select = screen.getByRole('combobox', { name: 'Sort by' })
    expect(select).toHaveValue('price:asc')
    await user.selectOptions(select, 'createdAt:desc')
    // The default sort is not written down.
    await waitFor(() => expect(search(router)).toEqual({}))
  })

  it('writes a filter to the address at page 1, a range end once typing pauses, and clears them all', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    const { router } = renderAt(<GadgetList />, '/x?page=2&limit=20', '/x')
    await screen.findByText('Gadget 2.1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'blue')
    await waitFor(() => expect(search(router)).toEqual({ limit: '20', colour: 'blue' }))
    await user.click(screen.getByRole('checkbox', { name: 'Green' }))
    await user.click(screen.getByRole('checkbox', { name: 'Red' }))
    await waitFor(() => expect(search(router)).toEqual({ limit: '20', colour: 'blue', status: 'red,green' }))
    const from = screen.getByRole('textbox', { name: 'Price from' })
    await user.type(from, '150000')
    // Nothing is asked for while the amount is typed, nor just after.
    expect(search(router).minPrice).toBeUndefined()
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 200))
    expect(search(router).minPrice).toBeUndefined()
    // Once typing pauses the address follows, the box still focused and as typed.
    await act(() => vi.advanceTimersByTimeAsync(200))
    await waitFor(() => expect(search(router).minPrice).toBe('150000'))
    expect(from).toHaveFocus()
    expect(from).toHaveValue('150,000')
    await waitFor(() =>
      expect(gadgetQueries(fake).at(-1)).toEqual({
        page: '1',
        limit: '20',
        colour: 'blue',
        status: 'red,green',
        minPrice: '150000',
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(search(router)).toEqual({ limit: '20' }))
    expect(screen.getByRole('textbox', { name: 'Price from' })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('')
  })

  it('restarts a range end’s wait at each key, and writes it at once on Enter or when the box is left', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    const { router } = renderAt(<GadgetList />, '/x', '/x')
    await screen.findByText('Gadget 1.1')
    const to = screen.getByRole('textbox', { name: 'Price to' })
    await user.type(to, '9')
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 100))
    await user.type(to, '0')
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 100))
    // Longer than the pause since the first key, shorter since the last: still waiting.
    expect(search(router)).toEqual({})
    await act(() => vi.advanceTimersByTimeAsync(100))
    await waitFor(() => expect(search(router)).toEqual({ maxPrice: '90' }))
    // One list call for the figure, not one a key.
    await waitFor(() => expect(gadgetQueries(fake)).toEqual([{ page: '1' }, { page: '1', maxPrice: '90' }]))
    // Well before the pause is over: Enter and leaving the box do not wait.
    const atOnce = { timeout: FILTER_DEBOUNCE_MS / 3 }
    await user.type(to, '0{Enter}')
    await waitFor(() => expect(search(router)).toEqual({ maxPrice: '900' }), atOnce)
    await user.clear(to)
    await user.tab()
    await waitFor(() => expect(search(router)).toEqual({}), atOnce)
    expect(to).toHaveValue('')
  })

  it('counts two chip clicks made before the screen draws again, and a third click takes one back off', async () => {
    fakeFetch({ [GADGETS]: gadgetReply })
    const { router } = renderAt(<GadgetList />, '/x', '/x')
    await screen.findByText('Gadget 1.1')
    const green = screen.getByRole('checkbox', { name: 'Green' })
    const red = screen.getByRole('checkbox', { name: 'Red' })
    // Both clicks land in one batch, as on a slow machine: the second must not overwrite the first.
    act(() => {
      green.click()
      red.click()
    })
    await waitFor(() => expect(search(router)).toEqual({ status: 'red,green' }))
    expect(screen.getByRole('checkbox', { name: 'Green' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Red' })).toBeChecked()
    act(() => screen.getByRole('checkbox', { name: 'Green' }).click())
    await waitFor(() => expect(search(router)).toEqual({ status: 'red' }))
  })

  it('says the filters found nothing, and clears them from the empty list, keeping the search', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    fakeFetch({
      [GADGETS]: (call) =>
        call.query.get('colour')
          ? ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } })
          : gadgetReply(call),
    })
    const { router } = renderAt(<GadgetList />, '/x?colour=red&name=ab&sortBy=name:asc', '/x')
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Gadget' })
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(search(router)).toEqual({ name: 'ab', sortBy: 'name:asc' }))
    expect(await screen.findByText('Gadget 1.1')).toBeInTheDocument()
  })

  it('changes the page size through the select, back at page 1', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    const { router } = renderAt(<GadgetList />, '/x?page=2', '/x')
    await screen.findByText('Gadget 2.1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100')
    await waitFor(() => expect(search(router)).toEqual({ limit: '100' }))
    await waitFor(() => expect(gadgetQueries(fake).at(-1)).toEqual({ page: '1', limit: '100' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10')
    await waitFor(() => expect(search(router)).toEqual({}))
  })
})

describe('useListController: export and bulk actions', () => {
  it('exports what the list shows, without paging, with the token, under the server’s file name', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    localStorage.setItem('token', 'access-1')
    const fake = fakeFetch({
      [GADGETS]: gadgetReply,
      'GET /api/admin/gadgets/export': () =>
        new Response('\uFEFFid,name\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="gadgets-20261123.csv"',
          },
        }),
    })
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
    renderAt(<GadgetList />, '/x?page=3&limit=20&colour=red&name=ab&sortBy=name:asc', '/x')
    await screen.findByText('Gadget 3.1')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(saved).toEqual(['gadgets-20261123.csv']))
    const [call] = fake.callsTo('GET /api/admin/gadgets/export')
    expect(Object.fromEntries(call!.query.entries())).toEqual({
      name: 'ab',
      colour: 'red',
      sortBy: 'name:asc',
    })
    expect(call!.headers.authorization).toBe('Bearer access-1')
    click.mockRestore()
  })

  it('selects rows, asks with the count, sends the chosen ids and shows each refusal in words', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({
      [GADGETS]: gadgetReply,
      'POST /api/admin/gadgets/bulk-paint': [
        () =>
          ok([
            { id: 'g1-1', ok: true, message: 'OK' },
            {
              id: 'g1-3',
              ok: false,
              message: 'The order is already Delivered',
              code: 'statusSame',
              params: { status: 3 },
            },
          ]),
      ],
    })
    renderAt(<GadgetList />, '/x', '/x', { toasts: true })
    await screen.findByText('Gadget 1.1')
    const apply = screen.getByRole('button', { name: 'Paint' })
    expect(apply).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    expect(screen.getByRole('checkbox', { name: 'Select Gadget 1.2' })).toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1.2' }))
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    // The action needs its choice first.
    expect(apply).toBeDisabled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'New colour' }), 'blue')
    await user.click(apply)
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('Paint 2 gadgets Blue?')
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }))
    // No dialog to acknowledge: a toast says what was done, what was not and why, and stays until closed.
    const report = await toastWith('Paint:')
    expect(report).toHaveTextContent(
      /^Paint: 1 of 2 done\.Not done \(1\):Gadget 1\.3: The order is already Delivered$/,
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [call] = fake.callsTo('POST /api/admin/gadgets/bulk-paint')
    expect(call!.body).toEqual({ ids: ['g1-1', 'g1-3'], colour: 'blue' })
    // The list is asked for again, and the selection is gone.
    await waitFor(() => expect(fake.callsTo(GADGETS)).toHaveLength(2))
    expect(screen.getByText('0 selected')).toBeInTheDocument()
  })

  it('says in a passing toast that every row was done, with nothing to acknowledge', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({
      [GADGETS]: gadgetReply,
      'POST /api/admin/gadgets/bulk-paint': [
        () =>
          ok([
            { id: 'g1-1', ok: true, message: 'OK' },
            { id: 'g1-2', ok: true, message: 'OK' },
          ]),
      ],
    })
    renderAt(<GadgetList />, '/x', '/x', { toasts: true })
    await screen.findByText('Gadget 1.1')
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1.1' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1.2' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'New colour' }), 'red')
    await user.click(screen.getByRole('button', { name: 'Paint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }))
    expect(await toastWith('Paint:')).toHaveTextContent(/^Paint: 2 of 2 done\.$/)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(fake.callsTo(GADGETS)).toHaveLength(2))
    expect(screen.getByText('0 selected')).toBeInTheDocument()
  })

  it('sends nothing when the confirmation is declined, and a new page starts a new selection', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = fakeFetch({ [GADGETS]: gadgetReply })
    renderAt(<GadgetList />, '/x', '/x')
    await screen.findByText('Gadget 1.1')
    await user.click(screen.getByRole('checkbox', { name: 'Select Gadget 1.1' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'New colour' }), 'red')
    await user.click(screen.getByRole('button', { name: 'Paint' }))
    await user.click(await screen.findByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fake.callsTo('POST /api/admin/gadgets/bulk-paint')).toHaveLength(0)
    expect(screen.getByText('1 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Gadget 2.1')
    expect(screen.getByText('0 selected')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select Gadget 2.1' })).not.toBeChecked()
  })
})
