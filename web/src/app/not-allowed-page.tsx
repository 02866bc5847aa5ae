import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'

/**
 * What a screen shows to an account whose role may not use it, reached by its address (CONTRACT 4.2): a plain
 * answer and a way back, inside the frame, rather than a screen whose every call is refused.
 */
export function NotAllowedPage() {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${t('common.notAllowed.title')} · ${t('common.appName')}`
  }, [t])
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <IconLock size={56} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1}>{t('common.notAllowed.title')}</Title>
        <Text c="dimmed" ta="center">
          {t('common.notAllowed.text')}
        </Text>
        <Button component={Link} to={paths.home}>
          {t('common.notAllowed.back')}
        </Button>
      </Stack>
    </Center>
  )
}
