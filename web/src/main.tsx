// First: the session's first calls start before the rest of the code is evaluated (early-session.ts).
import './lib/start-early-session.ts'
// Then: it sets zod up for the page's Content-Security-Policy before any schema is built.
import './lib/csp.ts'
import './app/mantine-styles.ts'
import 'react-toastify/dist/ReactToastify.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/providers.tsx'
import { preloadRouteError } from './app/route-error.tsx'
import { createRouter } from './app/router.tsx'
import { applyAppStyles } from './lib/app-styles.ts'
import { setupI18n } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'

// Only the chosen language's messages, a chunk fetched beside the screen's own (the router asks for that below).
const messagesReady = setupI18n()
// One cache for the screens and the router's loaders, which may start a screen's calls before it renders.
const queryClient = createQueryClient()
// Opened at the dashboard's address, its calls start now (prefetch.ts, a few small files, asked for before the
// router asks for the screens' code), not once the route's loader runs: that waits for the screen's own chunk,
// which on a first visit comes after dozens of files. The loader still starts them on a move to the dashboard;
// a call already started is not asked twice.
if (window.location.pathname === '/') {
  import('./features/dashboard/prefetch.ts').then(
    ({ prefetchDashboard }) => prefetchDashboard(queryClient, new URL(window.location.href)),
    () => undefined, // the screen's own chunk fails too, and its error boundary says so
  )
}
// The same for the first page of the product and the order list (lib/prefetch-list.ts).
if (window.location.pathname === '/admin/products' || window.location.pathname === '/admin/orders') {
  import('./lib/prefetch-list.ts').then(
    ({ prefetchList }) => prefetchList(queryClient, new URL(window.location.href)),
    () => undefined,
  )
}
const router = createRouter(queryClient)
// The error screen's code comes beside the first screen's, ready should a later one fail to load.
preloadRouteError()

// Rendered once the messages and the stylesheets are in: no text shows as its key first, and nothing unstyled
// replaces the frame index.html painted. As a transition, which React renders in slices of a few milliseconds
// with the browser free in between, where a plain first render is one task: on a phone's slower CPU the first
// screen's render was the page's longest task, and the blocking time (Lighthouse's TBT) was a quarter higher.
void Promise.all([messagesReady, applyAppStyles()]).then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  )
})
