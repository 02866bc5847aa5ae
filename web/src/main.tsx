// First: it sets zod up for the page's Content-Security-Policy before any schema is built.
import './lib/csp.ts'
import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/charts/styles.css'
import 'react-toastify/dist/ReactToastify.css'
import './app/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/providers.tsx'
import { createRouter } from './app/router.tsx'
import { setupI18n } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'

setupI18n()
// One cache for the screens and the router's loaders, which may start a screen's calls before it renders.
const queryClient = createQueryClient()
const router = createRouter(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
