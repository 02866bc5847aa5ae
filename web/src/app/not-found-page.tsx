import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={72} fw={800} c="gray.6" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('common.notFound.title')}</Title>
        <Text c="dimmed" ta="center">
          {t('common.notFound.text')}
        </Text>
        <Button component={Link} to={paths.home}>
          {t('common.notFound.back')}
        </Button>
      </Stack>
    </Center>
  )
}
