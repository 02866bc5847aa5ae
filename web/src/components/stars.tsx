import { Group } from '@mantine/core'
import { IconStar, IconStarFilled } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Five stars, filled up to the rating (rounded to the nearest whole star). */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation()
  const filled = Math.round(Math.min(5, Math.max(0, rating)))
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t('common.rating', { rating })}>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= filled ? (
          <IconStarFilled key={n} size={16} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconStar key={n} size={16} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  )
}
