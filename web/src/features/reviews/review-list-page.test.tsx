import type { Review, ReviewStatus } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { notify } from '../../lib/toast.ts'
import { type FetchCall, fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt, toastWith } from '../../test/render.tsx'
import { ReviewListPage } from './review-list-page.tsx'

const LIST = 'GET /api/admin/product-reviews'
const BULK = 'POST /api/admin/product-reviews/bulk-status'

const review = (id: string, content: string, rating: number, status: ReviewStatus = 'approved'): Review => ({
  id,
  _id: id,
  content,
  rating,
  status,
  createdAt: '2026-11-01T00:00:00.000Z',
  user: { id: `u${id}`, _id: `u${id}`, name: `Khách ${id}` },
  product: { id: `p${id}`, _id: `p${id}`, name: `Sản phẩm ${id}`, thumbnail: null },
})

/** The server's reviews, as the fake answers them: a status change is kept, so a reload shows it. */
function store() {
  const rows = [
    review('1', 'Tạm được', 3, 'pending'),
    review('2', 'Vải mềm, rất tốt', 4, 'approved'),
    review('3', 'Giao sai màu', 1, 'rejected'),
  ]
  const list = (call: FetchCall) => {
    const content = call.query.get('content')
    const status = call.query.get('status')
    const shown = rows.filter(
      (r) => (!content || r.content.includes(content)) && (!status || r.status === status),
    )
    const page = Number(call.query.get('page') ?? 1)
    return ok(shown, { meta: { page, limit: 10, totalPages: 3, totalResults: 25 } })
  }
  const put = (call: FetchCall) => {
    const row = rows.find((r) => call.path.endsWith(`/${r.id}`))!
    row.status = (call.body as { status: ReviewStatus }).status
    return ok(row, { message: 'Review updated' })
  }
  return { rows, list, put }
}

const table = () => screen.findByRole('table', { name: 'Reviews' })
const rowOf = async (content: string) => (await within(await table()).findByText(content)).closest('tr')!

describe('ReviewListPage', () => {
  it('shows product, customer, comment, stars and status, and has no add button', async () => {
    const { list } = store()
    const fake = fakeFetch({ [LIST]: list })
    renderAt(<ReviewListPage />, '/admin/product-reviews?page=2', '/admin/product-reviews')
    const shown = await table()
    expect(await within(shown).findByText('Tạm được')).toBeInTheDocument()
    expect(within(shown).getByText('Sản phẩm 1')).toBeInTheDocument()
    expect(within(shown).getByText('Khách 1')).toBeInTheDocument()
    expect(within(shown).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument()
    expect(within(shown).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument()
    expect(within(await rowOf('Tạm được')).getByText('Pending')).toBeInTheDocument()
    expect(within(await rowOf('Vải mềm, rất tốt')).getByText('Approved')).toBeInTheDocument()
    expect(within(await rowOf('Giao sai màu')).getByText('Rejected')).toBeInTheDocument()
    expect(within(shown).getByRole('button', { name: 'Delete review by Khách 2' })).toBeInTheDocument()
    expect(within(shown).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument()
    // Row numbers continue from the page before: (2-1)*10+1, beside the row's checkbox.
    expect(within(await rowOf('Tạm được')).getAllByRole('cell')[0]).toHaveTextContent(/^11$/)
    expect(fake.calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual([
      'GET /api/admin/product-reviews?page=2',
    ])
  })

  it('searches the text through `content` and keeps it in its own address', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({ [LIST]: store().list })
    const { router } = renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews')
    await screen.findByText('Tạm được')
    await user.type(screen.getByRole('searchbox', { name: 'Search by comment' }), 'mềm')
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&content=m%E1%BB%81m'), {
      timeout: 3000,
    })
    expect(router.state.location.pathname).toBe('/admin/product-reviews')
    await waitFor(() => expect(screen.queryByText('Tạm được')).not.toBeInTheDocument(), { timeout: 3000 })
    expect(fake.calls.at(-1)!.query.toString()).toBe('page=1&content=m%E1%BB%81m')
  })

  it('filters by status from the filter bar, in the address and the call', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({ [LIST]: store().list })
    const { router } = renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews')
    await screen.findByText('Tạm được')
    const status = screen.getByRole('combobox', { name: 'Status' })
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Pending', 'Approved', 'Rejected'])
    await user.selectOptions(status, 'pending')
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'))
    await waitFor(() => expect(screen.queryByText('Vải mềm, rất tốt')).not.toBeInTheDocument())
    expect(screen.getByText('Tạm được')).toBeInTheDocument()
    expect(fake.calls.at(-1)!.query.get('status')).toBe('pending')
  })

  it('takes the status from an address, and ignores one the server would refuse', async () => {
    const fake = fakeFetch({ [LIST]: store().list })
    renderAt(<ReviewListPage />, '/admin/product-reviews?status=rejected', '/admin/product-reviews')
    expect(await screen.findByText('Giao sai màu')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('rejected')
    expect(fake.calls[0]!.query.get('status')).toBe('rejected')
  })

  it('approves and rejects one review from its row, and the badge follows', async () => {
    const success = vi.spyOn(notify, 'success')
    success.mockClear()
    const user = userEvent.setup()
    const { list, put } = store()
    const fake = fakeFetch({ [LIST]: list, 'PUT /api/admin/product-reviews/1': put })
    renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews')
    const row = await rowOf('Tạm được')
    // What a review already is, its row does not offer.
    expect(
      within(await rowOf('Vải mềm, rất tốt')).getByRole('button', { name: 'Approve review by Khách 2' }),
    ).toBeDisabled()
    expect(
      within(await rowOf('Giao sai màu')).getByRole('button', { name: 'Reject review by Khách 3' }),
    ).toBeDisabled()

    await user.click(within(row).getByRole('button', { name: 'Approve review by Khách 1' }))
    await waitFor(() => expect(within(row).getByText('Approved')).toBeInTheDocument())
    expect(success).toHaveBeenLastCalledWith('Review approved')
    expect(within(row).getByRole('button', { name: 'Approve review by Khách 1' })).toBeDisabled()
    expect(fake.callsTo('PUT /api/admin/product-reviews/1')[0]!.body).toEqual({ status: 'approved' })

    await user.click(within(row).getByRole('button', { name: 'Reject review by Khách 1' }))
    await waitFor(() => expect(within(row).getByText('Rejected')).toBeInTheDocument())
    expect(success).toHaveBeenLastCalledWith('Review rejected')
    expect(fake.callsTo('PUT /api/admin/product-reviews/1')[1]!.body).toEqual({ status: 'rejected' })
  })

  it('leaves the badge as it was when the server refuses a row’s change', async () => {
    const success = vi.spyOn(notify, 'success')
    success.mockClear()
    const user = userEvent.setup()
    const fake = fakeFetch({
      [LIST]: store().list,
      'PUT /api/admin/product-reviews/1': () => refusal(404, 'reviewNotFound'),
    })
    renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews')
    const row = await rowOf('Tạm được')
    const reject = within(row).getByRole('button', { name: 'Reject review by Khách 1' })
    await user.click(reject)
    await waitFor(() => expect(fake.callsTo('PUT /api/admin/product-reviews/1')).toHaveLength(1))
    // The refusal is toasted by the app's mutation cache (lib/query-client.ts), with the server's message.
    await waitFor(() => expect(reject).toBeEnabled())
    expect(within(row).getByText('Pending')).toBeInTheDocument()
    expect(success).not.toHaveBeenCalled()
    expect(fake.callsTo(LIST)).toHaveLength(1)
  })

  it('approves the selected reviews at once after asking, and shows each refusal in words', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      [LIST]: store().list,
      [BULK]: [
        () =>
          ok([
            { id: '1', ok: true, message: 'Marked approved' },
            {
              id: '2',
              ok: false,
              message: 'The review already has this status',
              code: 'reviewStatusSame',
            },
          ]),
      ],
    })
    renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews', { toasts: true })
    await screen.findByText('Tạm được')
    const approve = screen.getByRole('button', { name: 'Approve' })
    expect(approve).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Select review by Khách 1' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select review by Khách 2' }))
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    await user.click(approve)
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('Approve 2 reviews? They then count in their products’ ratings.')
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }))
    expect(await toastWith('Approve:')).toHaveTextContent(
      'Approve: 1 of 2 done.Not done (1):review by Khách 2: The review already has this status',
    )
    expect(fake.callsTo(BULK)[0]!.body).toEqual({ ids: ['1', '2'], status: 'approved' })
    await waitFor(() => expect(fake.callsTo(LIST)).toHaveLength(2))
  })

  it('rejects the selected reviews at once, and sends nothing when the question is declined', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      [LIST]: store().list,
      [BULK]: [() => ok([{ id: '3', ok: true, message: 'Marked rejected' }])],
    })
    renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews', { toasts: true })
    await screen.findByText('Tạm được')
    await user.click(screen.getByRole('checkbox', { name: 'Select review by Khách 1' }))
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    const asked = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(asked).toHaveTextContent('Reject 1 review? It then no longer counts in its product’s rating.')
    await user.click(within(asked).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fake.callsTo(BULK)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Yes, go ahead',
      }),
    )
    expect(await toastWith('Reject:')).toHaveTextContent(/^Reject: 1 of 1 done\.$/)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fake.callsTo(BULK)[0]!.body).toEqual({ ids: ['1'], status: 'rejected' })
  })

  it('offers no moderation, selection or delete to an account that may only read reviews', async () => {
    fakeFetch({ [LIST]: store().list })
    renderAt(<ReviewListPage />, '/admin/product-reviews', '/admin/product-reviews', {
      permissions: ['reviews:read'],
    })
    const shown = await table()
    await within(shown).findByText('Tạm được')
    expect(within(shown).getByText('Pending')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Approve|Reject)/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })
})
