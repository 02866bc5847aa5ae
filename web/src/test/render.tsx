import { MantineProvider } from '@mantine/core'
import { type Permission, ROLE_PERMISSIONS } from '@store/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { theme } from '../app/theme.ts'
import { PermissionsProvider } from '../lib/permissions.tsx'

/**
 * Renders a piece of the app at an address, inside the theme, a fresh query cache and a router, as a
 * person would meet it: as an administrator, who may do everything, unless `permissions` names fewer.
 * Returns the router so a test can read where it navigated.
 *
 * @example const { router } = renderAt(<UserListPage />, '/admin/users?page=2')
 * @example renderAt(<UserListPage />, '/admin/users', '*', { permissions: ROLE_PERMISSIONS.staff })
 *
 * `queryClient` renders with a cache the test has filled (a fresh one otherwise).
 *
 * `toasts: true` renders the toasts' container too, so what the screen toasts can be read as a person sees it
 * (`toastWith`); toasts made by earlier tests, while no container was there, show in it as well.
 *
 * `dropdowns: true` renders Mantine in its test mode, where a select's list shows without being positioned
 * against its input (jsdom lays nothing out, so a positioned list would count as detached and stay hidden).
 */
export function renderAt(
  ui: ReactElement,
  address = '/',
  path = '*',
  {
    permissions = ROLE_PERMISSIONS.admin,
    dropdowns = false,
    toasts = false,
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    others = [],
  }: {
    permissions?: readonly Permission[]
    dropdowns?: boolean
    toasts?: boolean
    queryClient?: QueryClient
    /** Other screens the test moves to. */
    others?: RouteObject[]
  } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...others], { initialEntries: [address] })
  const result = render(
    <MantineProvider theme={theme} env={dropdowns ? 'test' : 'default'}>
      <QueryClientProvider client={queryClient}>
        <PermissionsProvider permissions={permissions}>
          <RouterProvider router={router} />
        </PermissionsProvider>
      </QueryClientProvider>
      {toasts && <ToastContainer />}
    </MantineProvider>,
  )
  return { ...result, router, queryClient }
}

/** Renders inside the theme only. */
export function renderPlain(ui: ReactElement) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>)
}

/** The toast whose text starts with `start`, once it shows (a container rendered with `toasts: true`). */
export const toastWith = (start: string) =>
  waitFor(() => {
    const found = screen.queryAllByRole('alert').find((alert) => alert.textContent?.startsWith(start))
    if (!found) throw new Error(`No toast starts with '${start}'`)
    return found
  })
