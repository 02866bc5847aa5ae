import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'

export interface Crumb {
  label: string
  to?: string
}

/**
 * A screen's title (its one `h1`, also the browser tab's title) and breadcrumb, which starts at Home.
 *
 * @example <PageHeader title="Customers" crumbs={[{ label: 'Customers' }]} actions={<Button>Add</Button>} />
 */
export function PageHeader({
  title,
  crumbs,
  actions,
}: {
  title: string
  crumbs: Crumb[]
  actions?: ReactNode
}) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`
  }, [title, t])
  const all: Crumb[] = [{ label: t('common.home'), to: paths.home }, ...crumbs]
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <div>
        {/* Focusable from script only: the frame focuses it after a move to this screen (app/focus-heading.ts). */}
        <Title order={1} fz={{ base: 22, sm: 26 }} tabIndex={-1}>
          {title}
        </Title>
        <Breadcrumbs component="nav" aria-label={t('common.breadcrumb')} mt={4} separatorMargin={6}>
          {all.map((crumb, index) =>
            crumb.to && index < all.length - 1 ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text
                key={crumb.label}
                size="sm"
                c="dimmed"
                aria-current={index === all.length - 1 ? 'page' : undefined}
              >
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  )
}
