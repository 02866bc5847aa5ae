import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { ToastContainer } from 'react-toastify'
import { createQueryClient } from '../lib/query-client.ts'
import { SessionProvider } from '../lib/session.tsx'
import { GlobalLoading } from './global-loading.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

/** Everything a screen relies on: theme, query cache, session, toasts and the saving overlay. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <GlobalLoading />
        </SessionProvider>
      </QueryClientProvider>
      {/* The spec's toast behaviour: top-right, 5 s, pause on hover and focus loss, close on click, drag at 80 %. */}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
        draggable
        draggablePercent={80}
        newestOnTop
      />
    </MantineProvider>
  )
}
