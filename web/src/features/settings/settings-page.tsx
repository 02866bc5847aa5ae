import type { ComboboxItem, OptionsFilter } from '@mantine/core'
import {
  LoadingOverlay,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import type { ShopSettings, ShopSettingsBody } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { EditedMeanwhileDialog } from '../../components/edited-meanwhile-dialog.tsx'
import { FormButtons } from '../../components/form-buttons.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { LeavePrompt } from '../../components/leave-prompt.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { apiQuery, useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { useEditedMeanwhile } from '../../lib/use-edited-meanwhile.ts'
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts'
import { translateMessage } from '../../lib/validation.ts'
import {
  bankMatches,
  bankOptions,
  emptySettings,
  SETTINGS_FIELDS,
  type SettingsValues,
  settingsResolver,
  toSettingsValues,
} from './settings-form.ts'

/**
 * /admin/settings (CONTRACT 4.7), administrators only: the shop's name and details, the bank account the
 * invoice's VietQR code pays into, and the low-stock threshold. Loaded afresh on entry; a save stays on the
 * screen and sends the version it was made from, so a save by someone else meanwhile is not overwritten
 * (CONTRACT 4.6): the screen asks whether to reload theirs (dropping what was typed) or keep editing.
 */
export function SettingsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const record = useQuery({
    ...apiQuery(endpoints.settings.get),
    select: (answer) => answer.data,
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
  })
  const loaded = record.isFetchedAfterMount ? record.data : undefined
  useBackOnFailure(record.isError, paths.home)

  const form = useForm<SettingsValues, unknown, ShopSettingsBody>({
    resolver: settingsResolver,
    defaultValues: emptySettings,
    mode: 'onTouched',
  })
  const { reset } = form
  /** The settings the form was filled from: their version goes with the save. */
  const [base, setBase] = useState<ShopSettings | undefined>(undefined)
  const startFrom = useCallback(
    (settings: ShopSettings) => {
      setBase(settings)
      reset(toSettingsValues(settings))
    },
    [reset],
  )
  // Filled once from the first answer: a later refetch (after a save) never overwrites what is being typed.
  useEffect(() => {
    if (loaded && !base) {
      setBase(loaded)
      reset(toSettingsValues(loaded))
    }
  }, [loaded, base, reset])

  // Reload, once the person chose it after a save was refused: the settings as they are now, and their version.
  const { refetch } = record
  const meanwhile = useEditedMeanwhile(
    useCallback(async () => {
      const fresh = (await refetch()).data
      if (fresh) startFrom(fresh)
    }, [refetch, startFrom]),
  )
  const guard = useUnsavedChanges(form.formState.isDirty)
  const save = useApiMutation(endpoints.settings.update, {
    meta: { silent: true },
    // What the threshold changes is reloaded where it shows: the store config (`/config`) and product lists.
    onError: (error) => {
      if (meanwhile.refused(error)) return
      if (!applyServerErrors(error, form.setError, SETTINGS_FIELDS)) notify.error(error)
    },
    onSuccess: ({ data }) => {
      notify.success(t('settings.saved'))
      startFrom(data)
    },
  })

  const bin = form.watch('bankBin')
  const banks = useMemo(() => bankOptions(bin, (b) => t('settings.otherBank', { bin: b })), [bin, t])
  const filter: OptionsFilter = ({ options, search }) => {
    const codes = new Map(banks.map((b) => [b.value, b.code]))
    return options.filter((o) => {
      const item = o as ComboboxItem
      return bankMatches({ label: item.label, code: codes.get(item.value) ?? '' }, search)
    })
  }

  const { errors } = form.formState
  const error = (field: keyof SettingsValues) => translateMessage(t, errors[field]?.message)
  const title = t('settings.title')
  const loading = base === undefined
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: title }]}
        actions={<HistoryLink entity="settings" id="1" />}
      />
      <Paper
        component="form"
        noValidate
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="md"
        pos="relative"
        aria-label={title}
        aria-busy={loading}
        onSubmit={form.handleSubmit((body) =>
          save.mutate({ body: { ...body, ...(base && { version: base.version }) } }),
        )}
      >
        <LoadingOverlay visible={loading} zIndex={5} loaderProps={{ 'aria-label': t('common.loading') }} />
        <Stack gap="xl">
          <Text size="sm" c="dimmed">
            {t('settings.intro')}
          </Text>
          <Part title={t('settings.shop')}>
            <TextInput
              label={t('settings.fields.shopName')}
              description={t('settings.hints.shopName')}
              required
              autoComplete="organization"
              error={error('shopName')}
              {...form.register('shopName')}
            />
            <TextInput
              label={t('settings.fields.taxCode')}
              description={t('settings.hints.taxCode')}
              inputMode="numeric"
              autoComplete="off"
              error={error('taxCode')}
              {...form.register('taxCode')}
            />
            <TextInput
              label={t('settings.fields.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              error={error('phone')}
              {...form.register('phone')}
            />
            <TextInput
              label={t('settings.fields.email')}
              type="email"
              autoComplete="email"
              error={error('email')}
              {...form.register('email')}
            />
            <Textarea
              label={t('settings.fields.address')}
              autosize
              minRows={2}
              autoComplete="street-address"
              error={error('address')}
              style={{ gridColumn: '1 / -1' }}
              {...form.register('address')}
            />
          </Part>
          <Part title={t('settings.bank')} intro={t('settings.bankIntro')}>
            <Controller
              control={form.control}
              name="bankBin"
              render={({ field }) => (
                <Select
                  label={t('settings.fields.bankBin')}
                  description={t('settings.hints.bankBin')}
                  placeholder={t('settings.bankPlaceholder')}
                  data={banks}
                  filter={filter}
                  searchable
                  clearable
                  nothingFoundMessage={t('settings.noBank')}
                  name={field.name}
                  ref={field.ref}
                  value={field.value === '' ? null : field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={error('bankBin')}
                  style={{ gridColumn: '1 / -1' }}
                />
              )}
            />
            <TextInput
              label={t('settings.fields.bankAccount')}
              description={t('settings.hints.bankAccount')}
              inputMode="numeric"
              autoComplete="off"
              error={error('bankAccount')}
              {...form.register('bankAccount')}
            />
            <TextInput
              label={t('settings.fields.bankAccountName')}
              description={t('settings.hints.bankAccountName')}
              autoComplete="off"
              error={error('bankAccountName')}
              {...form.register('bankAccountName')}
            />
          </Part>
          <Part title={t('settings.stock')}>
            <TextInput
              label={t('settings.fields.lowStockThreshold')}
              description={t('settings.hints.lowStockThreshold')}
              required
              inputMode="numeric"
              autoComplete="off"
              error={error('lowStockThreshold')}
              {...form.register('lowStockThreshold')}
            />
          </Part>
          {base && (
            <Text size="sm" c="dimmed">
              {base.updatedAt
                ? t('settings.lastSaved', { when: format.dateTime(base.updatedAt) })
                : t('settings.neverSaved')}
            </Text>
          )}
        </Stack>
        <FormButtons cancelTo={paths.home} saving={save.isPending} disabled={loading} />
      </Paper>
      <LeavePrompt guard={guard} />
      <EditedMeanwhileDialog state={meanwhile} />
    </>
  )
}

/** A titled group of fields, two columns on a wide screen. */
function Part({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  )
}
