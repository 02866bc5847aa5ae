import { Group, Kbd, Modal, Table, Text } from '@mantine/core'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'

/** On a Mac, ⌘ does what Ctrl does elsewhere, and the list says so. */
const COMMAND = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl'

/** Each shortcut as keys to press: a list of alternatives, each a sequence of keys. */
const SHORTCUTS: {
  keys: string[][]
  text: 'search' | 'goOrders' | 'goProducts' | 'newInList' | 'save' | 'close' | 'help'
}[] = [
  { keys: [['/'], [COMMAND, 'K']], text: 'search' },
  { keys: [['g', 'o']], text: 'goOrders' },
  { keys: [['g', 'p']], text: 'goProducts' },
  { keys: [['n']], text: 'newInList' },
  { keys: [[COMMAND, 'Enter']], text: 'save' },
  { keys: [['Esc']], text: 'close' },
  { keys: [['?']], text: 'help' },
]

/** Keys held together ('Ctrl + K') or pressed one after the other ('g then o'). */
const CHORDS = new Set([COMMAND])

/**
 * The '?' dialog: every keyboard shortcut and what it does (app/shortcuts.ts).
 *
 * @example <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
 */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.shortcuts.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, text }) => (
            <Table.Tr key={text}>
              <Table.Th scope="row" fw={400}>
                {t(`shell.shortcuts.${text}`)}
              </Table.Th>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {keys.map((sequence, i) => (
                    <Fragment key={sequence.join()}>
                      {i > 0 && <Text span>/</Text>}
                      {sequence.map((key, j) => (
                        <Fragment key={key}>
                          {j > 0 && (
                            <Text span size="sm" c="dimmed">
                              {CHORDS.has(sequence[j - 1]!) ? '+' : t('shell.shortcuts.followedBy')}
                            </Text>
                          )}
                          <Kbd>{key}</Kbd>
                        </Fragment>
                      ))}
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="md">
        {t('shell.shortcuts.typing')}
      </Text>
    </Modal>
  )
}
