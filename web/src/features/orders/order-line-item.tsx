import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core'
import type { OrderLine } from '@store/contract'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { Thumb } from '../../components/thumb.tsx'
import { useFormat } from '../../lib/format.ts'
import { variantLine } from './variant-text.ts'

/**
 * One product line of an order: thumbnail, name, the variant bought under it ('AT-DEN-M · M / Đen', CONTRACT 5.4),
 * '250,000 VND x 2' (vi '250.000 ₫ x 2'), the size when the line has one (the spec's client printed a fixed
 * 'Black, L' here; this shows the line's own data), the line's total, and buttons to change and delete it.
 *
 * @example <OrderLineItem line={line} onEdit={() => change(line)} onDelete={() => ask(line)} />
 */
export function OrderLineItem({
  line,
  onEdit,
  onDelete,
  divided = false,
}: {
  line: OrderLine
  /** Absent when the line cannot be changed by this account: no button. */
  onEdit?: () => void
  /** Absent when the line cannot be deleted by this account: no button. */
  onDelete?: () => void
  /** A rule above the line, to part it from the one before. */
  divided?: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const name = line.product.name
  // Two lines may be of one product: their buttons are told apart by the variant's SKU.
  const label = line.variant ? t('orders.variant.lineName', { name, sku: line.variant.sku }) : name
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py="sm"
      style={divided ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
    >
      <Thumb path={line.product.thumbnail} alt={name} size={56} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
          {line.product.deletedAt && (
            <Badge ml="xs" size="xs" color="gray" variant="light">
              {t('orders.detail.deletedProduct')}
            </Badge>
          )}
        </Text>
        {line.variant && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {variantLine(line.variant)}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('orders.detail.priceTimesQuantity', {
              price: format.money(line.price),
              quantity: line.quantity,
            })}
          </Text>
          <Text size="sm" fw={600}>
            <Money amount={line.price * line.quantity} />
          </Text>
        </Group>
        {line.size && (
          <Text size="sm" c="dimmed">
            {t('orders.detail.size', { size: line.size })}
          </Text>
        )}
      </Stack>
      {(onEdit || onDelete) && (
        <Group gap={0} wrap="nowrap">
          {onEdit && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                onClick={onEdit}
                aria-label={t('orders.detail.editLine', { name: label })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('orders.detail.deleteLine', { name: label })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Group>
  )
}
