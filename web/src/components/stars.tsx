import { Group } from '@mantine/core'
import { IconStar, IconStarFilled } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Five stars, filled up to the rating (rounded to the nearest whole star). */
export function Stars({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation()
  const clamped = Math.min(5, Math.max(0, rating))
  const filled = Math.round(clamped)
  // A product's rating is a mean (3.6666…); a screen reader should say 'Rated 3.7 out of 5', not sixteen digits,
  // and in Vietnamese with a decimal comma: 'Đánh giá 3,7/5 sao'.
  const spoken = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-US', {
    maximumFractionDigits: 1,
  }).format(Math.round(clamped * 10) / 10)
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t('common.rating', { rating: spoken })}>
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
