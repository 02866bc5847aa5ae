import {
  type ComboboxItem,
  Fieldset,
  type OptionsFilter,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core'
import type { AddressParts } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { apiQuery } from '../lib/queries.ts'
import { type AddressValue, emptyAddressParts, matchPlaces, type Place } from './address-value.ts'
import { GrowingTextarea } from './growing-textarea.tsx'

/** The messages of an address's parts, already in the interface language: free text, or each unit. */
export interface AddressErrors {
  text?: string
  street?: string
  wardCode?: string
  provinceCode?: string
}

/** A form's error of an address field: on the whole address, or on each of its parts. */
export type AddressFieldError = FieldError & { [K in keyof AddressParts]?: FieldError }

/**
 * The picker's messages from a form's error of its address field, each through `message` (into the interface
 * language): a message on the whole address shows under the free text, or under the street when by the units.
 *
 * @example errors={addressErrors(errors.address, typeof address === 'string', (m) => translateMessage(t, m))}
 */
export function addressErrors(
  error: AddressFieldError | undefined,
  freeText: boolean,
  message: (text: string | undefined) => string | undefined,
): AddressErrors {
  return {
    text: message(error?.message),
    street: message(error?.street?.message ?? (freeText ? undefined : error?.message)),
    wardCode: message(error?.wardCode?.message),
    provinceCode: message(error?.provinceCode?.message),
  }
}

/** The units change once in years: a page keeps what it fetched (the browser caches it for a year too). */
const FOREVER = Number.POSITIVE_INFINITY

/** A select's filter over places: diacritics and case aside, short names starting with the text first. */
const placeFilter =
  (places: readonly Place[], label: (place: Place) => string): OptionsFilter =>
  ({ search, limit }) =>
    matchPlaces(places, search)
      .slice(0, limit)
      .map((place): ComboboxItem => ({ value: place.code, label: label(place) }))

/**
 * An address by Vietnam's 2025 units (CONTRACT 5.6): the province or city, then one of its wards or communes, each
 * found by typing its name with or without diacritics ('cau giay' finds 'Cầu Giấy'), and the house number and
 * street. A switch keeps an address as free text instead, for one written before the 2025 units. The value is
 * what the API takes: `{ street, wardCode, provinceCode }` or the text. Choosing another province empties the
 * ward; switching back and forth keeps what was typed in either form.
 *
 * @example <AddressPicker label="Shipping address" value={address} onChange={setAddress} errors={{ wardCode }} />
 */
export function AddressPicker({
  label,
  value,
  onChange,
  onBlur,
  errors = {},
  required = false,
}: {
  label: string
  value: AddressValue
  onChange: (value: AddressValue) => void
  onBlur?: () => void
  errors?: AddressErrors
  required?: boolean
}) {
  const { t } = useTranslation()
  const freeText = typeof value === 'string'
  const parts = typeof value === 'string' ? emptyAddressParts : value
  // What the other form held, for switching back to it.
  const kept = useRef<{ text: string; parts: typeof parts }>({ text: '', parts: emptyAddressParts })

  const provinces = useQuery({ ...apiQuery(endpoints.places.provinces), staleTime: FOREVER })
  const wards = useQuery({
    ...apiQuery(endpoints.places.wards, { params: { code: parts.provinceCode } }),
    enabled: !freeText && parts.provinceCode !== '',
    staleTime: FOREVER,
  })
  const provinceList = provinces.data?.data ?? []
  const wardList = parts.provinceCode === '' ? [] : (wards.data?.data ?? [])
  // A list still loading keeps its field shut: text typed before the options arrive would have none highlighted,
  // and Enter would then choose nothing.
  const wardsLoading = parts.provinceCode !== '' && wards.isPending

  const toggle = (toFreeText: boolean) => {
    if (toFreeText && typeof value !== 'string') {
      kept.current.parts = value
      onChange(kept.current.text)
    } else if (!toFreeText && typeof value === 'string') {
      kept.current.text = value
      onChange(kept.current.parts)
    }
  }

  return (
    <Fieldset legend={label} variant="unstyled" p={0}>
      <Stack gap="sm">
        {freeText ? (
          <GrowingTextarea
            label={t('places.freeTextField')}
            description={t('places.freeTextHint')}
            required={required}
            minRows={2}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={onBlur}
            error={errors.text}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Select
              label={t('places.province')}
              placeholder={provinces.isPending ? t('common.loading') : t('places.typeToSearch')}
              required={required}
              searchable
              selectFirstOptionOnChange
              allowDeselect={false}
              disabled={provinces.isPending}
              data={provinceList.map((p) => ({ value: p.code, label: p.name }))}
              filter={placeFilter(provinceList, (p) => p.name)}
              nothingFoundMessage={provinces.isPending ? t('common.loading') : t('places.noProvince')}
              value={parts.provinceCode || null}
              onChange={(code) =>
                code !== null &&
                code !== parts.provinceCode &&
                onChange({ ...parts, provinceCode: code, wardCode: '' })
              }
              onBlur={onBlur}
              error={errors.provinceCode}
            />
            <Select
              label={t('places.ward')}
              placeholder={
                parts.provinceCode === ''
                  ? t('places.provinceFirst')
                  : wardsLoading
                    ? t('common.loading')
                    : t('places.typeToSearch')
              }
              required={required}
              searchable
              selectFirstOptionOnChange
              allowDeselect={false}
              disabled={parts.provinceCode === '' || wardsLoading}
              data={wardList.map((w) => ({ value: w.code, label: w.fullName }))}
              filter={placeFilter(wardList, (w) => w.fullName)}
              limit={50}
              nothingFoundMessage={wards.isFetching ? t('common.loading') : t('places.noWard')}
              value={parts.wardCode || null}
              onChange={(code) => code !== null && onChange({ ...parts, wardCode: code })}
              onBlur={onBlur}
              error={errors.wardCode}
            />
            <TextInput
              label={t('places.street')}
              description={t('places.streetHint')}
              required={required}
              autoComplete="off"
              value={parts.street}
              onChange={(event) => onChange({ ...parts, street: event.currentTarget.value })}
              onBlur={onBlur}
              error={errors.street}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>
        )}
        <Switch
          label={t('places.freeText')}
          checked={freeText}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
      </Stack>
    </Fieldset>
  )
}
