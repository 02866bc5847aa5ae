import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { Segments } from './segments.tsx'

const DATA = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const

function Owner({ start }: { start: 'day' | 'week' | 'month' }) {
  const [value, setValue] = useState(start)
  return (
    <>
      <span id="interval">Interval</span>
      <Segments aria-labelledby="interval" value={value} onChange={setValue} data={DATA} />
      <output>{value}</output>
    </>
  )
}

describe('Segments', () => {
  it('is a radio group named by its label, with the value checked', () => {
    renderPlain(<Owner start="week" />)
    const group = screen.getByRole('radiogroup', { name: 'Interval' })
    expect(group).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Day' })).not.toBeChecked()
  })

  it('gives its owner the segment clicked, and shows it chosen', async () => {
    const user = userEvent.setup()
    renderPlain(<Owner start="day" />)
    await user.click(screen.getByText('Month'))
    expect(screen.getByRole('status')).toHaveTextContent('month')
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Day' })).not.toBeChecked()
  })

  it('keeps two groups on one screen apart', async () => {
    const user = userEvent.setup()
    renderPlain(
      <>
        <Owner start="day" />
        <Owner start="day" />
      </>,
    )
    const [, second] = screen.getAllByRole('radio', { name: 'Week' })
    await user.click(second!)
    const days = screen.getAllByRole('radio', { name: 'Day' })
    expect(days[0]).toBeChecked()
    expect(days[1]).not.toBeChecked()
  })
})
