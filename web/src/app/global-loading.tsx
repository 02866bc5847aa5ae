import { LoadingOverlay } from '@mantine/core'
import { useIsMutating } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

/** The spec's full-screen loading overlay: shown while any save or delete is in flight. */
export function GlobalLoading() {
  const { t } = useTranslation()
  const saving = useIsMutating() > 0
  return (
    <LoadingOverlay
      visible={saving}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ role: 'status', 'aria-label': t('common.saving') }}
    />
  )
}
