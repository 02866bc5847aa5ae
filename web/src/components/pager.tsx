import { Button, Group, Text } from '@mantine/core'
import type { ListMeta } from '@store/contract'
import { useTranslation } from 'react-i18next'
import classes from './pager.module.css'

/** The page numbers around the current one, with gaps (null) where pages are left out. */
export function pageWindow(page: number, totalPages: number, around = 1): (number | null)[] {
  const shown = new Set([1, totalPages])
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= totalPages) shown.add(p)
  const sorted = [...shown].filter((p) => p >= 1).sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const p of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && p - last > 1) out.push(p - last === 2 ? p - 1 : null)
    out.push(p)
  }
  return out
}

/**
 * Pagination from a list answer's meta: the current page is disabled, Previous is disabled on page 1 and Next
 * on the last page (spec section 2).
 */
export function Pager({ meta, onPage }: { meta: ListMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  if (!meta || meta.totalPages <= 0) return null
  const { page, totalPages } = meta
  return (
    <Group component="nav" aria-label={t('common.pagination')} justify="flex-end" gap={6} mt="md">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      {pageWindow(page, totalPages).map((p, index) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <Text key={`gap-${index}`} size="sm" c="dimmed" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            variant={p === page ? 'filled' : 'default'}
            disabled={p === page}
            className={p === page ? classes.current : undefined}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('common.page', { page: p })}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </Group>
  )
}
