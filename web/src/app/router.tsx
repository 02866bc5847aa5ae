import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../lib/paths.ts'
import { NotFoundPage } from './not-found-page.tsx'
import { RequireSession } from './require-session.tsx'
import { RouteError } from './route-error.tsx'

/**
 * What a lazy route shows while its chunk loads on the first page load. React Router renders the fallback of
 * the first lazy route from the top, and warns ('No `HydrateFallback` element provided…') when that route has
 * none, so every lazy route carries one. Blank: the chunks are small and come in a blink, a spinner would flash.
 */
const LoadingChunk = () => null

/** A route whose screen is its own chunk, fetched on first visit (code split by route). */
const screen = <M,>(path: string | undefined, load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  ({
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: pick(await load()) }),
    HydrateFallback: LoadingChunk,
    ErrorBoundary: RouteError,
  }) satisfies RouteObject

/** Every route of spec section 2, as exact matches. */
export const routes: RouteObject[] = [
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
  {
    // The frame is a chunk of its own too: the sign-in page does not need it.
    lazy: async () => {
      const { Layout } = await import('./layout.tsx')
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
      screen(
        undefined,
        () => import('../features/dashboard/dashboard-page.tsx'),
        (m) => m.DashboardPage,
      ),
      screen(
        paths.users,
        () => import('../features/users/user-list-page.tsx'),
        (m) => m.UserListPage,
      ),
      screen(
        paths.userNew,
        () => import('../features/users/user-form-page.tsx'),
        (m) => m.UserCreatePage,
      ),
      screen(
        '/admin/user/edit/:id',
        () => import('../features/users/user-form-page.tsx'),
        (m) => m.UserEditPage,
      ),
      screen(
        paths.categories,
        () => import('../features/categories/category-list-page.tsx'),
        (m) => m.CategoryListPage,
      ),
      screen(
        paths.categoryNew,
        () => import('../features/categories/category-form-page.tsx'),
        (m) => m.CategoryCreatePage,
      ),
      screen(
        '/admin/category/edit/:id',
        () => import('../features/categories/category-form-page.tsx'),
        (m) => m.CategoryEditPage,
      ),
      screen(
        paths.products,
        () => import('../features/products/product-list-page.tsx'),
        (m) => m.ProductListPage,
      ),
      screen(
        paths.productNew,
        () => import('../features/products/product-form-page.tsx'),
        (m) => m.ProductCreatePage,
      ),
      screen(
        '/admin/product/edit/:id',
        () => import('../features/products/product-form-page.tsx'),
        (m) => m.ProductEditPage,
      ),
      screen(
        paths.reviews,
        () => import('../features/reviews/review-list-page.tsx'),
        (m) => m.ReviewListPage,
      ),
      screen(
        paths.brands,
        () => import('../features/brands/brand-list-page.tsx'),
        (m) => m.BrandListPage,
      ),
      screen(
        paths.brandNew,
        () => import('../features/brands/brand-form-page.tsx'),
        (m) => m.BrandCreatePage,
      ),
      screen(
        '/admin/brand/edit/:id',
        () => import('../features/brands/brand-form-page.tsx'),
        (m) => m.BrandEditPage,
      ),
      screen(
        paths.orders,
        () => import('../features/orders/order-list-page.tsx'),
        (m) => m.OrderListPage,
      ),
      screen(
        '/admin/order/edit/:id',
        () => import('../features/orders/order-edit-page.tsx'),
        (m) => m.OrderEditPage,
      ),
      screen(
        '/admin/order/:orderId/detail/:id',
        () => import('../features/orders/order-detail-page.tsx'),
        (m) => m.OrderDetailPage,
      ),
    ],
  },
  { path: '*', Component: NotFoundPage },
]

export const createRouter = () => createBrowserRouter(routes)
