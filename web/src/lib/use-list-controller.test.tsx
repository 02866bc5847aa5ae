import { defineEndpoints, emptyEnvelope, idParams, listEnvelope, listQuery } from '@store/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ListScreen } from '../components/list-screen.tsx'
import { type FetchCall, fakeFetch, ok, refusal } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'
import { SEARCH_DEBOUNCE_MS, useListController } from './use-list-controller.ts'

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
  const name = call.query.get('name') ?? 'thing'
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

  it('shows the empty text when nothing matches', async () => {
    fakeFetch({
      [LIST]: () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } }),
    })
    renderAt(<ThingList />, '/x?name=zzz', '/x')
    expect(await screen.findByText("There aren't any lines.")).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
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
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete it!' }))
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
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete it!' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('thing 1.1')).toBeInTheDocument()
    expect(fake.callsTo(LIST)).toHaveLength(1)
  })
})
