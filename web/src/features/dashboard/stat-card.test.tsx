import { IconReceipt } from '@tabler/icons-react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPlain } from '../../test/render.tsx'
import { formatCount } from './format.ts'
import { StatCard } from './stat-card.tsx'

const card = (month: number | undefined, total: number | undefined) =>
  renderPlain(
    <StatCard
      label="Orders"
      icon={IconReceipt}
      color="blue"
      month={month}
      total={total}
      show={formatCount}
      loading={false}
    />,
  )

describe('StatCard', () => {
  it('shows the month, all time and the share as text, in a region named by its label', () => {
    card(25, 2000)
    const region = screen.getByRole('region', { name: 'Orders' })
    expect(region).toHaveTextContent('25')
    expect(region).toHaveTextContent('All time: 2,000')
    expect(screen.getByText('1.3 %')).toBeInTheDocument()
  })

  it('shows 0.0 % for a store without any sale yet', () => {
    card(0, 0)
    expect(screen.getByText('0.0 %')).toBeInTheDocument()
  })
})
