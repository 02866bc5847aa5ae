import type { ComboboxItem, OptionsFilter } from '@mantine/core'
import { Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { type ReactNode, useMemo } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { EditScreen } from '../../components/edit-screen.tsx'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { translateMessage } from '../../lib/validation.ts'
import {
  bankMatches,
  bankOptions,
  emptySettings,
  type SettingsValues,
  settingsResolver,
  toSettingsValues,
} from './settings-form.ts'

/**
 * /admin/settings (CONTRACT 4.7), administrators only: the shop's name and details, the bank account the
 * invoice's VietQR code pays into, and the low-stock threshold. Loaded afresh on entry; a save stays on the
 * screen and sends the version it was made from, so a save by someone else meanwhile is not overwritten
 * (CONTRACT 4.6): the screen asks whether to reload theirs (dropping what was typed) or keep editing. The
 * whole form is sent: the contract's body is every setting, the bank's three fields checked together.
 */
export function SettingsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const edit = useEditController({
    load: { endpoint: endpoints.settings.get },
    toValues: toSettingsValues,
    empty: emptySettings,
    resolver: settingsResolver,
    save: { endpoint: endpoints.settings.update, input: (body) => ({ body }) },
    back: paths.home,
    saved: t('settings.saved'),
    // What the threshold changes is reloaded where it shows: the store config (`/config`) and product lists.
    stay: true,
  })
  const { form, record: base } = edit

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
  return (
    <EditScreen
      title={title}
      crumbs={[{ label: title }]}
      edit={edit}
      actions={<HistoryLink entity="settings" id="1" />}
    >
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
          <GrowingTextarea
            label={t('settings.fields.address')}
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
    </EditScreen>
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
