import type { Review } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render.tsx'
import { ReviewListPage } from './review-list-page.tsx'

const review = (id: string, content: string, rating: number): Review => ({
  id,
  _id: id,
  content,
  rating,
  createdAt: '2026-11-01T00:00:00.000Z',
  user: { id: `u${id}`, _id: `u${id}`, name: `Khách ${id}` },
  product: { id: `p${id}`, _id: `p${id}`, name: `Sản phẩm ${id}`, thumbnail: null },
})

/** Answers the review list calls it was told about and throws on anything else. */
let calls: string[] = []
beforeEach(() => {
  calls = []
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
    if ((init?.method ?? 'GET') !== 'GET' || url.pathname !== '/api/admin/product-reviews') {
      throw new Error(`unexpected call: ${init?.method} ${input}`)
    }
    const content = url.searchParams.get('content')
    const rows = content
      ? [review('2', 'Vải mềm, rất tốt', 4)]
      : [review('1', 'Tạm được', 3), review('2', 'Vải mềm, rất tốt', 4)]
    const page = Number(url.searchParams.get('page') ?? 1)
    return new Response(
      JSON.stringify({
        status: true,
        data: rows,
        meta: { page, limit: 10, totalPages: 3, totalResults: 25 },
        message: 'OK',
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    )
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ReviewListPage', () => {
  it('shows product, customer, comment and stars, and has no add button', async () => {
    renderAt(<ReviewListPage />, '/admin/product-reviews?page=2', '/admin/product-reviews')
    const table = await screen.findByRole('table', { name: 'Review' })
    expect(await within(table).findByText('Tạm được')).toBeInTheDocument()
    expect(within(table).getByText('Sản phẩm 1')).toBeInTheDocument()
    expect(within(table).getByText('Khách 1')).toBeInTheDocument()
    expect(within(table).getByRole('img', { name: 'Rated 3 of 5' })).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Delete review by Khách 2' })).toBeInTheDocument()
    expect(within(table).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument()
    // Row numbers continue from the page before: (2-1)*10+1.
    expect(within(table).getByRole('cell', { name: '11' })).toBeInTheDocument()
    expect(calls).toEqual(['GET /api/admin/product-reviews?page=2'])
  })

  it('searches the text through `content` and keeps it in its own address', async () => {
    const user = userEvent.setup()
    const { router } = renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews')
    await screen.findByText('Tạm được')
    await user.type(screen.getByRole('searchbox', { name: 'Search by comment' }), 'mềm')
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&content=m%E1%BB%81m'), {
      timeout: 3000,
    })
    expect(router.state.location.pathname).toBe('/admin/product-reviews')
    await waitFor(() => expect(screen.queryByText('Tạm được')).not.toBeInTheDocument(), { timeout: 3000 })
    expect(calls.at(-1)).toBe('GET /api/admin/product-reviews?page=1&content=m%E1%BB%81m')
  })
})
