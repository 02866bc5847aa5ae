import {
  Anchor,
  Button,
  Center,
  Divider,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { isOrderOpen, ORDER_STATUSES, type Order, type OrderLine } from '@store/contract'
import { endpoints } from '@store/contract/client'
import {
  IconAlertTriangle,
  IconPackage,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconTag,
} from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { Money } from '../../components/money.tsx'
import { orderStatusName } from '../../components/order-status-badge.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { PaymentStatusBadge } from '../../components/payment-status-badge.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { apiQuery, useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { printInvoice, printLabels, printPackingSlips } from './api/print-documents.ts'
import { type LineTarget, OrderLineDialog } from './order-line-dialog.tsx'
import { OrderLineItem } from './order-line-item.tsx'
import { OrderShipment } from './order-shipment.tsx'
import { OrderStatusMoves } from './order-status-moves.tsx'
import { OrderTimeline } from './order-timeline.tsx'
import { PaymentMethods } from './payment-methods.tsx'

/**
 * /admin/order/{orderId}/detail/{id}: an order, its lines (while the order is open, lines are added, changed and
 * deleted here) and its
 * figures (spec section 2), the customer's phone (a `tel:` link) and where the order came from, its payment
 * status, the amount to collect, its timeline with a box for notes, and its invoice (CONTRACT 4.5, 4.7, 5.1).
 * Staff who may change orders move its status from here, by the moves it allows. The list links repeat the
 * order id in both places; the order is read from `orderId`.
 */
export function OrderDetailPage() {
  const { t } = useTranslation()
  const orderId = useParams().orderId ?? ''
  const canWrite = useCan('orders:write')
  // Spec section 4: the detail reloads the order on entry rather than trust a cached copy. The server ignores
  // the lines call's second id; the spec's client repeats the order id there, and so does this one.
  const order = useQuery({
    ...apiQuery(endpoints.orders.get, { params: { id: orderId } }),
    select: (answer) => answer.data,
    refetchOnMount: 'always',
  })
  const lines = useQuery({
    ...apiQuery(endpoints.orders.lines, { params: { orderId, id: orderId } }),
    select: (answer) => answer.data,
    refetchOnMount: 'always',
  })
  // The server recomputes the order's figures and refuses (409) to delete its last line; the order and its
  // lines, on screen, load again.
  const removal = useApiMutation(endpoints.orders.removeLine)
  const [pendingLine, setPendingLine] = useState<OrderLine | null>(null)
  // The line being added or changed; kept after the dialog closes so its content stays while it fades out.
  const [lineDialog, setLineDialog] = useState<{ target: LineTarget; opened: boolean; session: number }>()
  const openLineDialog = (target: LineTarget) =>
    setLineDialog((before) => ({ target, opened: true, session: (before?.session ?? 0) + 1 }))
  // A failure is toasted by the mutation cache, with the server's message.
  const invoice = useMutation({
    mutationFn: () => printInvoice(orderId),
    onSuccess: (name) => notify.success(t('orders.detail.invoiceSaved', { name })),
  })
  // The label of its shipment (CONTRACT 5.5) and its packing slip (4.7): printing changes nothing, so anyone who
  // may read the order prints them.
  const label = useMutation({
    mutationFn: () => printLabels([orderId]),
    onSuccess: (name) => notify.success(t('orders.detail.labelSaved', { name })),
  })
  const packingSlip = useMutation({
    mutationFn: () => printPackingSlips([orderId]),
    onSuccess: (name) => notify.success(t('orders.detail.packingSlipSaved', { name })),
  })

  // The query cache toasts the server's message; the screen goes back to the list (spec section 8).
  useBackOnFailure(order.isError || lines.isError, paths.orders)

  const ready = order.data && lines.data && order.isFetchedAfterMount && lines.isFetchedAfterMount
  // A delivered or cancelled order keeps its lines (the server refuses with 409 `linesLocked`): no line buttons.
  const linesOpen = canWrite && order.data !== undefined && isOrderOpen(order.data.status)
  return (
    <>
      <PageHeader
        title={t('orders.detailTitle')}
        crumbs={[{ label: t('orders.crumbs.list'), to: paths.orders }, { label: t('orders.crumbs.detail') }]}
        actions={
          <>
            <HistoryLink entity="order" id={orderId} />
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              loading={invoice.isPending}
              onClick={() => invoice.mutate()}
            >
              {t('orders.detail.printInvoice')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPackage size={16} aria-hidden />}
              loading={packingSlip.isPending}
              onClick={() => packingSlip.mutate()}
            >
              {t('orders.detail.packingSlip')}
            </Button>
            {order.data?.shipment && (
              <Button
                variant="default"
                leftSection={<IconTag size={16} aria-hidden />}
                loading={label.isPending}
                onClick={() => label.mutate()}
              >
                {t('orders.detail.printLabel')}
              </Button>
            )}
            {canWrite && (
              <Button
                variant="light"
                component={Link}
                to={paths.orderEdit(orderId)}
                leftSection={<IconPencil size={16} />}
              >
                {t('orders.detail.edit')}
              </Button>
            )}
          </>
        }
      />
      {ready ? (
        <OrderDetail
          order={order.data}
          lines={lines.data}
          onAddLine={linesOpen ? () => openLineDialog({ mode: 'add' }) : undefined}
          onEditLine={linesOpen ? (line) => openLineDialog({ mode: 'change', line }) : undefined}
          onDeleteLine={linesOpen ? setPendingLine : undefined}
          timeline={<OrderTimeline orderId={orderId} canWrite={canWrite} />}
          statusMoves={canWrite ? <OrderStatusMoves order={order.data} /> : undefined}
          shipment={<OrderShipment order={order.data} canWrite={canWrite} />}
        />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}
      <ConfirmDialog
        opened={pendingLine !== null}
        onCancel={() => setPendingLine(null)}
        onConfirm={() =>
          pendingLine &&
          removal.mutate(
            { params: { orderId, id: pendingLine.id } },
            {
              onSuccess: () => notify.success(t('orders.detail.lineDeleted')),
              // A refusal (the last line: 409) is toasted by the mutation cache with the server's message.
              onSettled: () => setPendingLine(null),
            },
          )
        }
        busy={removal.isPending}
        detail={pendingLine?.product.name}
      />
      <OrderLineDialog
        orderId={orderId}
        target={lineDialog?.target ?? null}
        session={lineDialog?.session}
        opened={lineDialog?.opened ?? false}
        onClose={() => setLineDialog((before) => before && { ...before, opened: false })}
      />
    </>
  )
}

function OrderDetail({
  order,
  lines,
  onAddLine,
  onEditLine,
  onDeleteLine,
  timeline,
  statusMoves,
  shipment,
}: {
  order: Order
  lines: OrderLine[]
  /** The line actions: absent for an account that may not change orders, or an order that is closed. */
  onAddLine?: () => void
  onEditLine?: (line: OrderLine) => void
  onDeleteLine?: (line: OrderLine) => void
  /** The timeline, under the order. */
  timeline: ReactNode
  /** The ways to move the order on, under its status; absent for an account that may not change orders. */
  statusMoves?: ReactNode
  /** The shipment's section, at the top of the side column. */
  shipment: ReactNode
}) {
  const { t } = useTranslation()
  const format = useFormat()
  // A paid (or refunded) order has nothing left to collect: its amount is not shown as owed (CONTRACT 5.5, a
  // shipment of a paid order collects 0), and the mark of an amount set by hand no longer matters.
  const settled = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'
  const differs = !settled && order.amount !== order.totalPrice
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" gap="md">
                <Stack gap={4}>
                  <Title order={2} fz="lg">
                    {t('orders.detail.heading', { id: order.id })}
                  </Title>
                  {/* The day the shop's staff would name: in the store's zone, the language's date style. The order
                    was placed when it was made; an edit moves only 'Last changed'. */}
                  <Text size="sm">
                    {t('orders.detail.placedOn')}:{' '}
                    <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
                  </Text>
                  <Text size="sm">
                    {t('orders.detail.lastChanged')}:{' '}
                    <time dateTime={order.updatedAt}>{format.dateTime(order.updatedAt)}</time>
                  </Text>
                  <Text size="sm">
                    {t('orders.detail.customer')}: {order.user.name}
                  </Text>
                  {order.user.phoneNumber && (
                    <Text size="sm">
                      {t('orders.detail.phone')}:{' '}
                      {/* Underlined: in the dark scheme the link's blue is too near the text's grey to tell apart. */}
                      <Anchor href={`tel:${order.user.phoneNumber}`} size="sm" underline="always">
                        {order.user.phoneNumber}
                      </Anchor>
                    </Text>
                  )}
                  <Text size="sm">
                    {t('orders.detail.source')}: {t(`enums.orderSource.${order.source}`)}
                  </Text>
                  <Group gap={6}>
                    <Text size="sm">{t('orders.detail.paymentStatus')}:</Text>
                    <PaymentStatusBadge status={order.paymentStatus} />
                  </Group>
                </Stack>
                <Stack gap="xs" w={{ base: '100%', xs: 200 }}>
                  <NativeSelect
                    label={t('orders.fields.status')}
                    value={String(order.status)}
                    // A Processing order in transit reads 'Shipping' (CONTRACT 5.5).
                    data={ORDER_STATUSES.map((status) => ({
                      value: String(status),
                      label:
                        status === order.status
                          ? orderStatusName(t, order)
                          : t(`enums.orderStatus.${status}`),
                    }))}
                    disabled
                    // Disabled, as the spec's read-only select, yet as legible as the text around it.
                    styles={{ input: { color: 'var(--mantine-color-text)', opacity: 1 } }}
                  />
                  {statusMoves}
                </Stack>
              </Group>
              <Divider />
              <Group justify="space-between" gap="sm">
                <Title order={3} fz="md">
                  {t('orders.detail.lines')}
                </Title>
                {onAddLine && (
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={onAddLine}
                  >
                    {t('orders.lineForm.add')}
                  </Button>
                )}
              </Group>
              <Stack
                component="ul"
                gap={0}
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('orders.detail.lines')}
              >
                {lines.map((line, index) => (
                  <OrderLineItem
                    key={line.id}
                    line={line}
                    divided={index > 0}
                    onEdit={onEditLine && (() => onEditLine(line))}
                    onDelete={onDeleteLine && (() => onDeleteLine(line))}
                  />
                ))}
              </Stack>
              <Divider />
              <GrowingTextarea
                label={t('orders.detail.shippingAddress')}
                value={order.address}
                readOnly
                minRows={2}
              />
              <GrowingTextarea
                label={t('orders.detail.customerNote')}
                value={order.customerNote}
                readOnly
                minRows={2}
              />
            </Stack>
          </Paper>
          {timeline}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          {shipment}
          <Paper withBorder p="md" radius="md">
            <Title order={3} fz="md" mb="sm">
              {t('orders.detail.summary')}
            </Title>
            <Stack component="dl" gap="xs" m={0}>
              <SummaryRow term={t('orders.detail.quantity')}>{order.quantity}</SummaryRow>
              <SummaryRow term={t('orders.detail.subtotal')}>
                <Money amount={order.subtotal} />
              </SummaryRow>
              <SummaryRow term={t('orders.detail.shippingFee')}>
                <Money amount={order.shipingFee} />
              </SummaryRow>
              <SummaryRow term={t('orders.detail.discount')}>
                {t('orders.detail.discountValue', { percent: order.discountPercent })}
              </SummaryRow>
              <SummaryRow term={t('orders.detail.total')} strong>
                <Money amount={order.totalPrice} />
              </SummaryRow>
              {/* The amount to collect beside the total; when staff set it apart, a mark says so, in words too. Once
                the order is paid or refunded, it says there is nothing to collect and why. */}
              <SummaryRow term={t('orders.detail.amountToCollect')}>
                {settled ? (
                  t(`orders.detail.nothingToCollect.${order.paymentStatus as 'paid' | 'refunded'}`)
                ) : (
                  <Money amount={order.amount} />
                )}
                {differs && (
                  <>
                    <IconAlertTriangle
                      size={16}
                      aria-hidden
                      color="var(--mantine-color-orange-8)"
                      style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
                    />
                    <VisuallyHidden>({t('orders.detail.amountDiffers')})</VisuallyHidden>
                  </>
                )}
              </SummaryRow>
            </Stack>
            {differs && (
              <Group gap={4} mt="xs" wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={14}
                  aria-hidden
                  color="var(--mantine-color-orange-8)"
                  style={{ flexShrink: 0 }}
                />
                <Text size="xs">{t('orders.detail.amountDiffersNote')}</Text>
              </Group>
            )}
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={3} fz="md" mb="sm">
              {t('orders.detail.payment')}
            </Title>
            <PaymentMethods code={order.methodPayment} status={order.paymentStatus} amount={order.amount} />
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  )
}

/** One term of the summary; the total is set apart by a rule above it and bold type. */
function SummaryRow({
  term,
  strong = false,
  children,
}: {
  term: string
  strong?: boolean
  children: ReactNode
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      pt={strong ? 'xs' : 0}
      style={strong ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
    >
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {term}
      </Text>
      <Text component="dd" size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} m={0}>
        {children}
      </Text>
    </Group>
  )
}
