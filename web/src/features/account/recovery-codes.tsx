import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/** The name of the downloaded file. */
export const RECOVERY_FILE = 'recovery-codes.txt'

/** The text file of the codes: what they are for, then one code a line. */
export const recoveryFileText = (heading: string, codes: readonly string[]) =>
  `${heading}\n\n${codes.join('\n')}\n`

/** Offers a text as a file download, made in the browser: no address of the server holds the codes. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled; the address is freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The recovery codes, shown once when two-step sign-in is turned on: the server keeps only their hashes, so this
 * is the one moment to copy or download them.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[]
  email: string
  onDone: () => void
}) {
  const { t } = useTranslation()
  const labelId = useId()
  const file = recoveryFileText(
    t('account.twoFactor.fileHeading', { email, app: t('common.appName') }),
    codes,
  )
  return (
    <Stack gap="md">
      <Alert
        color="blue"
        variant="light"
        icon={<IconShieldCheck size={18} />}
        title={t('account.twoFactor.enabled')}
      >
        {t('account.twoFactor.codesNote')}
      </Alert>
      <Text id={labelId} fw={600} size="sm">
        {t('account.twoFactor.codesTitle')}
      </Text>
      <SimpleGrid
        component="ol"
        aria-labelledby={labelId}
        cols={2}
        spacing="xs"
        verticalSpacing="xs"
        m={0}
        pl="lg"
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(RECOVERY_FILE, file)}
          >
            {t('account.twoFactor.download')}
          </Button>
        </Group>
        <Button onClick={onDone}>{t('account.twoFactor.done')}</Button>
      </Group>
    </Stack>
  )
}
