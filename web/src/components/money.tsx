import { useFormat } from '../lib/format.ts'

/**
 * An amount of VND in the interface language: '1,250,000 VND' (en, the spec's style) or '1.250.000 ₫' (vi).
 * Never wrapped, so the unit stays with its number in a narrow column.
 *
 * @example <Money amount={order.totalPrice} />
 */
export function Money({ amount }: { amount: number }) {
  const format = useFormat()
  return <span style={{ whiteSpace: 'nowrap' }}>{format.money(amount)}</span>
}
