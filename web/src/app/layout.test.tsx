import { MantineProvider } from '@mantine/core'
import { ROLE_PERMISSIONS } from '@store/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../lib/query-client.ts'
import { SessionProvider } from '../lib/session.tsx'
import { fakeFetch, ok, refusal } from '../test/fake-fetch.ts'
import { Layout } from './layout.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { RequirePermission } from './require-permission.tsx'
import { RequireSession } from './require-session.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

const ADMIN = {
  id: 'a1',
  _id: 'a1',
  name: 'Administrator',
  email: 'admin@example.com',
  avatar: null,
  role: 'admin',
  permissions: [...ROLE_PERMISSIONS.admin],
  twoFactor: false,
}
/** A member of staff: the shop's daily work, customers read-only, no staff accounts or audit log. */
const STAFF = {
  ...ADMIN,
  id: 's1',
  _id: 's1',
  name: 'Lê Thu Hà',
  email: 'ha@example.com',
  role: 'staff',
  permissions: [...ROLE_PERMISSIONS.staff],
}
const ME = 'GET /api/admin/auth/me'
/** The store's settings, which the session loads beside the profile. */
const config = {
  'GET /api/admin/config': () =>
    ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
}
const SIDEBAR = [
  'Dashboard',
  'Customers',
  'Add customer',
  'Reviews',
  'Products',
  'Add product',
  'Categories',
  'Brands',
  'Orders',
  'COD reconciliation',
  'Staff',
  'Audit log',
  'Shop settings',
]

/** The app's frame as main.tsx builds it, with stand-in screens, at an address. */
function renderApp(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Sign-in screen</p> },
      {
        element: (
          <RequireSession>
            <Layout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <p>Dashboard screen</p> },
          { path: '/admin/products', element: <p>Products screen</p> },
          { path: '/admin/product/edit/:id', element: <p>Product edit screen</p> },
          { path: '/admin/users', element: <p>Users screen</p> },
          { path: '/admin/orders', element: <p>Orders screen</p> },
          {
            path: '/admin/staff',
            element: (
              <RequirePermission permission="staff:manage">
                <p>Staff screen</p>
              </RequirePermission>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: [address] },
  )
  // What app/providers.tsx puts around the app, with Mantine's test mode: menus open without waiting for a
  // transition jsdom never finishes.
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
      <ToastContainer />
    </MantineProvider>,
  )
  return router
}
const signedIn = () => {
  localStorage.setItem('token', 'access-1')
  localStorage.setItem('refreshToken', 'refresh-1')
}
const sidebarLinks = (name = 'Main') =>
  within(within(screen.getByRole('navigation', { name })).getByRole('list')).getAllByRole('link')

afterEach(async () => {
  vi.restoreAllMocks()
  await i18next.changeLanguage('en')
})

describe('the signed-in frame', () => {
  it('sends a browser without a token to sign-in, without calling the server', async () => {
    fakeFetch({
      ...config,
    })
    const router = renderApp('/admin/products')
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('waits for the profile, then shows the sidebar in the spec order with the current screen marked', async () => {
    signedIn()
    const fake = fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    renderApp('/admin/product/edit/p1')
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument()
    expect(await screen.findByText('Product edit screen')).toBeInTheDocument()
    expect(sidebarLinks().map((link) => link.textContent)).toEqual(SIDEBAR)
    const current = sidebarLinks().filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Products'])
    expect(screen.getByRole('button', { name: 'Administrator, Account menu' })).toBeInTheDocument()
    expect(fake.callsTo(ME)[0]!.headers.authorization).toBe('Bearer access-1')
  })

  it('ends the session when the stored token is refused and cannot be renewed', async () => {
    signedIn()
    fakeFetch({
      ...config,
      [ME]: [() => refusal(401, 'sessionExpired')],
      'POST /api/admin/auth/refresh-tokens': [() => refusal(401, 'sessionExpired')],
    })
    const router = renderApp('/admin/users')
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('refreshToken')).toBeNull()
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument()
  })

  it('collapses the wide sidebar with the toggle, keeping each link named and titled', async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    renderApp('/')
    await screen.findByText('Dashboard screen')
    const toggle = screen.getByRole('button', { name: 'Toggle menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-controls', 'sidebar')
    expect(sidebarLinks()[1]).not.toHaveAttribute('title')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(sidebarLinks().map((link) => link.getAttribute('title'))).toEqual(SIDEBAR)
    expect(screen.getByRole('link', { name: 'Customers' })).toBeInTheDocument()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
  })

  it('on a phone, opens the sidebar over the page and closes it by Escape, the backdrop or a link', async () => {
    const user = userEvent.setup()
    const phone = (query: string) =>
      ({
        matches: query.includes('max-width: 576px'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList
    vi.spyOn(window, 'matchMedia').mockImplementation(phone)
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    const router = renderApp('/')
    await screen.findByText('Dashboard screen')
    const toggle = screen.getByRole('button', { name: 'Toggle menu' })
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'))

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // The overlay takes the focus, and Escape gives it back to the toggle.
    expect(screen.getByRole('link', { name: 'Store back-office' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()

    await user.click(toggle)
    await user.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    await user.click(screen.getByRole('link', { name: 'Products' }))
    expect(await screen.findByText('Products screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/products')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The wide screen's collapse is not what a phone's toggle changes.
    expect(sidebarLinks()[0]).not.toHaveAttribute('title')
  })

  it('switches the interface to Vietnamese and back, remembered in this browser', async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    renderApp('/')
    await screen.findByText('Dashboard screen')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Tiếng Việt')
    expect(await screen.findByRole('navigation', { name: 'Menu chính' })).toBeInTheDocument()
    expect(sidebarLinks('Menu chính')[1]).toHaveTextContent('Khách hàng')
    expect(document.documentElement.lang).toBe('vi')
    expect(localStorage.getItem('language')).toBe('vi')
    expect(screen.getByRole('combobox', { name: 'Ngôn ngữ' })).toHaveValue('vi')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ngôn ngữ' }), 'English')
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem('language')).toBe('en')
  })

  it('logs out from the account menu: the refresh token goes back, the browser forgets it, sign-in shows', async () => {
    const user = userEvent.setup()
    signedIn()
    const fake = fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
      'POST /api/admin/auth/logout': [() => new Response(null, { status: 204 })],
    })
    const router = renderApp('/')
    await screen.findByText('Dashboard screen')
    await user.click(screen.getByRole('button', { name: /Account menu/ }))
    expect(await screen.findByRole('menuitem', { name: 'Account settings' })).toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(fake.callsTo('POST /api/admin/auth/logout')[0]!.body).toEqual({ refreshToken: 'refresh-1' })
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('refreshToken')).toBeNull()
    expect(await screen.findByText('You have been signed out')).toBeInTheDocument()
  })

  it('logs out even when the server cannot be reached', async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
      'POST /api/admin/auth/logout': [
        () => {
          throw new TypeError('Failed to fetch')
        },
      ],
    })
    renderApp('/')
    await screen.findByText('Dashboard screen')
    await user.click(screen.getByRole('button', { name: /Account menu/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('opens the account menu with the arrow key', async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    renderApp('/')
    await screen.findByText('Dashboard screen')
    screen.getByRole('button', { name: /Account menu/ }).focus()
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('menuitem', { name: 'Account settings' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument()
  })
})

describe('live updates', () => {
  /** The browser's EventSource, driven by the test: what the server sends. */
  class FakeSource {
    static made: FakeSource[] = []
    readyState = 1
    onerror = null
    onopen = null
    listeners = new Map<string, (event: MessageEvent<string>) => void>()
    constructor(readonly url: string) {
      FakeSource.made.push(this)
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      this.listeners.set(type, listener)
    }
    close() {
      this.readyState = 2
    }
    send(type: string, data: unknown) {
      this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }))
    }
  }

  it('counts orders made on the Orders item with a toast, in Vietnamese too, until the order list is opened', async () => {
    const user = userEvent.setup()
    FakeSource.made = []
    vi.stubGlobal('EventSource', FakeSource)
    signedIn()
    fakeFetch({ ...config, [ME]: () => ok(ADMIN) })
    renderApp('/admin/products')
    await screen.findByText('Products screen')
    await i18next.changeLanguage('vi')
    expect(FakeSource.made.map((s) => s.url)).toEqual(['/api/admin/events?access_token=access-1'])
    const orders = () => screen.getByRole('link', { name: /^Đơn hàng/ })
    expect(orders()).toHaveAccessibleName('Đơn hàng')

    act(() => FakeSource.made[0]!.send('order.created', { id: '123' }))
    expect(await screen.findByText('Đơn hàng mới #123')).toBeInTheDocument()
    await waitFor(() => expect(orders()).toHaveAccessibleName(/^Đơn hàng ?1 ?đơn hàng mới$/))
    // jsdom joins the count and its words to the name; a browser lays them out apart, with spaces between.
    expect(within(orders()).getByText('1')).toBeVisible()
    act(() => FakeSource.made[0]!.send('order.created', { id: '124' }))
    await waitFor(() => expect(orders()).toHaveAccessibleName(/^Đơn hàng ?2 ?đơn hàng mới$/))

    await user.click(orders())
    expect(await screen.findByText('Orders screen')).toBeInTheDocument()
    expect(orders()).toHaveAccessibleName('Đơn hàng')
    // On the list, a new order counts again: the list reloads, and the count says what came meanwhile.
    act(() => FakeSource.made[0]!.send('order.created', { id: '125' }))
    await waitFor(() => expect(orders()).toHaveAccessibleName(/^Đơn hàng ?1 ?đơn hàng mới$/))
    expect(FakeSource.made).toHaveLength(1)
    vi.unstubAllGlobals()
  })
})

describe('what a role sees', () => {
  it('shows a member of staff only the screens of their role', async () => {
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(STAFF),
    })
    renderApp('/')
    await screen.findByText('Dashboard screen')
    // No Add User (customers are read-only), no Staff, no Audit log, no Shop settings.
    expect(sidebarLinks().map((link) => link.textContent)).toEqual(
      SIDEBAR.filter((label) => !['Add customer', 'Staff', 'Audit log', 'Shop settings'].includes(label)),
    )
  })

  it("answers 'Not allowed' at an address the role may not use, and leads back to the dashboard", async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(STAFF),
    })
    const router = renderApp('/admin/staff')
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument()
    expect(screen.getByText('Your role does not give you access to this screen.')).toBeInTheDocument()
    expect(screen.queryByText('Staff screen')).not.toBeInTheDocument()
    // The address stays what was asked for: no redirect, so nothing loops.
    expect(router.state.location.pathname).toBe('/admin/staff')
    // The frame stays around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }))
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument()
  })

  it('opens the same address for an administrator', async () => {
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    renderApp('/admin/staff')
    expect(await screen.findByText('Staff screen')).toBeInTheDocument()
    const current = sidebarLinks().filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Staff'])
  })
})

describe('NotFoundPage', () => {
  it("shows the spec's texts and leads home", async () => {
    const user = userEvent.setup()
    signedIn()
    fakeFetch({
      ...config,
      [ME]: () => ok(ADMIN),
    })
    const router = renderApp('/no/such/page')
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to the home page' }))
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
