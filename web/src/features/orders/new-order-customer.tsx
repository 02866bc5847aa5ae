import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { type NewOrderBody, normalPhone, readMessage, type User } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconUserPlus } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type PickerOption, SearchPicker } from '../../components/search-picker.tsx'
import { apiQuery } from '../../lib/queries.ts'
import { translateMessage } from '../../lib/validation.ts'
import { looksLikePhone, type NewOrderValues } from './new-order-form.ts'

/** The shortest text worth asking the server about. */
const MIN_SEARCH = 2
const SEARCH_PAUSE_MS = 300

type Chosen = Pick<User, 'id' | 'name' | 'phoneNumber'> & { email?: string }

/**
 * The order's customer: one search box by name or phone (a phone number asks `phone=`, in any writing; anything
 * else `name=`) offering the matching customers, or 'New customer', which shows name, phone and an optional
 * email, the phone or name already typed filled in. A new customer's phone that an existing customer has is
 * refused (409 `phoneTaken`) naming that customer, who can then be taken instead.
 */
export function CustomerPart({ form }: { form: UseFormReturn<NewOrderValues, unknown, NewOrderBody> }) {
  const { t } = useTranslation()
  const { register, setValue, clearErrors, setFocus, getValues } = form
  const { errors } = form.formState
  const mode = useWatch({ control: form.control, name: 'customerMode' })
  const [search, setSearch] = useState('')
  const [paused] = useDebouncedValue(search, SEARCH_PAUSE_MS)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  /** Where the focus goes once the part has re-rendered after a choice: focus never drops to the page. */
  const focusNext = useRef<'change' | 'name' | 'phoneNumber' | 'search' | null>(null)
  const changeButton = useRef<HTMLButtonElement>(null)
  const searchInput = useRef<HTMLInputElement>(null)

  const term = paused.trim()
  const byPhone = looksLikePhone(term)
  const found = useQuery({
    ...apiQuery(endpoints.users.list, {
      query: { role: 'user', limit: 10, ...(byPhone ? { phone: term } : { name: term }) },
    }),
    enabled: term.length >= MIN_SEARCH,
    placeholderData: keepPreviousData,
  })
  const customers = term.length >= MIN_SEARCH ? (found.data?.data ?? []) : []
  const options: PickerOption[] = customers.map((c) => ({
    value: c.id,
    label: c.name,
    detail: [c.phoneNumber ?? t('newOrder.customer.noPhone'), c.email].filter(Boolean).join(' · '),
  }))
  const ready = term === search.trim() && term.length >= MIN_SEARCH && found.isSuccess && !found.isFetching

  useEffect(() => {
    const target = focusNext.current
    if (target === null) return
    focusNext.current = null
    if (target === 'change') changeButton.current?.focus()
    else if (target === 'search') searchInput.current?.focus()
    else setFocus(`customer.${target}`)
  })

  const choose = (customer: Chosen) => {
    setChosen(customer)
    setSearch('')
    setValue('customerMode', 'find', { shouldDirty: true })
    setValue('customer.id', customer.id, { shouldDirty: true })
    clearErrors('customer')
    focusNext.current = 'change'
  }
  const startNew = () => {
    const typed = search.trim()
    setChosen(null)
    setValue('customerMode', 'new', { shouldDirty: true })
    setValue('customer.id', '')
    if (typed !== '' && getValues('customer.name') === '' && getValues('customer.phoneNumber') === '') {
      setValue(looksLikePhone(typed) ? 'customer.phoneNumber' : 'customer.name', typed, { shouldDirty: true })
    }
    clearErrors('customer')
    focusNext.current = typed !== '' && !looksLikePhone(typed) ? 'phoneNumber' : 'name'
  }
  const findInstead = () => {
    setValue('customerMode', 'find', { shouldDirty: true })
    clearErrors('customer')
    focusNext.current = 'search'
  }
  const change = () => {
    setChosen(null)
    setValue('customer.id', '', { shouldDirty: true })
    focusNext.current = 'search'
  }

  const message = (text: string | undefined) => translateMessage(t, text)
  // A new customer's phone that an existing customer has: offer that customer.
  const phoneRefusal = readMessage(errors.customer?.phoneNumber?.message)
  const holder =
    phoneRefusal?.code === 'phoneTaken' && phoneRefusal.params
      ? { id: String(phoneRefusal.params.id), name: String(phoneRefusal.params.name) }
      : null

  return (
    <Stack component="section" gap="sm" aria-labelledby="new-order-customer">
      <Title order={2} fz="lg" id="new-order-customer">
        {t('newOrder.customer.title')}
      </Title>
      {mode === 'find' && chosen === null && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <SearchPicker
              label={t('newOrder.customer.search')}
              placeholder={t('newOrder.customer.placeholder')}
              description={t('newOrder.customer.searchHint')}
              inputRef={searchInput}
              search={search}
              onSearchChange={setSearch}
              options={options}
              ready={ready}
              loading={found.isFetching}
              nothingFound={t('newOrder.customer.none')}
              error={message(errors.customer?.id?.message)}
              onPick={(id) => {
                const customer = customers.find((c) => c.id === id)
                if (customer) choose(customer)
              }}
            />
          </Box>
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={startNew}
            mt={{ base: 0, xs: 25 }}
          >
            {t('newOrder.customer.add')}
          </Button>
        </Group>
      )}
      {mode === 'find' && chosen !== null && (
        <Paper withBorder p="sm" radius="md" aria-label={t('newOrder.customer.chosen')} role="group">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {chosen.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[chosen.phoneNumber ?? t('newOrder.customer.noPhone'), chosen.email]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Button ref={changeButton} variant="default" onClick={change}>
              {t('newOrder.customer.change')}
            </Button>
          </Group>
        </Paper>
      )}
      {mode === 'new' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('newOrder.customer.name')}
              required
              autoComplete="off"
              error={message(errors.customer?.name?.message)}
              {...register('customer.name')}
            />
            <TextInput
              label={t('newOrder.customer.phoneNumber')}
              type="tel"
              inputMode="tel"
              required
              autoComplete="off"
              error={message(errors.customer?.phoneNumber?.message)}
              {...register('customer.phoneNumber')}
            />
            <TextInput
              label={t('newOrder.customer.email')}
              type="email"
              autoComplete="off"
              error={message(errors.customer?.email?.message)}
              {...register('customer.email')}
            />
          </SimpleGrid>
          {holder && (
            <div>
              <Button
                variant="light"
                onClick={() =>
                  choose({
                    id: holder.id,
                    name: holder.name,
                    phoneNumber: normalPhone(getValues('customer.phoneNumber')),
                  })
                }
              >
                {t('newOrder.customer.useExisting', { name: holder.name })}
              </Button>
            </div>
          )}
          <div>
            <Button variant="subtle" px={0} onClick={findInstead}>
              {t('newOrder.customer.find')}
            </Button>
          </div>
        </>
      )}
    </Stack>
  )
}
