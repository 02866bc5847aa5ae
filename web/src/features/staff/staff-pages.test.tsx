import { MantineProvider } from '@mantine/core'
import { ROLE_PERMISSIONS, type StaffMember } from '@store/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { theme } from '../../app/theme.ts'
import { PermissionsProvider } from '../../lib/permissions.tsx'
import { createQueryClient } from '../../lib/query-client.ts'
import { SessionProvider } from '../../lib/session.tsx'
import { fakeFetch, json, ok, type Routes, refusal, refusalBody } from '../../test/fake-fetch.ts'
import { StaffCreatePage } from './staff-create-page.tsx'
import { StaffEditPage } from './staff-edit-page.tsx'
import { StaffListPage } from './staff-list-page.tsx'

const ADMIN = {
  id: 'a1',
  _id: 'a1',
  name: 'Administrator',
  email: 'admin@example.com',
  avatar: null,
  role: 'admin' as const,
  permissions: [...ROLE_PERMISSIONS.admin],
  twoFactor: false,
}

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 's7',
    _id: 's7',
    name: 'Lê Thu Hà',
    email: 'ha@example.com',
    role: 'staff',
    active: true,
    twoFactor: false,
    lastLoginAt: '2026-06-03T18:30:00.000Z',
    version: 0,
    createdAt: '2026-05-01T02:00:00.000Z',
    updatedAt: '2026-05-01T02:00:00.000Z',
    ...overrides,
  }
}

/** What every signed-in screen loads beside its own calls: the profile and the store's settings. */
const session: Routes = {
  'GET /api/admin/auth/me': () => ok(ADMIN),
  'GET /api/admin/config': () =>
    ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
}

/** A staff screen inside the signed-in app's providers, as the administrator, at an address. */
function renderSignedIn(ui: ReactElement, address: string, path: string) {
  localStorage.setItem('token', 'access-1')
  localStorage.setItem('refreshToken', 'refresh-1')
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '/admin/staff', element: <p>Staff list screen</p> },
    ],
    { initialEntries: [address] },
  )
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <PermissionsProvider permissions={ADMIN.permissions}>
            <RouterProvider router={router} />
          </PermissionsProvider>
        </SessionProvider>
      </QueryClientProvider>
      <ToastContainer />
    </MantineProvider>,
  )
  return router
}

const listMeta = (totalResults: number) => ({ page: 1, limit: 10, totalPages: 1, totalResults })

beforeEach(() => {
  // Nothing is expected unless a test names it.
  fakeFetch({})
})

describe('the staff list', () => {
  it('shows each member with role, status, two-step and last sign-in in the shop time zone', async () => {
    fakeFetch({
      ...session,
      'GET /api/admin/staff': () =>
        ok(
          [
            member(),
            member({
              id: 'a1',
              name: 'Administrator',
              email: 'admin@example.com',
              role: 'admin',
              twoFactor: true,
              lastLoginAt: null,
              active: false,
            }),
          ],
          {
            meta: listMeta(2),
          },
        ),
    })
    renderSignedIn(<StaffListPage />, '/admin/staff', '/admin/staff')
    const table = await screen.findByRole('table', { name: 'Staff' })
    await within(table).findByText('ha@example.com')
    const [, first, second] = within(table).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '1',
      'Lê Thu Hà',
      'ha@example.com',
      'Staff',
      'Active',
      'Off',
      // 18:30 UTC is half past one the next morning in Hồ Chí Minh City.
      '2026-06-04 01:30',
      '',
    ])
    expect(
      within(second!)
        .getAllByRole('cell')
        .slice(3, 7)
        .map((cell) => cell.textContent),
    ).toEqual(['Administrator', 'Disabled', 'On', 'Never'])
    expect(within(first!).getByRole('link', { name: 'Edit Lê Thu Hà' })).toHaveAttribute(
      'href',
      '/admin/staff/edit/s7',
    )
    // Staff accounts are disabled, never deleted.
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/admin/staff/add')
  })

  it('filters by role and status through the address, back at page 1', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      ...session,
      'GET /api/admin/staff': () => ok([member()], { meta: listMeta(1) }),
    })
    const router = renderSignedIn(<StaffListPage />, '/admin/staff?page=2&role=nonsense', '/admin/staff')
    await screen.findByText('ha@example.com')
    // An unknown role in the address is not sent: the server would refuse it.
    expect(fake.callsTo('GET /api/admin/staff')[0]!.query.get('role')).toBeNull()

    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Staff')
    await waitFor(() => expect(address()).toEqual({ role: 'staff', page: '1' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Disabled')
    await waitFor(() => expect(address()).toEqual({ role: 'staff', active: 'false', page: '1' }))
    await waitFor(() => {
      const last = fake.callsTo('GET /api/admin/staff').at(-1)!
      expect(Object.fromEntries(last.query)).toEqual({ role: 'staff', active: 'false', page: '1' })
    })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles')
    await waitFor(() => expect(address()).toEqual({ active: 'false', page: '1' }))
  })
})

describe('adding a member', () => {
  it('checks the fields, then shows the one-time link to copy, its expiry and whether it was emailed', async () => {
    const user = userEvent.setup()
    const link = 'http://shop.example/reset-password?token=abc123'
    const fake = fakeFetch({
      ...session,
      'POST /api/admin/staff': (call) =>
        json201({
          ...member(call.body as Partial<StaffMember>),
          setupLink: link,
          setupLinkExpiresAt: '2026-06-07T01:00:00.000Z',
          emailed: false,
        }),
    })
    const router = renderSignedIn(<StaffCreatePage />, '/admin/staff/add', '/admin/staff/add')
    expect(screen.getByRole('heading', { level: 1, name: 'Add staff member' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This field is required')
    expect(fake.callsTo('POST /api/admin/staff')).toHaveLength(0)

    await user.type(screen.getByLabelText(/^Name/), 'Phạm Minh Khoa')
    await user.type(screen.getByLabelText(/^Email/), 'khoa@example.com')
    expect(screen.getByLabelText(/^Role/)).toHaveValue('staff')
    await user.selectOptions(screen.getByLabelText(/^Role/), 'Administrator')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const dialog = await screen.findByRole('dialog', { name: 'Set-password link for Phạm Minh Khoa' })
    expect(fake.callsTo('POST /api/admin/staff')[0]!.body).toEqual({
      name: 'Phạm Minh Khoa',
      email: 'khoa@example.com',
      role: 'admin',
    })
    expect(within(dialog).getByLabelText('One-time link')).toHaveValue(link)
    expect(within(dialog).getByText('Valid until 2026-06-07 08:00')).toBeInTheDocument()
    expect(
      within(dialog).getByText('It was not sent by email: pass it on to Phạm Minh Khoa yourself.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(await screen.findByText('Staff member added')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'))
  })

  it('says so when the link went out by email', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...session,
      'POST /api/admin/staff': (call) =>
        json201({
          ...member(call.body as Partial<StaffMember>),
          setupLink: 'http://shop.example/reset-password?token=x',
          setupLinkExpiresAt: '2026-06-07T01:00:00.000Z',
          emailed: true,
        }),
    })
    renderSignedIn(<StaffCreatePage />, '/admin/staff/add', '/admin/staff/add')
    await user.type(screen.getByLabelText(/^Name/), 'Khoa')
    await user.type(screen.getByLabelText(/^Email/), 'khoa@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('It was also sent by email to khoa@example.com.')).toBeInTheDocument()
  })

  it('puts a taken email next to the email and keeps what was typed', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...session,
      'POST /api/admin/staff': () => refusal(409, 'emailTaken'),
    })
    renderSignedIn(<StaffCreatePage />, '/admin/staff/add', '/admin/staff/add')
    await user.type(screen.getByLabelText(/^Name/), 'Khoa')
    await user.type(screen.getByLabelText(/^Email/), 'ha@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This email is already in use'),
    )
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Khoa')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows a taken email beside a missing name after one save', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      ...session,
      'GET /api/admin/users/email-taken': () => ok({ taken: true }),
    })
    renderSignedIn(<StaffCreatePage />, '/admin/staff/add', '/admin/staff/add')
    await user.type(screen.getByLabelText(/^Email/), 'ha@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This email is already in use'),
    )
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required')
    expect(fake.callsTo('GET /api/admin/users/email-taken')[0]!.query.get('email')).toBe('ha@example.com')
    expect(fake.callsTo('POST /api/admin/staff')).toHaveLength(0)
  })
})

describe('editing a member', () => {
  it('loads the member, sends only what changed, and goes back to the list', async () => {
    const user = userEvent.setup()
    const fake = fakeFetch({
      ...session,
      'GET /api/admin/staff/s7': () => ok(member({ twoFactor: true })),
      'PUT /api/admin/staff/s7': (call) => ok(member(call.body as Partial<StaffMember>)),
    })
    const router = renderSignedIn(<StaffEditPage />, '/admin/staff/edit/s7', '/admin/staff/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Lê Thu Hà'))
    expect(screen.getByLabelText('Email')).toHaveValue('ha@example.com')
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByText('On')).toBeInTheDocument()
    expect(screen.getByText('2026-06-04 01:30')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/admin/audit-log?entity=staff&entityId=s7',
    )

    const active = screen.getByRole('switch', { name: /^Active/ })
    expect(active).toBeChecked()
    await user.click(active)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'))
    // With the version the form was filled from (CONTRACT 4.6).
    expect(fake.callsTo('PUT /api/admin/staff/s7')[0]!.body).toEqual({ active: false, version: 0 })
    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument()
  })

  it('asks when someone else saved the member first: Cancel keeps the form, Reload shows theirs', async () => {
    const user = userEvent.setup()
    const theirs = member({ name: 'Lê Thu Hằng', role: 'admin', version: 3 })
    const fake = fakeFetch({
      ...session,
      'GET /api/admin/staff/s7': [() => ok(member({ version: 2 })), () => ok(theirs)],
      'PUT /api/admin/staff/s7': [
        () => json(409, { ...refusalBody(409, 'editedMeanwhile'), data: theirs }),
        () => json(409, { ...refusalBody(409, 'editedMeanwhile'), data: theirs }),
        (call) => ok({ ...theirs, ...(call.body as object), version: 4 }),
      ],
    })
    const router = renderSignedIn(<StaffEditPage />, '/admin/staff/edit/s7', '/admin/staff/edit/:id')
    const nameField = () => screen.getByLabelText(/^Name/)
    await waitFor(() => expect(nameField()).toHaveValue('Lê Thu Hà'))
    await user.clear(nameField())
    await user.type(nameField(), 'Lê Thị Thu Hà')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' })
    // The refusal is the dialog's alone: no alert on the form as well.
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(nameField()).toHaveValue('Lê Thị Thu Hà')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Changed by someone else' })).getByRole('button', {
        name: 'Reload',
      }),
    )
    await waitFor(() => expect(nameField()).toHaveValue('Lê Thu Hằng'))
    expect(screen.getByLabelText(/^Role/)).toHaveValue('admin')
    await user.click(screen.getByRole('switch', { name: /^Active/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'))
    // Two saves from version 2, each refused, then one from theirs, with only what changed from theirs.
    expect(fake.callsTo('PUT /api/admin/staff/s7').map((call) => call.body)).toEqual([
      { name: 'Lê Thị Thu Hà', version: 2 },
      { name: 'Lê Thị Thu Hà', version: 2 },
      { active: false, version: 3 },
    ])
  })

  it("does not offer one's own role or active flag, and says why", async () => {
    fakeFetch({
      ...session,
      'GET /api/admin/staff/a1': () => ok(member({ id: 'a1', name: 'Administrator', role: 'admin' })),
    })
    renderSignedIn(<StaffEditPage />, '/admin/staff/edit/a1', '/admin/staff/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Administrator'))
    await waitFor(() => expect(screen.getByLabelText(/^Role/)).toBeDisabled())
    expect(screen.getByLabelText(/^Role/)).toHaveValue('admin')
    expect(screen.getByRole('switch', { name: /^Active/ })).toBeDisabled()
    expect(screen.getByLabelText(/^Role/)).toHaveAccessibleDescription(
      'This is your own account: another administrator has to change its role or disable it.',
    )
  })

  it.each([
    ['lastAdmin', 'The last active administrator cannot be demoted or disabled'],
    ['staffNotFound', 'Staff member not found'],
  ] as const)('shows the refusal %s above the buttons and stays', async (code, text) => {
    const user = userEvent.setup()
    fakeFetch({
      ...session,
      'GET /api/admin/staff/s7': () => ok(member({ role: 'admin' })),
      'PUT /api/admin/staff/s7': () => refusal(code === 'lastAdmin' ? 409 : 404, code),
    })
    const router = renderSignedIn(<StaffEditPage />, '/admin/staff/edit/s7', '/admin/staff/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Role/)).toHaveValue('admin'))
    await user.selectOptions(screen.getByLabelText(/^Role/), 'Staff')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const form = screen.getByRole('form', { name: 'Edit staff member' })
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('Not saved')
    expect(alert).toHaveTextContent(text)
    expect(router.state.location.pathname).toBe('/admin/staff/edit/s7')
  })

  it.each([
    ['ownRole', 'Role', 'You cannot change your own role'],
    ['disableSelf', 'Active', 'You cannot disable your own account'],
  ] as const)('puts the refusal %s next to its field', async (code, field, text) => {
    const user = userEvent.setup()
    fakeFetch({
      ...session,
      'GET /api/admin/staff/s7': () => ok(member()),
      'PUT /api/admin/staff/s7': () => refusal(409, code),
    })
    renderSignedIn(<StaffEditPage />, '/admin/staff/edit/s7', '/admin/staff/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Lê Thu Hà'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument())
    const input =
      field === 'Role' ? screen.getByLabelText(/^Role/) : screen.getByRole('switch', { name: /^Active/ })
    expect(input).toHaveAccessibleDescription(expect.stringContaining(text))
    // Said once, at its field, not again above the buttons.
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument()
  })

  it('makes a reset link and shows it once, to copy', async () => {
    const user = userEvent.setup()
    const link = 'http://shop.example/reset-password?token=reset-1'
    fakeFetch({
      ...session,
      'GET /api/admin/staff/s7': () => ok(member()),
      'POST /api/admin/staff/s7/reset-link': [
        () => ok({ link, expiresAt: '2026-06-05T03:00:00.000Z', emailed: true }),
      ],
    })
    renderSignedIn(<StaffEditPage />, '/admin/staff/edit/s7', '/admin/staff/edit/:id')
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Lê Thu Hà'))
    await user.click(screen.getByRole('button', { name: 'Create reset link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reset link for Lê Thu Hà' })
    expect(within(dialog).getByLabelText('One-time link')).toHaveValue(link)
    expect(within(dialog).getByText('Valid until 2026-06-05 10:00')).toBeInTheDocument()
    expect(within(dialog).getByText('It was also sent by email to ha@example.com.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

/** A 201 with the envelope, as the create call answers. */
function json201(data: unknown) {
  return new Response(JSON.stringify({ status: true, data, message: 'Created' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  })
}
