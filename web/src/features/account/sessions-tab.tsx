import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import type { Session } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAlertCircle, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { apiQuery, useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { ConfirmBar } from './confirm-bar.tsx'
import { describeDevice } from './device.ts'

/** 'Chrome on Windows', in the chosen language, from a session's user agent. */
export function deviceName(t: TFunction, userAgent: string | null): string {
  const { browser, os } = describeDevice(userAgent)
  if (browser && os) return t('account.sessions.device.browserOnOs', { browser, os })
  if (browser) return t('account.sessions.device.browserOnly', { browser })
  if (os) return t('account.sessions.device.osOnly', { os })
  return t('account.sessions.device.unknown')
}

/**
 * The 'Sessions' tab of the Setting dialog (CONTRACT 4.3): every device signed in to one's account, this one
 * first and marked, each other one with 'End', and 'End all other sessions'. An ended session's tokens stop
 * working at once on the server; the list is loaded again after each change.
 */
export function SessionsTab() {
  const { t } = useTranslation()
  const list = useQuery({
    ...apiQuery(endpoints.auth.sessions),
    select: (answer) => answer.data,
    // Opening the tab shows who is signed in now: a device that signed in a moment ago is not left out.
    refetchOnMount: 'always',
  })
  // A refusal (a session another device ended meanwhile: 404) is toasted by the mutation cache; the list is
  // loaded again either way, so it shows what is true now.
  const endOne = useApiMutation(endpoints.auth.endSession, {
    onSuccess: () => notify.success(t('account.sessions.ended')),
    onError: () => void list.refetch(),
  })
  const endOthers = useApiMutation(endpoints.auth.endOtherSessions, {
    onSuccess: (answer) => notify.success(t('account.sessions.endedOthers', { count: answer.data.ended })),
    onError: () => void list.refetch(),
  })
  const [askingAll, setAskingAll] = useState(false)
  const endAllButton = useRef<HTMLButtonElement>(null)

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    )
  }
  if (list.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('account.sessions.loadFailed')}
      >
        <Button size="xs" variant="light" mt="xs" onClick={() => void list.refetch()}>
          {t('account.sessions.retry')}
        </Button>
      </Alert>
    )
  }

  // This device first; the server lists the others by when they were last used.
  const sessions = [...list.data].sort((a, b) => Number(b.current) - Number(a.current))
  const others = sessions.filter((s) => !s.current).length
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('account.sessions.intro')}
      </Text>
      <Stack
        component="ul"
        aria-label={t('account.sessions.listLabel')}
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {sessions.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={endOne.isPending && endOne.variables?.params.id === session.id}
            onEnd={(settled) => endOne.mutate({ params: { id: session.id } }, { onSettled: settled })}
          />
        ))}
      </Stack>
      {others === 0 && (
        <Text size="sm" c="dimmed">
          {t('account.sessions.noOthers')}
        </Text>
      )}
      {askingAll ? (
        <ConfirmBar
          question={t('account.sessions.endOthersQuestion')}
          confirmLabel={t('account.sessions.endOthersConfirm')}
          cancelLabel={t('account.sessions.cancel')}
          busy={endOthers.isPending}
          onCancel={() => {
            setAskingAll(false)
            // Back to the button that asked: the bar that held the focus is gone.
            requestAnimationFrame(() => endAllButton.current?.focus())
          }}
          onConfirm={() => endOthers.mutate({}, { onSettled: () => setAskingAll(false) })}
        />
      ) : (
        <Group justify="flex-end">
          <Button
            ref={endAllButton}
            variant="light"
            color="red"
            disabled={others === 0}
            onClick={() => setAskingAll(true)}
          >
            {t('account.sessions.endOthers')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** One signed-in device: what it is, where from, since when, and 'End' unless it is this one. */
function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: Session
  busy: boolean
  /** Ends the session, then calls `settled` whether it worked or not. */
  onEnd: (settled: () => void) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const [asking, setAsking] = useState(false)
  const endButton = useRef<HTMLButtonElement>(null)
  const name = deviceName(t, session.userAgent)
  const { mobile } = describeDevice(session.userAgent)
  const Icon = mobile ? IconDeviceMobile : IconDeviceDesktop
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon variant="light" color="gray" size="lg" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {name}
              </Text>
              {session.current && (
                <Badge variant="dot" color="green">
                  {t('account.sessions.thisDevice')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('account.sessions.address')}: {session.ip ?? t('account.sessions.unknownAddress')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('account.sessions.started')}:{' '}
              <time dateTime={session.createdAt}>{format.dateTime(session.createdAt)}</time>
              {' · '}
              {t('account.sessions.lastUsed')}:{' '}
              <time dateTime={session.lastUsedAt}>{format.dateTime(session.lastUsedAt)}</time>
            </Text>
          </div>
        </Group>
        {!session.current && !asking && (
          <Button ref={endButton} size="xs" variant="light" color="red" onClick={() => setAsking(true)}>
            {t('account.sessions.end')}
          </Button>
        )}
      </Group>
      {asking && (
        <Stack mt="sm">
          <ConfirmBar
            question={t('account.sessions.endQuestion', { device: name })}
            confirmLabel={t('account.sessions.endConfirm')}
            cancelLabel={t('account.sessions.cancel')}
            busy={busy}
            onCancel={() => {
              setAsking(false)
              requestAnimationFrame(() => endButton.current?.focus())
            }}
            onConfirm={() => onEnd(() => setAsking(false))}
          />
        </Stack>
      )}
    </Paper>
  )
}
