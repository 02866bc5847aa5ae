import { Button, Checkbox, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core'
import { isMessageCode, type MessageCode } from '@store/contract'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '../lib/toast.ts'
import type { ListController } from '../lib/use-list-controller.ts'
import type { BulkAction, BulkResult } from '../lib/use-list-selection.ts'
import { translate } from '../lib/validation.ts'

/** One bulk action's controls: its button, after the choice it needs (a status) when it has one. */
function ActionControl<Row>({ action, list }: { action: BulkAction; list: ListController<Row> }) {
  const [choice, setChoice] = useState('')
  const none = list.selected.size === 0
  if (action.run) {
    const task = action
    return (
      <Button
        size="xs"
        variant="default"
        disabled={none}
        loading={list.taskRunning === task.name}
        onClick={() => list.runTask(task)}
      >
        {task.label}
      </Button>
    )
  }
  if (!action.choice) {
    return (
      <Button
        size="xs"
        color={action.danger ? 'red' : undefined}
        disabled={none}
        onClick={() => list.askBulk(action)}
      >
        {action.label}
      </Button>
    )
  }
  // A long choice (a carrier's full name) and its button go onto two lines on a phone rather than past its edge.
  return (
    <Group gap={6} align="flex-end" wrap="wrap">
      <NativeSelect
        size="xs"
        aria-label={action.choice.label}
        value={choice}
        onChange={(event) => setChoice(event.currentTarget.value)}
        data={[{ value: '', label: action.choice.label }, ...action.choice.options]}
      />
      <Button size="xs" disabled={none || choice === ''} onClick={() => list.askBulk(action, choice)}>
        {action.label}
      </Button>
    </Group>
  )
}

/**
 * The selection bar of a list with bulk actions (CONTRACT 4.1): 'select all on this page', how many rows are
 * chosen and the actions; the confirm dialog says how many records an action will change.
 */
export function BulkBar<Row>({ list }: { list: ListController<Row> }) {
  const { t } = useTranslation()
  if (list.bulkActions.length === 0) return null
  const pending = list.pendingBulk
  const count = list.selected.size
  const choiceLabel = pending?.action.choice?.options.find((option) => option.value === pending.choice)?.label
  return (
    <>
      <Group gap="md" mb="sm" wrap="wrap">
        <Checkbox
          label={t('common.list.selectAll')}
          checked={list.allSelected}
          indeterminate={!list.allSelected && count > 0}
          disabled={list.rows.length === 0}
          onChange={list.toggleAll}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('common.list.selected', { count })}
        </Text>
        {list.bulkActions.map((action) => (
          <ActionControl key={action.name} action={action} list={list} />
        ))}
      </Group>
      <Modal
        opened={pending !== null}
        onClose={list.cancelBulk}
        title={t('common.confirm.title')}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm" mb="lg">
          {pending ? pending.action.question(count, choiceLabel) : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={list.cancelBulk} data-autofocus>
            {t('common.confirm.no')}
          </Button>
          <Button
            color={pending?.action.danger ? 'red' : undefined}
            onClick={list.confirmBulk}
            loading={list.bulkRunning}
          >
            {t('common.list.confirmYes')}
          </Button>
        </Group>
      </Modal>
    </>
  )
}

/**
 * What a bulk call did, told in a toast rather than a dialog to acknowledge: all done, a success toast ('Approve:
 * 3 of 3 done.'); some refused, a warning toast that stays until closed, with how many were not done and each one
 * with its reason in the interface language (by the server's code, as every refusal). Renders nothing; a result is
 * told once, then let go (`onClose`).
 */
export function BulkResults<Row>({
  result,
  label,
  onClose,
}: {
  result: BulkResult<Row> | null
  label: (row: Row) => string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const told = useRef<BulkResult<Row> | null>(null)
  useEffect(() => {
    if (result === null || told.current === result) return
    told.current = result
    const { outcomes } = result
    const done = outcomes.filter((outcome) => outcome.ok).length
    const refused = outcomes.filter((outcome) => !outcome.ok)
    const summary = `${result.action.label}: ${t('common.list.done', { done, count: outcomes.length })}`
    onClose()
    if (refused.length === 0) {
      notify.success(summary)
      return
    }
    const nameOf = (id: string) => {
      const row = result.rows.find((r) => (r as { id: string }).id === id)
      return row ? label(row) : t('common.list.record', { id })
    }
    const reason = (outcome: (typeof outcomes)[number]) =>
      outcome.code && isMessageCode(outcome.code)
        ? translate(t, { code: outcome.code as MessageCode, params: outcome.params })
        : outcome.message
    notify.warning(
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {summary}
        </Text>
        <Text size="sm" fw={500}>
          {t('common.list.refused')} ({refused.length}):
        </Text>
        {/* Every refused row, however many: a long list scrolls within the toast. */}
        <List size="sm" spacing={2} style={{ maxHeight: '40vh', overflowY: 'auto' }}>
          {refused.map((outcome) => (
            <List.Item key={outcome.id}>
              {nameOf(outcome.id)}: {reason(outcome)}
            </List.Item>
          ))}
        </List>
      </Stack>,
    )
  }, [result, label, onClose, t])
  return null
}
