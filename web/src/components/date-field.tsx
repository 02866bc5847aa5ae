import { DateInput } from '@mantine/dates'
// The calendar's stylesheet comes with the field's code, not with the first page's (mantine-styles.ts).
import '@mantine/dates/styles.css'
// The calendar's month and weekday names in Vietnamese; dayjs has only English built in.
import 'dayjs/locale/vi'
import { type ReactNode, type Ref, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../lib/format.ts'

export interface DateFieldProps {
  label: ReactNode
  /** The date as the API takes it, 'YYYY-MM-DD'; '' (or null) when there is none. */
  value: string | null | undefined
  /** The new date as 'YYYY-MM-DD', or '' once the field is cleared. */
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: ReactNode
  /** A hint under the label. */
  description?: ReactNode
  required?: boolean
  disabled?: boolean
  /** The last day that can be chosen or typed, 'YYYY-MM-DD' (e.g. today in the store's zone for a birth date). */
  maxDate?: string
  /** The first day that can be chosen or typed, 'YYYY-MM-DD'. */
  minDate?: string
  /** The text box itself, so react-hook-form can focus the field when it is invalid. */
  ref?: Ref<HTMLInputElement>
}

/**
 * A date a person types in the interface language's style, en 'YYYY-MM-DD' or vi 'DD/MM/YYYY' (the same as
 * dates are shown), or picks from a calendar; the value is always the API's 'YYYY-MM-DD' text. A calendar day
 * has no time, so no time zone is involved.
 *
 * A typed date counts once it is complete and real (no 31/02); a partial or impossible one leaves the value as
 * it was and is put back on blur, as is a date past `maxDate`. Emptying the box clears the value.
 *
 * @example
 * <Controller
 *   control={control}
 *   name="dob"
 *   render={({ field, fieldState }) => (
 *     <DateField label={t('users.fields.dob')} maxDate={format.calendarDay(new Date())} error={fieldState.error?.message} {...field} />
 *   )}
 * />
 */
export function DateField({ value, onChange, onBlur, maxDate, minDate, ref, ...field }: DateFieldProps) {
  const { t } = useTranslation()
  const format = useFormat()
  // The date as typed, held here at once. The owner may take a change a moment later (a list's filter goes through
  // its address, which the router changes in a transition); Mantine's field puts its text back to the value it
  // holds when it loses the focus, so a date typed and left before the owner took it was shown as the one before,
  // or as nothing.
  const [held, setHeld] = useState(value || null)
  useEffect(() => setHeld(value || null), [value])
  return (
    <DateInput
      {...field}
      ref={ref}
      value={held}
      onChange={(date) => {
        setHeld(date)
        onChange(date ?? '')
      }}
      onBlur={() => onBlur?.()}
      valueFormat={format.datePattern}
      // Our own reading of the language's pattern: dayjs without its parsing plugin would read '05/06/2026' as
      // May 6th, and a strict parser never takes a half-typed date for another one.
      dateParser={format.parseDate}
      placeholder={format.datePattern}
      locale={format.language}
      maxDate={maxDate}
      minDate={minDate}
      allowDeselect
      clearable
      clearButtonProps={{ 'aria-label': t('common.dateField.clear') }}
      ariaLabels={{
        previousMonth: t('common.dateField.previousMonth'),
        nextMonth: t('common.dateField.nextMonth'),
        previousYear: t('common.dateField.previousYear'),
        nextYear: t('common.dateField.nextYear'),
        previousDecade: t('common.dateField.previousDecade'),
        nextDecade: t('common.dateField.nextDecade'),
        monthLevelControl: t('common.dateField.monthLevel'),
        yearLevelControl: t('common.dateField.yearLevel'),
      }}
    />
  )
}
