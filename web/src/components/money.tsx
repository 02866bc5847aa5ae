import { formatVnd } from '@store/contract'

/** An amount as the spec shows it: '1,250,000 VND'. */
export function Money({ amount }: { amount: number }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(amount)}</span>
}
