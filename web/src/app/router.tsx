import type { Permission } from '@store/contract'
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../lib/paths.ts'
import { RouteError } from './route-error.tsx'

/**
 * What a lazy route shows while its chunk loads on the first page load. React Router renders the fallback of
 * the first lazy route from the top, and warns ('No `HydrateFallback` element provided…') when that route has
 * none, so every lazy route carries one. Blank: the chunks are small and come in a blink, a spinner would flash.
 */
const LoadingChunk = () => null

/**
 * A route whose screen is its own chunk, fetched on first visit (code split by route). With a permission, an
 * account without it sees 'Not allowed' at that address instead of the screen (CONTRACT 4.2).
 */
const screen = <M,>(
  path: string | undefined,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  permission?: Permission,
) =>
  ({
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => {
      if (!permission) return { Component: pick(await load()) }
      // The check comes with the screen: its 'Not allowed' page is not in the first page's code.
      const [m, { RequirePermission }] = await Promise.all([load(), import('./require-permission.tsx')])
      const Screen = pick(m)
      return {
        Component: () => (
          <RequirePermission permission={permission}>
            <Screen />
          </RequirePermission>
        ),
      }
    },
    HydrateFallback: LoadingChunk,
    ErrorBoundary: RouteError,
  }) satisfies RouteObject

/**
 * Every route of spec section 2, as exact matches. `queryClient` is the app's cache, which a loader may fill
 * before its screen renders.
 */
export const routesFor = (queryClient: QueryClient): RouteObject[] => [
  screen(
    paths.login,
    () => import('../features/auth/login-page.tsx'),
    (m) => m.LoginPage,
  ),
  screen(
    paths.register,
    () => import('../features/auth/register-page.tsx'),
    (m) => m.RegisterPage,
  ),
  screen(
    paths.forgotPassword,
    () => import('../features/auth/forgot-password-page.tsx'),
    (m) => m.ForgotPasswordPage,
  ),
  screen(
    paths.resetPassword,
    () => import('../features/auth/reset-password-page.tsx'),
    (m) => m.ResetPasswordPage,
  ),
  {
    // The frame is a chunk of its own too: the sign-in page does not need it.
    lazy: async () => {
      const [{ Layout }, { RequireSession }] = await Promise.all([
        import('./layout.tsx'),
        import('./require-session.tsx'),
      ])
      return {
        Component: () => (
          <RequireSession>
            <Layout />
          </RequireSession>
        ),
      }
    },
    // The frame is the first lazy route of every signed-in address, so it is its fallback that shows on a deep link.
    HydrateFallback: LoadingChunk,
    ErrorBoundary: RouteError,
    children: [
      {
        ...screen(
          undefined,
          () => import('../features/dashboard/dashboard-page.tsx'),
          (m) => m.DashboardPage,
          'dashboard:read',
        ),
        // The dashboard's calls start with its chunk's download rather than after it (prefetch.ts). The starter
        // is a small chunk of its own: in the first page's code it would pull the contract's schemas along.
        loader: ({ request }) => {
          import('../features/dashboard/prefetch.ts').then(
            ({ prefetchDashboard }) => prefetchDashboard(queryClient, new URL(request.url)),
            () => undefined, // the screen's own chunk fails too, and its error boundary says so
          )
          return null
        },
      },
      screen(
        paths.users,
        () => import('../features/users/user-list-page.tsx'),
        (m) => m.UserListPage,
        'customers:read',
      ),
      screen(
        paths.userNew,
        () => import('../features/users/user-form-page.tsx'),
        (m) => m.UserCreatePage,
        'customers:write',
      ),
      screen(
        '/admin/user/edit/:id',
        () => import('../features/users/user-form-page.tsx'),
        (m) => m.UserEditPage,
        'customers:read',
      ),
      screen(
        paths.categories,
        () => import('../features/categories/category-list-page.tsx'),
        (m) => m.CategoryListPage,
        'catalog:read',
      ),
      screen(
        paths.categoryNew,
        () => import('../features/categories/category-form-page.tsx'),
        (m) => m.CategoryCreatePage,
        'catalog:write',
      ),
      screen(
        '/admin/category/edit/:id',
        () => import('../features/categories/category-form-page.tsx'),
        (m) => m.CategoryEditPage,
        'catalog:read',
      ),
      screen(
        paths.products,
        () => import('../features/products/product-list-page.tsx'),
        (m) => m.ProductListPage,
        'catalog:read',
      ),
      screen(
        paths.productNew,
        () => import('../features/products/product-form-page.tsx'),
        (m) => m.ProductCreatePage,
        'catalog:write',
      ),
      screen(
        paths.productImport,
        () => import('../features/products/import/product-import-page.tsx'),
        (m) => m.ProductImportPage,
        'catalog:write',
      ),
      screen(
        paths.stockImport,
        () => import('../features/products/stock-sheet/stock-import-page.tsx'),
        (m) => m.StockImportPage,
        'catalog:write',
      ),
      screen(
        '/admin/product/edit/:id',
        () => import('../features/products/product-form-page.tsx'),
        (m) => m.ProductEditPage,
        'catalog:read',
      ),
      screen(
        paths.reviews,
        () => import('../features/reviews/review-list-page.tsx'),
        (m) => m.ReviewListPage,
        'reviews:read',
      ),
      screen(
        paths.brands,
        () => import('../features/brands/brand-list-page.tsx'),
        (m) => m.BrandListPage,
        'catalog:read',
      ),
      screen(
        paths.brandNew,
        () => import('../features/brands/brand-form-page.tsx'),
        (m) => m.BrandCreatePage,
        'catalog:write',
      ),
      screen(
        '/admin/brand/edit/:id',
        () => import('../features/brands/brand-form-page.tsx'),
        (m) => m.BrandEditPage,
        'catalog:read',
      ),
      screen(
        paths.orders,
        () => import('../features/orders/order-list-page.tsx'),
        (m) => m.OrderListPage,
        'orders:read',
      ),
      screen(
        paths.orderNew,
        () => import('../features/orders/new-order-page.tsx'),
        (m) => m.NewOrderPage,
        'orders:write',
      ),
      screen(
        '/admin/order/edit/:id',
        () => import('../features/orders/order-edit-page.tsx'),
        (m) => m.OrderEditPage,
        'orders:read',
      ),
      screen(
        '/admin/order/:orderId/detail/:id',
        () => import('../features/orders/order-detail-page.tsx'),
        (m) => m.OrderDetailPage,
        'orders:read',
      ),
      screen(
        paths.cod,
        () => import('../features/cod/cod-page.tsx'),
        (m) => m.CodPage,
        'orders:write',
      ),
      screen(
        paths.staff,
        () => import('../features/staff/staff-list-page.tsx'),
        (m) => m.StaffListPage,
        'staff:manage',
      ),
      screen(
        paths.staffNew,
        () => import('../features/staff/staff-create-page.tsx'),
        (m) => m.StaffCreatePage,
        'staff:manage',
      ),
      screen(
        '/admin/staff/edit/:id',
        () => import('../features/staff/staff-edit-page.tsx'),
        (m) => m.StaffEditPage,
        'staff:manage',
      ),
      screen(
        paths.auditLog,
        () => import('../features/audit/audit-log-page.tsx'),
        (m) => m.AuditLogPage,
        'audit:read',
      ),
      screen(
        paths.settings,
        () => import('../features/settings/settings-page.tsx'),
        (m) => m.SettingsPage,
        'settings:manage',
      ),
    ],
  },
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }),
    HydrateFallback: LoadingChunk,
    ErrorBoundary: RouteError,
  },
]

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routesFor(queryClient))
