import { Badge } from '@mantine/core'
import type { ReviewStatus } from '@store/contract'
import { useTranslation } from 'react-i18next'

const COLORS: Record<ReviewStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' }

/** A review's moderation status (CONTRACT 4.5) as a coloured badge. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation()
  return (
    // 'dot' keeps the text dark (Mantine's light yellow badge fails the contrast small text needs); `miw` keeps
    // the whole word when a table column is narrow.
    <Badge color={COLORS[status]} variant="dot" miw="max-content">
      {t(`reviews.status.${status}`)}
    </Badge>
  )
}
