import { Box, Loader, Modal, Text, VisuallyHidden } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight'
import '@mantine/spotlight/styles.css'
import type { Permission } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconPackage, IconReceipt, IconSearch, IconSquarePlus, IconUser } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useFormat } from '../lib/format.ts'
import { apiQuery } from '../lib/queries.ts'
import classes from './command-palette.module.css'
import { NAV } from './nav.ts'
import { type PaletteGroupKey, paletteGroups, searchQueries } from './palette-results.ts'

/** How long typing must pause before the palette asks the server. */
const DEBOUNCE_MS = 300

const GROUP_ICONS: Record<Exclude<PaletteGroupKey, 'screens'>, typeof IconReceipt> = {
  actions: IconSquarePlus,
  orders: IconReceipt,
  products: IconPackage,
  customers: IconUser,
}

/**
 * The command palette (Mantine Spotlight): goes to any screen the account may open, finds orders by number or
 * phone, products by name or SKU and customers by name or phone as the user types (the list calls, after a pause),
 * and runs 'New order'. Arrow keys move, Enter opens the chosen line. A chunk of its own, fetched the first time it
 * opens (app/layout.tsx).
 *
 * For screen readers the search box is a combobox whose list is a listbox of options in named groups, and the
 * chosen option is its active descendant: Spotlight marks the chosen line only with an attribute of its own.
 *
 * @example <CommandPalette opened={open} onClose={() => setOpen(false)} permissions={user.permissions} />
 */
export function CommandPalette({
  opened,
  onClose,
  permissions,
}: {
  opened: boolean
  onClose: () => void
  permissions: readonly Permission[]
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { money } = useFormat()
  const [[store]] = useState(createSpotlight)
  const { selected } = useSpotlight(store)
  // Spotlight moves the chosen line without telling React; the arrow keys render again to follow it.
  const [, followSelection] = useReducer((n: number) => n + 1, 0)
  const [query, setQuery] = useState('')
  const [term] = useDebouncedValue(query.trim(), DEBOUNCE_MS)
  const listId = useId()

  // Each opening starts empty: Spotlight empties the box only once its closing has faded out, which an opening
  // soon after cuts short.
  useEffect(() => {
    if (!opened) return
    setQuery('')
    store.setState({ ...store.getState(), opened: true, query: '', selected: 0 })
  }, [opened, store])

  const calls = searchQueries(term, permissions)
  const search = { meta: { silent: true }, staleTime: 30_000 } as const
  const orders = useQuery({
    ...apiQuery(endpoints.orders.list, { query: calls.orders ?? {} }),
    ...search,
    enabled: calls.orders !== undefined,
  })
  const products = useQuery({
    ...apiQuery(endpoints.products.list, { query: calls.products ?? {} }),
    ...search,
    enabled: calls.products !== undefined,
  })
  const customers = useQuery({
    ...apiQuery(endpoints.users.list, { query: calls.customers ?? {} }),
    ...search,
    enabled: calls.customers !== undefined,
  })
  const searching = query.trim() !== term || [orders, products, customers].some((q) => q.isFetching)
  const failed = [orders, products, customers].some((q) => q.isError)

  const groups = paletteGroups(
    {
      query,
      term,
      permissions,
      records: {
        ...(calls.orders && { orders: orders.data?.data }),
        ...(calls.products && { products: products.data?.data }),
        ...(calls.customers && { customers: customers.data?.data }),
      },
    },
    t,
    money,
  )
  const items = groups.flatMap((group) => group.items)
  const itemsKey = items.map((item) => item.id).join()
  // A new list of results: the first line is the one Enter opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lines change, by their ids
  useEffect(() => {
    store.setState({ ...store.getState(), selected: 0 })
  }, [itemsKey, store])
  const optionId = (id: string) => `${listId}-${id}`
  const active = items[selected]
  // Enter clicks the first line that carries `data-selected` in the page, an attribute Spotlight also writes
  // itself; after every render exactly the chosen line carries it, so Enter opens what the screen shows as chosen.
  useLayoutEffect(() => {
    const lines = document.getElementById(listId)?.querySelectorAll('[data-action]') ?? []
    lines.forEach((line, index) => {
      if (index === selected) line.setAttribute('data-selected', 'true')
      else line.removeAttribute('data-selected')
    })
  })

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') followSelection()
  }

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      classNames={{ action: classes.action }}
      yOffset={60}
    >
      {/* The dialog's name, for screen readers; the search box says the rest. */}
      <VisuallyHidden>
        <Modal.Title>{t('shell.palette.label')}</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        placeholder={t('shell.palette.placeholder')}
        aria-label={t('shell.palette.label')}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active.id) : undefined}
        leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
        rightSection={searching && query.trim() ? <Loader size="xs" aria-hidden /> : null}
        onKeyDown={onKeyDown}
      />
      <Spotlight.ActionsList id={listId} role="listbox" aria-label={t('shell.palette.label')}>
        {groups.map((group) => (
          <Box key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <Text id={`${listId}-${group.key}`} size="xs" fw={700} c="dimmed" px="md" pt="xs" pb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => {
              const Icon =
                group.key === 'screens'
                  ? (NAV.find((entry) => entry.key === item.nav)?.icon ?? IconSearch)
                  : GROUP_ICONS[group.key]
              const index = items.indexOf(item)
              return (
                <Spotlight.Action
                  key={item.id}
                  // Spotlight keeps an action's `id` prop for itself; the option's element needs one for
                  // aria-activedescendant.
                  ref={(node: HTMLButtonElement | null) => {
                    if (node) node.id = optionId(item.id)
                  }}
                  role="option"
                  aria-selected={index === selected}
                  data-selected={index === selected || undefined}
                  label={item.label}
                  description={item.description}
                  leftSection={<Icon size={20} stroke={1.5} aria-hidden />}
                  onClick={() => navigate(item.to)}
                />
              )
            })}
          </Box>
        ))}
      </Spotlight.ActionsList>
      {items.length === 0 && (
        <Spotlight.Empty role="status">
          {failed
            ? t('shell.palette.failed')
            : searching && query.trim()
              ? t('shell.palette.searching')
              : t('shell.palette.nothingFound')}
        </Spotlight.Empty>
      )}
    </Spotlight.Root>
  )
}
