import { Group, Text } from '@mantine/core'
import { REVIEW_SORT_FIELDS, type Review } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Stars } from '../../components/stars.tsx'
import { Thumb } from '../../components/thumb.tsx'
import { useFormat } from '../../lib/format.ts'
import type { ListFilter } from '../../lib/list-filters.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'

/**
 * /admin/product-reviews: reviews searched by their text through `content`, delete only (spec section 2). The
 * address it keeps is its own route, /admin/product-reviews?content=…&page=…, not the spec's
 * /admin/products/reviews, which matched no route (CONTRACT section 3).
 */
export function ReviewListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('reviews:write')
  const format = useFormat()
  const filters: ListFilter[] = [
    {
      kind: 'select',
      param: 'rating',
      label: t('reviews.filters.rating'),
      options: [5, 4, 3, 2, 1, 0].map((count) => ({
        value: String(count),
        label: t('reviews.filters.stars', { count }),
      })),
    },
    { kind: 'fixed', param: 'productId', label: t('reviews.columns.product') },
  ]
  const list = useListController({
    list: endpoints.reviews.list,
    searchParam: 'content',
    sortFields: REVIEW_SORT_FIELDS,
    filters,
    exportCall: endpoints.reviews.export,
    // `productId` lets the server refuse when the review moved to another product since the list was loaded.
    remove: canWrite
      ? {
          endpoint: endpoints.reviews.remove,
          input: (review) => ({ params: { commentId: review.id }, query: { productId: review.product.id } }),
        }
      : undefined,
  })
  const columns: Column<Review>[] = [
    {
      key: 'product',
      header: t('reviews.columns.product'),
      render: (review) => (
        <Group gap="sm" wrap="nowrap">
          <Thumb path={review.product.thumbnail} alt={review.product.name} size={40} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {review.product.name}
          </Text>
        </Group>
      ),
    },
    { key: 'customer', header: t('reviews.columns.customer'), render: (review) => review.user.name },
    { key: 'comment', header: t('reviews.columns.comment'), render: (review) => review.content },
    {
      key: 'rating',
      header: t('reviews.columns.rating'),
      nowrap: true,
      sort: 'rating',
      render: (review) => <Stars rating={review.rating} />,
    },
    {
      key: 'createdAt',
      header: t('reviews.columns.createdAt'),
      nowrap: true,
      sort: 'createdAt',
      phone: 'hide',
      render: (review) => <time dateTime={review.createdAt}>{format.date(review.createdAt)}</time>,
    },
  ]
  return (
    <ListScreen
      title={t('reviews.title')}
      crumbs={[{ label: t('reviews.crumb') }]}
      searchPlaceholder={t('reviews.searchPlaceholder')}
      list={list}
      columns={columns}
      actions={{ label: (review) => t('reviews.rowLabel', { name: review.user.name }) }}
    />
  )
}
