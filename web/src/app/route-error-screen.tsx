import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * A screen's code failed to load (a new deployment replaced its chunk, or the connection dropped) or threw
 * while rendering. The spec's client reported a ChunkLoadError; here the user gets a way out: reload.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation()
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={2}>{t('common.chunkError')}</Title>
        {error instanceof Error && (
          <Text c="dimmed" size="sm">
            {error.message}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  )
}
