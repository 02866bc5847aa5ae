import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../test/render.tsx'
import { type PickerOption, SearchPicker } from './search-picker.tsx'

const PRODUCTS: PickerOption[] = [
  { value: '1', label: 'Áo thun trắng' },
  { value: '2', label: 'Áo sơ mi xanh' },
]

function Picker({ start = '' }: { start?: string }) {
  const [search, setSearch] = useState(start)
  const [picked, setPicked] = useState('')
  return (
    <>
      <SearchPicker
        label="Product"
        search={search}
        onSearchChange={setSearch}
        options={search ? PRODUCTS.filter((p) => p.label.toLowerCase().includes(search.toLowerCase())) : []}
        ready
        nothingFound="Nothing found"
        onPick={setPicked}
      />
      <output>{picked}</output>
    </>
  )
}

describe('SearchPicker', () => {
  it('keeps its list shut while nothing is typed, focused or clicked', async () => {
    const user = userEvent.setup()
    renderAt(<Picker />, '/', '*', { dropdowns: true })
    const box = screen.getByRole('combobox', { name: 'Product' })
    await user.click(box)
    expect(box).toHaveFocus()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('opens with the first letter, and Enter picks the first match', async () => {
    const user = userEvent.setup()
    renderAt(<Picker />, '/', '*', { dropdowns: true })
    const box = screen.getByRole('combobox', { name: 'Product' })
    await user.type(box, 'sơ mi')
    expect(await screen.findByRole('option', { name: 'Áo sơ mi xanh' })).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('status')).toHaveTextContent('2')
  })

  it('opens again on focus when the box holds text', async () => {
    const user = userEvent.setup()
    renderAt(<Picker start="áo" />, '/', '*', { dropdowns: true })
    const box = screen.getByRole('combobox', { name: 'Product' })
    await user.click(box)
    expect(await screen.findAllByRole('option')).toHaveLength(2)
    expect(box).toHaveAttribute('aria-expanded', 'true')
  })
})
