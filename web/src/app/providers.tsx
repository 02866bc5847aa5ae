import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { styleNonce } from '../lib/csp.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { SessionProvider } from '../lib/session.tsx'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { cssVariablesResolver, theme } from './theme.ts'

/**
 * Where the toasts start: under the signed-in frame's sticky header (60 px high, `.header` in layout.module.css)
 * with a little air, so a toast never covers the language switch and the account menu. Inline, it holds on
 * phones too, where react-toastify's own style pins the container to the very top.
 */
const TOAST_TOP = 'calc(60px + 0.5rem)'

/** react-toastify and the saving overlay come as chunks of their own, after the first screen's code. */
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))
const GlobalLoading = lazy(() => import('./global-loading.tsx').then((m) => ({ default: m.GlobalLoading })))

/** This page's CSP nonce, for the `<style>` elements Mantine and the toasts inject (lib/csp.ts). */
const nonce = styleNonce

/**
 * The colour scheme: the system's until someone picks one in the account menu, then that one, kept in this
 * browser. index.html applies the same choice before the first paint; Mantine keeps it from there on, and
 * follows the system when it changes while the page is open.
 */
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme })

/**
 * Everything a screen relies on: theme, query cache, session, toasts and the saving overlay. `queryClient` is the
 * cache the router's loaders fill too; without it (a test) the providers make their own.
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      {...(nonce && { getStyleNonce: () => nonce })}
    >
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <Suspense fallback={null}>
            <GlobalLoading />
          </Suspense>
        </SessionProvider>
      </QueryClientProvider>
      {/* The spec's toast behaviour: top-right (below the header), 5 s, pause on hover and focus loss, close on
          click, drag at 80 %. */}
      <Suspense fallback={null}>
        <ToastContainer
          position="top-right"
          autoClose={5000}
          pauseOnHover
          pauseOnFocusLoss
          closeOnClick
          draggable
          draggablePercent={80}
          newestOnTop
          style={{ top: TOAST_TOP }}
          nonce={nonce}
        />
      </Suspense>
    </MantineProvider>
  )
}
