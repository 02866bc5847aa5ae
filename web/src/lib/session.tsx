import type { AuthUser, TokenPair } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, onSessionEnd, tokens } from './http.ts'
import { apiQuery, queryKeys } from './queries.ts'
import { DEFAULT_STORE_CONFIG, StoreConfigContext } from './store-config.tsx'
import { notify } from './toast.ts'

interface Session {
  /** The signed-in admin, once `/me` has answered. */
  user: AuthUser | undefined
  /** True while a stored token is being checked. */
  checking: boolean
  hasToken: boolean
  signIn(pair: TokenPair, user: AuthUser): void
  signOut(): Promise<void>
}

const SessionContext = createContext<Session | null>(null)

export const meQueryKey = queryKeys.of(endpoints.auth.me)

/**
 * The signed-in account (`/me`) and the store's settings (`/config`), read once a session: the session below
 * asks for them, and so may a screen's loader that cannot wait for the first render (the dashboard's).
 */
export const meQuery = {
  ...apiQuery(endpoints.auth.me),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: { silent: true },
}
export const storeConfigQuery = {
  ...apiQuery(endpoints.operations.config),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
}

/** Holds the session: tokens in storage, the profile from `/me`, and sign-in and sign-out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [hasToken, setHasToken] = useState(() => tokens.access !== null)

  const me = useQuery({ ...meQuery, select: (answer) => answer.data, enabled: hasToken })

  const end = useCallback(() => {
    tokens.clear()
    setHasToken(false)
    // Nothing of the previous account may show to the next one.
    queryClient.clear()
  }, [queryClient])

  // Ended by the server (a 401 one refresh did not cure): say why the sign-in page appears. Every call refused at
  // that moment reports it, and so may the token check below: one toast, by its id.
  const endedByServer = useCallback(() => {
    notify.info(t('layout.sessionEnded'), 'session-ended')
    end()
  }, [end, t])
  useEffect(() => onSessionEnd(endedByServer), [endedByServer])
  // A failed token check ends the session the same way (spec section 4).
  useEffect(() => {
    if (me.isError) endedByServer()
  }, [me.isError, endedByServer])

  const signIn = useCallback(
    (pair: TokenPair, user: AuthUser) => {
      tokens.save(pair)
      queryClient.setQueryData(meQueryKey, { status: true, data: user, message: 'OK' })
      setHasToken(true)
    },
    [queryClient],
  )

  const signOut = useCallback(async () => {
    const refreshToken = tokens.refresh
    try {
      if (refreshToken) await api(endpoints.auth.logout, { body: { refreshToken } })
    } finally {
      // Even if the server cannot be reached, this browser forgets the session.
      end()
    }
  }, [end])

  const value = useMemo<Session>(
    () => ({
      user: hasToken ? me.data : undefined,
      checking: hasToken && me.isPending,
      hasToken,
      signIn,
      signOut,
    }),
    [hasToken, me.data, me.isPending, signIn, signOut],
  )
  // The store's settings (its time zone) follow the session: the server answers them to a signed-in account.
  const config = useQuery({ ...storeConfigQuery, select: (answer) => answer.data, enabled: hasToken })
  return (
    <SessionContext.Provider value={value}>
      <StoreConfigContext.Provider value={config.data ?? DEFAULT_STORE_CONFIG}>
        {children}
      </StoreConfigContext.Provider>
    </SessionContext.Provider>
  )
}

/** @example const { user, signOut } = useSession() */
export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside SessionProvider')
  return session
}
