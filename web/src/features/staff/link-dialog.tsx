import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconCheck, IconCopy, IconMail, IconMailOff } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'

/** A one-time link to choose a password, as the server answers it, and whom it is for. */
export interface OneTimeLink {
  kind: 'setup' | 'reset'
  name: string
  email: string
  link: string
  expiresAt: string
  emailed: boolean
}

/**
 * Shows a one-time set-password or reset link once, right after it is made: the link to copy, until when it
 * works (in the shop's time zone), and whether it also went out by email. The server keeps only its hash, so
 * this is the one chance to pass it on.
 *
 * @example <LinkDialog link={made} onClose={() => navigate(paths.staff)} />
 */
export function LinkDialog({ link, onClose }: { link: OneTimeLink | null; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={
        link &&
        (link.kind === 'setup'
          ? t('staff.link.setupTitle', { name: link.name })
          : t('staff.link.resetTitle', { name: link.name }))
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {link && (
        <Stack gap="md">
          <Text size="sm">
            {link.kind === 'setup'
              ? t('staff.link.setupIntro', { name: link.name })
              : t('staff.link.resetIntro', { name: link.name })}
          </Text>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('staff.link.label')}
              value={link.link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={link.link}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                >
                  {copied ? t('staff.link.copied') : t('staff.link.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{t('staff.link.expires', { time: format.dateTime(link.expiresAt) })}</Text>
          <Alert
            color={link.emailed ? 'teal' : 'yellow'}
            icon={link.emailed ? <IconMail size={18} aria-hidden /> : <IconMailOff size={18} aria-hidden />}
          >
            {link.emailed
              ? t('staff.link.emailed', { email: link.email })
              : t('staff.link.notEmailed', { name: link.name })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('staff.link.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
