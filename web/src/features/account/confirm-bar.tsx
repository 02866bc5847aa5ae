import { Button, Group, Paper, Text } from '@mantine/core'
import { useEffect, useId, useRef } from 'react'

/**
 * An inline 'are you sure?' for an action of the Setting dialog: the question, then Cancel and the action. It
 * stays inside the dialog rather than opening a second one over it, and takes the focus to Cancel, the safe
 * choice, as it appears.
 *
 * @example {asking && <ConfirmBar question="End this session?" confirmLabel="End session" … />}
 */
export function ConfirmBar({
  question,
  confirmLabel,
  cancelLabel,
  onCancel,
  onConfirm,
  busy = false,
}: {
  question: string
  confirmLabel: string
  cancelLabel: string
  onCancel: () => void
  onConfirm: () => void
  busy?: boolean
}) {
  const questionId = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancel.current?.focus()
  }, [])
  return (
    <Paper role="group" aria-labelledby={questionId} bg="var(--mantine-color-red-light)" p="sm" radius="md">
      <Text id={questionId} size="sm" mb="xs">
        {question}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button ref={cancel} size="xs" variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button size="xs" color="red" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Paper>
  )
}
