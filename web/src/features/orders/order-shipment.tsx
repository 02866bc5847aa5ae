import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import {
  type CodStatus,
  MAX_TRACKING_LENGTH,
  type Order,
  SHIPMENT_MOVES,
  type Shipment,
  type ShipmentStatus,
} from '@store/contract'
import { IconTruckDelivery } from '@tabler/icons-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Money } from '../../components/money.tsx'
import { errorText } from '../../lib/error-text.ts'
import { useFormat } from '../../lib/format.ts'
import { notify } from '../../lib/toast.ts'
import { useMoveShipment } from './api/shipment.ts'
import { ShipmentDialog } from './shipment-dialog.tsx'

/** The orders a shipment may be made for (CONTRACT 5.5): Pending (it moves to Processing first) or Processing. */
const SHIPPABLE: readonly Order['status'][] = [1, 2]

/** Dot badges keep the text dark, as the order status badge does (contrast). */
const SHIPMENT_COLORS: Record<ShipmentStatus, string> = {
  ready: 'yellow',
  'in-transit': 'cyan',
  delivered: 'green',
  returned: 'red',
}
const COD_COLORS: Record<CodStatus, string> = {
  none: 'gray',
  pending: 'yellow',
  outstanding: 'orange',
  collected: 'green',
}

/**
 * The order detail's 'Shipment' section (CONTRACT 5.5). Before the order ships: a button that opens the
 * shipment dialog, while the order is Pending or Processing and the account may change orders. After: the
 * carrier, the tracking number as a link to the carrier's tracking page (a new tab), the shipment's step, the
 * COD and where it stands, the carrier's fee once collected; and for those who may change orders, a button per
 * step `SHIPMENT_MOVES` allows (Returned asked first: it cancels the order and brings its stock back) and a
 * field that adds or changes the tracking number while the parcel is on its way.
 *
 * @example <OrderShipment order={order} canWrite />
 */
export function OrderShipment({ order, canWrite }: { order: Order; canWrite: boolean }) {
  const { t } = useTranslation()
  const headingId = useId()
  const [creating, setCreating] = useState(false)
  const shipment = order.shipment
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={3} fz="md" mb="sm" id={headingId}>
        {t('orders.shipment.heading')}
      </Title>
      {shipment ? (
        <ShipmentView order={order} shipment={shipment} canWrite={canWrite} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('orders.shipment.notShipped')}</Text>
          {canWrite && SHIPPABLE.includes(order.status) && (
            <>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconTruckDelivery size={14} aria-hidden />}
                onClick={() => setCreating(true)}
              >
                {t('orders.shipment.create')}
              </Button>
              <ShipmentDialog order={order} opened={creating} onClose={() => setCreating(false)} />
            </>
          )}
        </Stack>
      )}
    </Paper>
  )
}

function ShipmentView({
  order,
  shipment,
  canWrite,
}: {
  order: Order
  shipment: Shipment
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const moving = canWrite && SHIPMENT_MOVES[shipment.status].length > 0
  return (
    <Stack gap="sm">
      <Stack component="dl" gap={6} m={0}>
        <Row term={t('orders.shipment.carrier')}>{t(`enums.carrier.${shipment.carrier}`)}</Row>
        <Row term={t('orders.shipment.trackingNumber')}>
          <TrackingNumber shipment={shipment} />
        </Row>
        <Row term={t('orders.shipment.status')}>
          <Badge color={SHIPMENT_COLORS[shipment.status]} variant="dot" miw="max-content">
            {t(`enums.shipmentStatus.${shipment.status}`)}
          </Badge>
        </Row>
        <Row term={t('orders.shipment.codAmount')}>
          <Money amount={shipment.codAmount} />
        </Row>
        <Row term={t('orders.shipment.codStatus')}>
          <Badge color={COD_COLORS[shipment.codStatus]} variant="dot" miw="max-content">
            {t(`enums.codStatus.${shipment.codStatus}`)}
          </Badge>
        </Row>
        {shipment.codStatus === 'collected' && shipment.codCollectedAt && (
          <Row term={t('orders.shipment.codCollectedAt')}>
            <time dateTime={shipment.codCollectedAt}>{format.date(shipment.codCollectedAt)}</time>
          </Row>
        )}
        {shipment.codStatus === 'collected' && shipment.carrierFee !== null && (
          <Row term={t('orders.shipment.carrierFee')}>
            <Money amount={shipment.carrierFee} />
          </Row>
        )}
        {shipment.weightGrams !== null && (
          <Row term={t('orders.shipment.weight')}>
            {t('orders.shipment.weightValue', { grams: format.count(shipment.weightGrams) })}
          </Row>
        )}
        {shipment.note && <Row term={t('orders.shipment.note')}>{shipment.note}</Row>}
      </Stack>
      {/* A new shipment as the server answers it starts the field over from its tracking number. */}
      {moving && <ShipmentMoves key={shipment.updatedAt} order={order} shipment={shipment} />}
    </Stack>
  )
}

/** The tracking number, a link to the carrier's page when it has one; 'Not given yet' without a number. */
function TrackingNumber({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation()
  if (!shipment.trackingNumber) return <>{t('orders.shipment.noTracking')}</>
  if (!shipment.trackingUrl) return <>{shipment.trackingNumber}</>
  return (
    <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
      {shipment.trackingNumber}
      <VisuallyHidden> {t('orders.shipment.newTab')}</VisuallyHidden>
    </Anchor>
  )
}

/**
 * The steps a shipment may take from where it is, and its tracking number. A step sends the number typed in
 * the field too when it was changed (the courier gives it when it picks the parcel up). A refusal stays under
 * the buttons in the server's words, while the order loads again.
 */
function ShipmentMoves({ order, shipment }: { order: Order; shipment: Shipment }) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const [tracking, setTracking] = useState(shipment.trackingNumber ?? '')
  const move = useMoveShipment({
    onSuccess: (moved) =>
      notify.success(
        moved.status === shipment.status
          ? t('orders.shipment.trackingSaved')
          : t('orders.shipment.moved', {
              id: order.id,
              status: t(`enums.shipmentStatus.${moved.status}`),
            }),
      ),
  })
  const typed = tracking.trim()
  const changed = typed !== '' && typed.toUpperCase() !== (shipment.trackingNumber ?? '')
  const send = (status: ShipmentStatus) =>
    move.mutate(
      { params: { id: order.id }, body: { status, ...(changed && { trackingNumber: typed }) } },
      { onSettled: () => setAsking(false) },
    )
  const sending = (status: ShipmentStatus) => move.isPending && move.variables?.body.status === status
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('orders.shipment.trackingNumber')}
          size="xs"
          flex={1}
          miw={0}
          maxLength={MAX_TRACKING_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={tracking}
          onChange={(event) => setTracking(event.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="default"
          disabled={!changed || (move.isPending && !sending(shipment.status))}
          loading={sending(shipment.status)}
          onClick={() => send(shipment.status)}
        >
          {t('orders.shipment.saveTracking')}
        </Button>
      </Group>
      <Stack gap="xs" role="group" aria-label={t('orders.shipment.moves')}>
        {SHIPMENT_MOVES[shipment.status].map((to) =>
          to === 'returned' ? (
            <Button
              key={to}
              size="xs"
              variant="outline"
              // The error red (red-9, red-4 in the dark scheme) keeps 5.5:1 under the pointer's tint, as the
              // order's Cancel does.
              color="var(--mantine-color-error)"
              disabled={move.isPending}
              onClick={() => setAsking(true)}
            >
              {t('orders.shipment.moveTo.returned')}
            </Button>
          ) : (
            <Button
              key={to}
              size="xs"
              // The next step often lands under the pointer that clicked the one before: the light variant's
              // hover tint falls short of 4.5:1, the default one keeps its contrast.
              variant="default"
              loading={sending(to)}
              disabled={move.isPending && !sending(to)}
              onClick={() => send(to)}
            >
              {t(`orders.shipment.moveTo.${to as 'in-transit' | 'delivered'}`)}
            </Button>
          ),
        )}
      </Stack>
      {move.isError && (
        <Alert color="red" p="xs" role="alert">
          {errorText(move.error, { withField: false })}
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        onCancel={() => setAsking(false)}
        onConfirm={() => send('returned')}
        busy={sending('returned')}
        detail={t('orders.detail.heading', { id: order.id })}
        question={t('orders.shipment.returnQuestion')}
        confirmLabel={t('orders.shipment.returnConfirm')}
      />
    </Stack>
  )
}

/** One term of the shipment and its value; a long note or number wraps rather than widening the column. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text component="dt" size="sm" style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text
        component="dd"
        size="sm"
        fw={500}
        m={0}
        ta="right"
        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {children}
      </Text>
    </Group>
  )
}
