import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import {
  MAX_NOTE_LENGTH,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderNoteBody,
  type OrderStatus,
  orderNoteBody,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentKind,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '@store/contract'
import type { TFunction } from 'i18next'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { type Format, useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { useAddOrderNote } from './api/add-order-note.ts'
import { useOrderEvents } from './api/order-events.ts'
import { variantLine } from './variant-text.ts'

/** What one entry says: a headline, and the lines under it (the fields an edit changed, a note's text). */
export interface EventText {
  title: string
  details: string[]
  /** A note's own words, shown as written (line breaks kept). */
  note?: string
}

const MONEY_FIELDS = new Set([
  'amount',
  'subtotal',
  'totalPrice',
  'shipingFee',
  'price',
  'linePrice',
  'codAmount',
  'carrierFee',
])
const FIELD_KEYS = {
  address: 'orders.fields.address',
  amount: 'orders.fields.amount',
  quantity: 'orders.fields.quantity',
  status: 'orders.fields.status',
  customerNote: 'orders.fields.customerNote',
  methodPayment: 'orders.fields.methodPayment',
  paymentStatus: 'orders.fields.paymentStatus',
  subtotal: 'orders.detail.subtotal',
  shipingFee: 'orders.detail.shippingFee',
  totalPrice: 'orders.detail.total',
  discountPercent: 'orders.detail.discount',
  price: 'orders.timeline.price',
  linePrice: 'orders.timeline.price',
  lineQuantity: 'orders.fields.quantity',
  carrier: 'orders.shipment.carrier',
  trackingNumber: 'orders.shipment.trackingNumber',
  codAmount: 'orders.shipment.codAmount',
  carrierFee: 'orders.shipment.carrierFee',
} as const
const KNOWN_PAYMENT_CODES: string[] = Object.values(PAYMENT_METHODS)

const isStatus = (value: unknown): value is OrderStatus =>
  value !== null && value !== '' && ORDER_STATUSES.includes(Number(value) as OrderStatus)
const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  PAYMENT_STATUSES.includes(value as PaymentStatus)

/** An order status code (number or text) by its name in the screen's language. */
const statusName = (t: TFunction, value: unknown) =>
  isStatus(value) ? t(`enums.orderStatus.${Number(value) as OrderStatus}`) : String(value ?? '—')
const shipmentStatusName = (t: TFunction, value: unknown) =>
  SHIPMENT_STATUSES.includes(value as ShipmentStatus)
    ? t(`enums.shipmentStatus.${value as ShipmentStatus}`)
    : String(value ?? '—')
const paymentStatusName = (t: TFunction, value: unknown) =>
  isPaymentStatus(value) ? t(`enums.paymentStatus.${value}`) : String(value ?? '—')

/** A changed field's value as a person reads it: money in VND, codes by name, nothing as '(empty)'. */
function valueText(t: TFunction, format: Format, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('orders.timeline.none')
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return format.money(value)
  if (field === 'status') return statusName(t, value)
  if (field === 'paymentStatus') return paymentStatusName(t, value)
  if (field === 'carrier') return t(`enums.carrier.${value as 'ghn'}`, { defaultValue: String(value) })
  if (field === 'methodPayment') {
    const code = String(value)
    return KNOWN_PAYMENT_CODES.includes(code) || paymentKind(code) !== 'paypal'
      ? t(`enums.payment.${paymentKind(code)}`)
      : t('orders.otherPayment', { code })
  }
  if (typeof value === 'number') return format.count(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * A line as an event keeps it (added, changed or removed): 'Áo thun cổ tròn, size L: 250,000 VND x 2', and under
 * it the variant bought when it has one, 'AT-DEN-L · L / Đen' (CONTRACT 5.4). None for what is not a line.
 */
function lineText(t: TFunction, format: Format, line: unknown): string[] {
  if (typeof line !== 'object' || line === null) return []
  const { product, price, quantity, size, variant } = line as {
    product?: { name?: unknown }
    price?: unknown
    quantity?: unknown
    size?: unknown
    variant?: { sku?: unknown; size?: unknown; color?: unknown }
  }
  const name = typeof product?.name === 'string' ? product.name : ''
  if (!name || typeof price !== 'number' || typeof quantity !== 'number') return []
  const amounts = t('orders.detail.priceTimesQuantity', { price: format.money(price), quantity })
  const text =
    typeof size === 'string' && size !== ''
      ? t('orders.timeline.removedSized', { name, size, amounts })
      : t('orders.timeline.removed', { name, amounts })
  if (typeof variant?.sku !== 'string' || variant.sku === '') return [text]
  const part = (value: unknown) => (typeof value === 'string' ? value : null)
  return [text, variantLine({ sku: variant.sku, size: part(variant.size), color: part(variant.color) })]
}

const fieldName = (t: TFunction, field: string) =>
  field in FIELD_KEYS ? t(FIELD_KEYS[field as keyof typeof FIELD_KEYS]) : field

/**
 * The words of one timeline entry (CONTRACT 4.5): 'Status: Pending → Processing', 'Payment: Unpaid → Paid', the
 * fields an edit changed with their values before and after, the line a deletion removed, a staff note.
 *
 * @example describeEvent(t, format, { type: 'status', from: 1, to: 2, … }).title // 'Status: Pending → Processing'
 */
export function describeEvent(t: TFunction, format: Format, event: OrderEvent): EventText {
  const { line: [removed, kept] = [], ...changes } = event.changes ?? {}
  const details = Object.entries(changes).map(([field, [from, to]]) =>
    t('orders.timeline.change', {
      field: fieldName(t, field),
      from: valueText(t, format, field, from),
      to: valueText(t, format, field, to),
    }),
  )
  switch (event.type) {
    case 'created':
      return { title: t('orders.timeline.created'), details }
    case 'status':
      return {
        title: t('orders.timeline.status', { from: statusName(t, event.from), to: statusName(t, event.to) }),
        details,
      }
    case 'payment':
      return {
        title: t('orders.timeline.payment', {
          from: paymentStatusName(t, event.from),
          to: paymentStatusName(t, event.to),
        }),
        details,
      }
    case 'edited':
      return { title: t('orders.timeline.edited'), details }
    case 'line-added':
    case 'line-changed': {
      const title = t(
        event.type === 'line-added' ? 'orders.timeline.lineAdded' : 'orders.timeline.lineChanged',
      )
      return { title, details: [...lineText(t, format, kept), ...details] }
    }
    case 'line-deleted':
      return {
        title: t('orders.timeline.lineDeleted'),
        details: [...lineText(t, format, removed), ...details],
      }
    case 'note':
      return { title: t('orders.timeline.note'), details, note: event.note ?? '' }
    case 'shipment':
      // Made: `to` its first step and `changes` its carrier, number and COD; moved: `from` → `to`.
      return {
        title:
          event.from === undefined
            ? t('orders.timeline.shipmentMade', { status: shipmentStatusName(t, event.to) })
            : t('orders.timeline.shipment', {
                from: shipmentStatusName(t, event.from),
                to: shipmentStatusName(t, event.to),
              }),
        details,
      }
    case 'cod':
      return {
        title: t('orders.timeline.cod', { amount: format.money(Number(event.to ?? 0)) }),
        details,
        ...(event.note !== undefined && { note: event.note }),
      }
  }
}

/**
 * The order's timeline on its detail screen: every status and payment move, edit, deleted line and note, newest
 * first, each with who did it and when (in the store's zone); above it, for staff who may change orders, a box
 * to add a note (1 to 2,000 characters, refusals next to the field).
 *
 * @example <OrderTimeline orderId="12" canWrite />
 */
export function OrderTimeline({ orderId, canWrite }: { orderId: string; canWrite: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const events = useOrderEvents(orderId)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-timeline-title">
      <Title order={3} fz="md" mb="sm" id="order-timeline-title">
        {t('orders.timeline.title')}
      </Title>
      {canWrite && <NoteForm orderId={orderId} />}
      {events.isError ? (
        <Alert color="red" mt="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('orders.timeline.failed')}</Text>
            <Button size="xs" variant="default" onClick={() => void events.refetch()}>
              {t('orders.timeline.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !events.data ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Center>
      ) : events.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          {t('orders.timeline.empty')}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap={0}
          mt="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('orders.timeline.title')}
        >
          {events.data.map((event, index) => {
            const text = describeEvent(t, format, event)
            return (
              <Stack
                key={event.id}
                component="li"
                gap={2}
                py="xs"
                pl="sm"
                style={{
                  borderLeft: '3px solid var(--mantine-color-teal-7)',
                  borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined,
                }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {text.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={event.at}>{format.dateTime(event.at)}</time>
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {event.actor?.name ?? t('orders.timeline.store')}
                </Text>
                {text.note !== undefined && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {text.note}
                  </Text>
                )}
                {text.details.map((line) => (
                  <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
              </Stack>
            )
          })}
        </Stack>
      )}
    </Paper>
  )
}

/** The box to add a note: checked by the contract's rule before it is sent, the server's refusal by the field. */
function NoteForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const form = useForm<OrderNoteBody>({
    resolver: zodResolver(orderNoteBody),
    defaultValues: { note: '' },
  })
  const add = useAddOrderNote({
    onSuccess: () => {
      notify.success(t('orders.timeline.noteAdded'))
      form.reset({ note: '' })
    },
    onError: (error) => {
      if (!applyServerErrors(error, form.setError, ['note'])) notify.error(error)
    },
  })
  const length = form.watch('note').length
  return (
    <form
      noValidate
      aria-label={t('orders.timeline.noteField')}
      onSubmit={form.handleSubmit((body) => add.mutate({ params: { id: orderId }, body }))}
    >
      <Stack gap={6}>
        <GrowingTextarea
          label={t('orders.timeline.noteField')}
          description={t('orders.timeline.noteHint')}
          minRows={2}
          maxRows={8}
          error={translateMessage(t, form.formState.errors.note?.message)}
          {...form.register('note')}
        />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c={length > MAX_NOTE_LENGTH ? 'var(--mantine-color-error)' : 'dimmed'}>
            {format.count(length)} / {format.count(MAX_NOTE_LENGTH)}
          </Text>
          <Button type="submit" size="xs" loading={add.isPending}>
            {t('orders.timeline.addNote')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
