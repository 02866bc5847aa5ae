import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { SearchBox } from './search-box.tsx'

describe('SearchBox', () => {
  it('is named and hinted by its placeholder, with no clear button while empty', () => {
    renderPlain(<SearchBox value="" onChange={() => {}} onClear={() => {}} placeholder="Search user" />)
    const box = screen.getByRole('searchbox', { name: 'Search user' })
    expect(box).toHaveAttribute('placeholder', 'Search user')
    expect(box).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
  })

  it('hands each key stroke to onChange', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderPlain(<SearchBox value="" onChange={onChange} onClear={() => {}} placeholder="Search user" />)
    await user.type(screen.getByRole('searchbox'), 'a')
    expect(onChange).toHaveBeenCalledWith('a')
  })

  it('shows a clear button once there is text, which calls onClear', async () => {
    const user = userEvent.setup()
    const onClear = vi.fn()
    function Controlled() {
      const [value, setValue] = useState('')
      return (
        <SearchBox
          value={value}
          onChange={setValue}
          onClear={() => {
            onClear()
            setValue('')
          }}
          placeholder="Search user"
        />
      )
    }
    renderPlain(<Controlled />)
    await user.type(screen.getByRole('searchbox', { name: 'Search user' }), 'áo')
    expect(screen.getByRole('searchbox')).toHaveValue('áo')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(onClear).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('searchbox')).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
  })
})
