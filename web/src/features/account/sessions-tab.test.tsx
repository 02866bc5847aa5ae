import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { SessionsTab } from './sessions-tab.tsx'

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const session = (id: string, userAgent: string | null, current = false, ip: string | null = '10.0.0.1') => ({
  id,
  // 01:30 on 21 November in Ho Chi Minh City, the store's zone.
  createdAt: '2026-11-20T18:30:00.000Z',
  lastUsedAt: '2026-11-21T02:05:00.000Z',
  ip,
  userAgent,
  current,
})
const here = session('s1', CHROME_WINDOWS, true, '127.0.0.1')
const phone = session('s2', SAFARI_IPHONE)
const unknown = session('s3', null, false, null)

const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')

describe('SessionsTab', () => {
  it('lists the sessions, this device first and marked, in the store’s time zone', async () => {
    fakeFetch({ 'GET /api/admin/auth/sessions': () => ok([phone, here, unknown]) })
    renderAt(<SessionsTab />)
    await screen.findByRole('list', { name: 'Signed-in devices' })
    const [first, second, third] = rows()
    expect(first).toHaveTextContent('Chrome on Windows')
    expect(first).toHaveTextContent('This device')
    expect(first).toHaveTextContent('Address: 127.0.0.1')
    expect(first).toHaveTextContent('Started: 2026-11-21 01:30')
    expect(first).toHaveTextContent('Last used: 2026-11-21 09:05')
    expect(within(first!).queryByRole('button', { name: 'End' })).not.toBeInTheDocument()
    expect(second).toHaveTextContent('Safari on iOS')
    expect(second).not.toHaveTextContent('This device')
    expect(within(second!).getByRole('button', { name: 'End' })).toBeInTheDocument()
    expect(third).toHaveTextContent('Unknown device')
    expect(third).toHaveTextContent('Address: unknown')
  })

  it('ends one session after asking, then loads the list again', async () => {
    const fake = fakeFetch({
      'GET /api/admin/auth/sessions': [() => ok([here, phone]), () => ok([here])],
      'DELETE /api/admin/auth/sessions/s2': [() => ok(null)],
    })
    const user = userEvent.setup()
    renderAt(<SessionsTab />)
    await screen.findByRole('list', { name: 'Signed-in devices' })
    const phoneRow = rows()[1]!
    await user.click(within(phoneRow).getByRole('button', { name: 'End' }))
    const question = within(phoneRow).getByRole('group', { name: /End this session\? Safari on iOS/ })
    // Cancel first: nothing is sent.
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(fake.callsTo('DELETE /api/admin/auth/sessions/s2')).toHaveLength(0)
    await waitFor(() => expect(within(phoneRow).getByRole('button', { name: 'End' })).toHaveFocus())

    await user.click(within(phoneRow).getByRole('button', { name: 'End' }))
    await user.click(within(phoneRow).getByRole('button', { name: 'End session' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(fake.callsTo('DELETE /api/admin/auth/sessions/s2')).toHaveLength(1)
    expect(screen.getByText('No other device is signed in to this account.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled()
  })

  it('ends every other session after asking', async () => {
    const fake = fakeFetch({
      'GET /api/admin/auth/sessions': [() => ok([here, phone, unknown]), () => ok([here])],
      'DELETE /api/admin/auth/sessions': [() => ok({ ended: 2 })],
    })
    const user = userEvent.setup()
    renderAt(<SessionsTab />)
    await screen.findByRole('list', { name: 'Signed-in devices' })
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }))
    await user.click(screen.getByRole('button', { name: 'End them all' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('This device')
    expect(fake.callsTo('DELETE /api/admin/auth/sessions')).toHaveLength(1)
  })

  it('loads the list again when a session was already gone', async () => {
    fakeFetch({
      'GET /api/admin/auth/sessions': [() => ok([here, phone]), () => ok([here])],
      'DELETE /api/admin/auth/sessions/s2': [() => refusal(404, 'sessionNotFound')],
    })
    const user = userEvent.setup()
    renderAt(<SessionsTab />)
    await screen.findByRole('list', { name: 'Signed-in devices' })
    await user.click(within(rows()[1]!).getByRole('button', { name: 'End' }))
    await user.click(within(rows()[1]!).getByRole('button', { name: 'End session' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('says when the list cannot be loaded, and tries again', async () => {
    fakeFetch({
      'GET /api/admin/auth/sessions': [() => refusal(500, 'serverError'), () => ok([here])],
    })
    const user = userEvent.setup()
    renderAt(<SessionsTab />)
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Signed-in devices' })).toBeInTheDocument()
  })
})
