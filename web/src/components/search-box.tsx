import { CloseButton, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** The list's search box: its own placeholder, a label for screen readers, and a clear button. */
export function SearchBox({
  value,
  onChange,
  onClear,
  placeholder,
}: {
  value: string
  onChange: (value: string) => void
  onClear: () => void
  placeholder: string
}) {
  const { t } = useTranslation()
  return (
    <TextInput
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton aria-label={t('common.clearSearch')} onClick={onClear} size="sm" /> : null
      }
      w={{ base: '100%', sm: 340 }}
    />
  )
}
