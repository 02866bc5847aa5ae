import { Box, Center, Group, NativeSelect, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../i18n/index.ts'
import { switchLanguage } from '../../lib/i18n.ts'
import classes from './auth-frame.module.css'

/**
 * The frame of the pages seen before signing in: a centred card under the app's name, with the language
 * switch above it (the choice is remembered in this browser, so it carries over into the back-office).
 */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle: string
  children: ReactNode
}) {
  const { t, i18n } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`
  }, [title, t])
  return (
    <Box mih="100vh" px="md" py="lg" className={classes.page}>
      <Group justify="flex-end">
        <NativeSelect
          aria-label={t('auth.language')}
          size="xs"
          value={i18n.language}
          onChange={(event) => void switchLanguage(event.currentTarget.value as Language)}
          data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        />
      </Group>
      <Center component="main" mih="calc(100vh - 120px)">
        <Stack w="100%" maw={420} gap="lg" py="md">
          <Group gap="xs" justify="center" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="filled" aria-hidden>
              <IconShoppingBag size={24} />
            </ThemeIcon>
            <Text fw={700} fz="xl">
              {t('common.appName')}
            </Text>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
            <Title order={1} fz={24}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4} mb="lg">
              {subtitle}
            </Text>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  )
}
