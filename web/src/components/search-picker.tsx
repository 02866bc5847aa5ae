import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type ReactNode, type Ref, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'

export interface PickerOption {
  value: string
  label: string
  /** A second line under the label: a phone number, a price and the stock. */
  detail?: ReactNode
  /** Shown but not chosen (a product out of stock); `detail` should say why. */
  disabled?: boolean
}

/**
 * A search box whose matches the server finds, offered in a list under it: typing shows them, the first one that
 * can be chosen is highlighted once they match what was typed, and Enter (or a click) picks the highlighted one.
 * Arrow keys move through the list, Escape closes it. Enter never submits the form around it. The screen keeps
 * what is typed (`search`) and the matches (`options`), fetched for the text once typing pauses; `ready` says
 * they are the matches of the text as it is now, so Enter never picks a match of what was typed before.
 *
 * @example <SearchPicker label="Product" search={text} onSearchChange={setText} options={found} ready={!stale} onPick={add} />
 */
export function SearchPicker({
  label,
  placeholder,
  description,
  search,
  onSearchChange,
  options,
  ready,
  loading = false,
  nothingFound,
  onPick,
  error,
  inputRef,
  keepOpenAfterPick = false,
  autofocus = false,
}: {
  label: string
  placeholder?: string
  description?: ReactNode
  search: string
  onSearchChange: (value: string) => void
  options: readonly PickerOption[]
  ready: boolean
  loading?: boolean
  /** Said when nothing matches; nothing is shown before anything is typed. */
  nothingFound: ReactNode
  onPick: (value: string) => void
  error?: ReactNode
  inputRef?: Ref<HTMLInputElement>
  /** Leaves the list open after a pick, for picking several in a row (products). */
  keepOpenAfterPick?: boolean
  /** Takes the focus when a dialog around it opens (Mantine's `data-autofocus`), rather than its close button. */
  autofocus?: boolean
}) {
  const { t } = useTranslation()
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const labelId = useId()
  const typed = search.trim() !== ''

  // Once the list holds the matches of what is typed, the first that can be chosen is highlighted for Enter.
  useEffect(() => {
    if (ready && options.some((o) => !o.disabled)) combobox.selectFirstOption()
    else combobox.resetSelectedOption()
  }, [ready, options, combobox.selectFirstOption, combobox.resetSelectedOption])

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        onPick(value)
        if (!keepOpenAfterPick) combobox.closeDropdown()
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          label={label}
          labelProps={{ id: labelId }}
          placeholder={placeholder}
          description={description}
          autoComplete="off"
          data-autofocus={autofocus || undefined}
          value={search}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={loading ? <Loader size="xs" role="status" aria-label={t('common.loading')} /> : null}
          error={error}
          onChange={(event) => {
            onSearchChange(event.currentTarget.value)
            combobox.openDropdown()
          }}
          // With nothing typed there is no list to show: the list (and its placing beside the field, which
          // measures the page) waits for the first letter, as a screen autofocusing the field opens.
          onFocus={() => typed && combobox.openDropdown()}
          onClick={() => typed && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // A search box's Enter picks from its list; it never sends the form.
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typed}>
        <Combobox.Options labelledBy={labelId} mah={320} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? (
            options.map((option) => (
              <Combobox.Option key={option.value} value={option.value} disabled={option.disabled}>
                <Text size="sm" fw={500}>
                  {option.label}
                </Text>
                {option.detail && (
                  <Text size="xs" c={option.disabled ? 'var(--mantine-color-error)' : 'dimmed'}>
                    {option.detail}
                  </Text>
                )}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{loading || !ready ? t('common.loading') : nothingFound}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
