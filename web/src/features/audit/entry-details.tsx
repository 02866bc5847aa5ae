import { Drawer, Stack, Table, Text } from '@mantine/core'
import type { AuditEntry } from '@store/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldLabel } from '../../lib/field-labels.ts'
import { useFormat } from '../../lib/format.ts'
import { recordLabel, valueText } from './audit-filters.ts'

/**
 * One entry of the audit log in full: who did what to which record and when, each changed field as before and
 * after, and where the request came from.
 *
 * @example <EntryDetails entry={open} onClose={() => setOpen(null)} />
 */
export function EntryDetails({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const changes = entry ? Object.entries(entry.changes) : []
  const shown = (value: unknown) => {
    const text = valueText(value)
    return text === '' ? (
      <Text span c="dimmed" size="sm">
        {t('audit.details.empty')}
      </Text>
    ) : (
      <Text span size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    )
  }
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('audit.details.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {entry && (
        <Stack gap="md">
          <Stack component="dl" gap={6} m={0}>
            <Fact term={t('audit.columns.at')}>
              <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
            </Fact>
            <Fact term={t('audit.columns.actor')}>
              {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('audit.nobody')}
            </Fact>
            <Fact term={t('audit.columns.action')}>{t(`audit.actions.${entry.action}`)}</Fact>
            <Fact term={t('audit.columns.record')}>{recordLabel(t, entry)}</Fact>
            <Fact term={t('audit.details.address')}>{entry.ip ?? t('audit.details.unknown')}</Fact>
            <Fact term={t('audit.details.device')}>{entry.userAgent ?? t('audit.details.unknown')}</Fact>
          </Stack>
          {changes.length > 0 && (
            <Table.ScrollContainer minWidth={360}>
              <Table striped verticalSpacing="xs" aria-label={t('audit.columns.changes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('audit.details.field')}</Table.Th>
                    <Table.Th>{t('audit.details.before')}</Table.Th>
                    <Table.Th>{t('audit.details.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.map(([field, [before, after]]) => (
                    <Table.Tr key={field}>
                      <Table.Td>
                        <Text size="sm">{fieldLabel(t, field)}</Text>
                      </Table.Td>
                      <Table.Td>{shown(before)}</Table.Td>
                      <Table.Td>{shown(after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Drawer>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Text component="dt" size="sm" c="dimmed" miw={120}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', flex: 1 }}>
        {children}
      </Text>
    </div>
  )
}
