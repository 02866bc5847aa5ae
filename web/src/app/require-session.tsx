import { Center, Loader } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { paths } from '../lib/paths.ts'
import { useSession } from '../lib/session.tsx'

/** Shows its children only once a stored token has been checked and the admin's profile has loaded. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user, hasToken } = useSession()
  const location = useLocation()
  if (!hasToken) return <Navigate to={paths.login} replace state={{ from: location }} />
  if (!user) {
    return (
      <Center h="100vh" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    )
  }
  return children
}
