import { Component, lazy, type ReactNode, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/**
 * The error screen's code (route-error-screen.tsx, with Mantine's button and type) is a chunk of its own, not in
 * the first page's script: main.tsx asks for it as the app starts, beside the first screen's chunk, so it is at
 * hand when a later screen fails.
 */
const loadScreen = () => import('./route-error-screen.tsx')
const RouteErrorScreen = lazy(() => loadScreen().then((m) => ({ default: m.RouteErrorScreen })))

/** Fetches the error screen's code ahead of need; a failure here is met again, and shown, when it is needed. */
export const preloadRouteError = () => void loadScreen().catch(() => undefined)

/** What shows should the error screen's own code not come either (the connection is down): the same, plain. */
function PlainRouteError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      style={{
        display: 'grid',
        justifyItems: 'center',
        gap: '0.75rem',
        padding: '4rem 1rem',
        textAlign: 'center',
      }}
    >
      <h2 style={{ margin: 0 }}>{t('common.chunkError')}</h2>
      {error instanceof Error && (
        <p style={{ margin: 0, color: 'var(--mantine-color-dimmed)' }}>{error.message}</p>
      )}
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  )
}

class ScreenCodeMissing extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/**
 * A screen's code failed to load (a new deployment replaced its chunk, or the connection dropped) or threw
 * while rendering. The spec's client reported a ChunkLoadError; here the user gets a way out: reload.
 */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <ScreenCodeMissing fallback={<PlainRouteError error={error} />}>
      <Suspense fallback={null}>
        <RouteErrorScreen error={error} />
      </Suspense>
    </ScreenCodeMissing>
  )
}
