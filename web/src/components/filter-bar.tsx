import {
  Badge,
  Chip,
  CloseButton,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FilterValue, type ListFilter, toggleChoice } from '../lib/list-filters.ts'
import { FILTER_DEBOUNCE_MS } from '../lib/use-list-address.ts'
import { DateField } from './date-field.tsx'

/** The parameter's value of what a range end's box holds: a whole number, or '' for none. */
const rangeValue = (text: string | number) => (text === '' ? '' : String(Math.trunc(Number(text))))

/**
 * A whole number typed into a range end: written to the address once typing pauses (`FILTER_DEBOUNCE_MS`, the
 * search box's way: a timer restarted at each key), or at once when the box is left or Enter is pressed. So
 * typing '150000' asks for one list rather than six, and the list follows without leaving the box.
 */
function RangeEnd({
  label,
  value,
  onCommit,
}: {
  label: string
  value: string | undefined
  onCommit: (value: string) => void
}) {
  const [text, setText] = useState<string | number>(value ?? '')
  // A change of address (back, clear filters) puts its value in the box; the box's own value, written a moment
  // ago, stays as typed ('150,000' is not redrawn, nor a key typed since lost).
  useEffect(
    () => setText((current) => (rangeValue(current) === (value ?? '') ? current : (value ?? ''))),
    [value],
  )
  const commitRef = useRef(onCommit)
  commitRef.current = onCommit
  const commit = () => {
    const next = rangeValue(text)
    if (next !== (value ?? '')) onCommit(next)
  }
  useEffect(() => {
    const next = rangeValue(text)
    if (next === (value ?? '')) return
    const timer = setTimeout(() => commitRef.current(next), FILTER_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <NumberInput
      label={label}
      value={text}
      onChange={setText}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
      }}
      min={0}
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=","
      hideControls
    />
  )
}

function ChipFilter({
  filter,
  value,
  onChange,
}: {
  filter: Extract<ListFilter, { kind: 'chips' }>
  value: string | undefined
  onChange: (value: FilterValue) => void
}) {
  const labelId = useId()
  const chosen = value ? value.split(',') : []
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId} style={{ gridColumn: '1 / -1' }}>
      <Text id={labelId} size="sm" fw={500}>
        {filter.label}
      </Text>
      <Group gap={6}>
        {filter.options.map((option) => (
          <Chip
            key={option.value}
            checked={chosen.includes(option.value)}
            // Each click toggles its choice in the value as last asked for: quick clicks all count.
            onChange={() => onChange((current) => toggleChoice(filter.options, current, option.value))}
            size="sm"
            variant="outline"
          >
            {option.label}
          </Chip>
        ))}
      </Group>
    </Stack>
  )
}

/**
 * A list's filter bar, drawn from its declared filters (selects, chips, number ranges, store days). Every
 * change goes through `onChange(param, value)`, '' removing the parameter.
 *
 * @example <FilterBar filters={list.filters} values={list.filterValues} onChange={list.setFilter} />
 */
export function FilterBar({
  filters,
  values,
  onChange,
}: {
  filters: readonly ListFilter[]
  values: Record<string, string>
  onChange: (param: string, value: FilterValue) => void
}) {
  const { t } = useTranslation()
  const fixed = filters.filter((filter) => filter.kind === 'fixed' && values[filter.param])
  const shown = filters.filter((filter) => filter.kind !== 'fixed')
  if (shown.length === 0 && fixed.length === 0) return null
  const any = { value: '', label: t('common.list.any') }
  return (
    <Stack gap="sm" mb="md">
      {fixed.length > 0 && (
        <Group gap="xs">
          {fixed.map(
            (filter) =>
              filter.kind === 'fixed' && (
                <Group key={filter.param} gap={2}>
                  <Badge variant="outline" size="lg" style={{ textTransform: 'none' }}>
                    {filter.label}: {values[filter.param]}
                  </Badge>
                  <CloseButton
                    aria-label={t('common.list.removeFilter', { label: filter.label })}
                    onClick={() => onChange(filter.param, '')}
                  />
                </Group>
              ),
          )}
        </Group>
      )}
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {shown.map((filter) => {
            switch (filter.kind) {
              case 'select': {
                const value = values[filter.param] ?? ''
                const known = filter.options.some((option) => option.value === value)
                return (
                  <NativeSelect
                    key={filter.param}
                    label={filter.label}
                    value={value}
                    onChange={(event) => onChange(filter.param, event.currentTarget.value)}
                    data={[
                      any,
                      ...filter.options,
                      // A value the address names but the options do not (yet) hold still shows as chosen.
                      ...(value && !known ? [{ value, label: value }] : []),
                    ]}
                  />
                )
              }
              case 'chips':
                return (
                  <ChipFilter
                    key={filter.param}
                    filter={filter}
                    value={values[filter.param]}
                    onChange={(value) => onChange(filter.param, value)}
                  />
                )
              case 'range':
                return [
                  <RangeEnd
                    key={filter.min}
                    label={t('common.list.rangeFrom', { label: filter.label })}
                    value={values[filter.min]}
                    onCommit={(value) => onChange(filter.min, value)}
                  />,
                  <RangeEnd
                    key={filter.max}
                    label={t('common.list.rangeTo', { label: filter.label })}
                    value={values[filter.max]}
                    onCommit={(value) => onChange(filter.max, value)}
                  />,
                ]
              case 'days':
                return [
                  <DateField
                    key={filter.from}
                    label={t('common.list.rangeFrom', { label: filter.label })}
                    value={values[filter.from] ?? ''}
                    maxDate={values[filter.to]}
                    onChange={(value) => onChange(filter.from, value)}
                  />,
                  <DateField
                    key={filter.to}
                    label={t('common.list.rangeTo', { label: filter.label })}
                    value={values[filter.to] ?? ''}
                    minDate={values[filter.from]}
                    onChange={(value) => onChange(filter.to, value)}
                  />,
                ]
              default:
                return null
            }
          })}
        </SimpleGrid>
      )}
    </Stack>
  )
}
