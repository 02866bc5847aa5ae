import { IconReceipt } from '@tabler/icons-react'
import { screen } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { Money } from '../../components/money.tsx'
import { createFormat } from '../../lib/format.ts'
import { renderPlain } from '../../test/render.tsx'
import { StatCard } from './stat-card.tsx'

const count = (value: number) => createFormat({ language: 'en', timeZone: 'Asia/Ho_Chi_Minh' }).count(value)

const card = (month: number | undefined, total: number | undefined) =>
  renderPlain(
    <StatCard
      label="Orders"
      icon={IconReceipt}
      color="blue"
      month={month}
      total={total}
      show={count}
      loading={false}
    />,
  )

describe('StatCard', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en')
  })

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

  it('writes the share and amounts as Vietnamese do when chosen', async () => {
    await i18next.changeLanguage('vi')
    renderPlain(
      <StatCard
        label="Doanh thu"
        icon={IconReceipt}
        color="green"
        month={1_250_000}
        total={100_000_000}
        show={(amount) => <Money amount={amount} />}
        loading={false}
      />,
    )
    const region = screen.getByRole('region', { name: 'Doanh thu' })
    expect(region).toHaveTextContent('1.250.000 ₫')
    expect(region).toHaveTextContent('Tổng cộng: 100.000.000 ₫')
    expect(screen.getByText('1,3%')).toBeInTheDocument()
  })
})
