import { Tooltip, VisuallyHidden } from '@mantine/core'
import { useFormat } from '../../lib/format.ts'

/**
 * An amount as a figure card shows it: compact from a million ('1.2B', '350 tr'; `format.compactVnd`), with the
 * exact amount in a tooltip on hover and in the text a screen reader reads, instead of the rounded one. Below a
 * million the amount is shown whole and needs neither.
 *
 * @example <CompactMoney amount={1_234_567_890} /> // shows '1.2B', reads '1,234,567,890 VND'
 */
export function CompactMoney({ amount }: { amount: number }) {
  const format = useFormat()
  const compact = format.compactVnd(amount)
  const exact = format.money(amount)
  if (compact === exact) return <span style={{ whiteSpace: 'nowrap' }}>{exact}</span>
  return (
    <Tooltip label={exact} withArrow>
      <span style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden="true">{compact}</span>
        <VisuallyHidden>{exact}</VisuallyHidden>
      </span>
    </Tooltip>
  )
}
