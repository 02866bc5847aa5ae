import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core'
import {
  CARRIERS,
  type Carrier,
  MAX_TRACKING_LENGTH,
  MAX_WEIGHT_GRAMS,
  messageRef,
  messages,
  type Order,
  type ShipmentBody,
  shipmentBody,
} from '@store/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { errorText } from '../../lib/error-text.ts'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'
import { invalidateAfter } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useMedia } from '../../lib/use-media.ts'
import { translateMessage } from '../../lib/validation.ts'
import { useCreateShipment } from './api/shipment.ts'
import { amountSeparators } from './new-order-lines.tsx'

/** What the form holds: an empty field is '' and is not sent. */
export interface ShipmentValues {
  carrier: string
  trackingNumber: string
  codAmount: number | string
  weightGrams: number | string
  note: string
}

const FIELDS = ['carrier', 'trackingNumber', 'codAmount', 'weightGrams', 'note'] as const

/**
 * The COD the form starts from, as the server would default it (CONTRACT 5.5): the order's amount while it is
 * not paid, else nothing to collect.
 */
export const defaultCod = (order: Pick<Order, 'amount' | 'paymentStatus'>) =>
  order.paymentStatus === 'paid' ? 0 : order.amount

/** The body the form makes: only what is filled in, text trimmed. */
export const toShipmentBody = (values: ShipmentValues) => ({
  carrier: values.carrier as Carrier,
  ...(values.trackingNumber.trim() !== '' && { trackingNumber: values.trackingNumber.trim() }),
  ...(values.codAmount !== '' && { codAmount: values.codAmount }),
  ...(values.weightGrams !== '' && { weightGrams: values.weightGrams }),
  ...(values.note.trim() !== '' && { note: values.note.trim() }),
})

const bodyRules = zodResolver(shipmentBody)

/**
 * The rules the server applies (the contract's `shipmentBody`) on the body the form makes, so each message
 * lands on its field; a carrier not chosen yet is 'required' rather than the list of every carrier's code.
 */
const shipmentResolver: Resolver<ShipmentValues, unknown, ShipmentBody> = async (
  values,
  context,
  options,
) => {
  const answer = (await bodyRules(toShipmentBody(values), context, options as never)) as Awaited<
    ReturnType<Resolver<ShipmentValues, unknown, ShipmentBody>>
  >
  if (values.carrier !== '') return answer
  return {
    values: {},
    errors: { ...answer.errors, carrier: { type: 'required', message: messages.required } },
  }
}

/**
 * The order detail's dialog that hands the order to a carrier (CONTRACT 5.5): the carrier by its name, the
 * tracking number when the carrier has given one, the COD to collect in VND (the order's amount while unpaid,
 * else 0), the parcel's weight in grams and a note. A refusal about a field (a tracking number already on
 * another order, `trackingTaken`) shows under it; one about the order (no longer Pending or Processing,
 * `shipmentOrderStatus`; already shipped) above the buttons, while the order loads again. On a phone it fills
 * the screen.
 *
 * @example <ShipmentDialog order={order} opened={creating} onClose={() => setCreating(false)} />
 */
export function ShipmentDialog({
  order,
  opened,
  onClose,
}: {
  order: Order
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const phone = useMedia('(max-width: 576px)')
  // A new form each opening: what was typed and refused before does not linger.
  const [session, setSession] = useState(0)
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setSession((n) => n + 1)}
      title={t('orders.shipment.createTitle', { id: order.id })}
      size="md"
      fullScreen={phone}
      // Mantine's close button is an icon with no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ShipmentForm key={session} order={order} onDone={onClose} />
    </Modal>
  )
}

function ShipmentForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<ShipmentValues, unknown, ShipmentBody>({
    resolver: shipmentResolver,
    defaultValues: {
      carrier: '',
      trackingNumber: '',
      codAmount: defaultCod(order),
      weightGrams: '',
      note: '',
    },
    mode: 'onTouched',
  })
  const { errors } = form.formState
  const create = useCreateShipment({
    onSuccess: () => {
      notify.success(t('orders.shipment.created', { id: order.id }))
      onDone()
    },
    onError: (error) => {
      if (applyServerErrors(error, form.setError, FIELDS)) return
      // A taken tracking number belongs under its field even when the server names no field.
      if (error instanceof ApiError && error.code === 'trackingTaken') {
        form.setError(
          'trackingNumber',
          { type: 'server', message: messageRef('trackingTaken', error.params) },
          { shouldFocus: true },
        )
        return
      }
      setRefusal(errorText(error, { withField: false }))
      // The order moved on meanwhile (shipped, delivered, cancelled): the screen shows it as it is now.
      if (error instanceof ApiError && error.status === 409) void invalidateAfter(queryClient, 'orders')
    },
  })
  const submit = form.handleSubmit(({ trackingNumber, ...body }) => {
    setRefusal(null)
    // The rules make a blank number null ('none'); the call takes none as not sent.
    create.mutate({ params: { id: order.id }, body: { ...body, ...(trackingNumber && { trackingNumber }) } })
  })
  const message = (text: string | undefined) => translateMessage(t, text)
  const separators = amountSeparators(format.language)
  // The unit as every amount of the app writes it: '530,000 VND', '530.000 ₫'.
  const unit = format.money(0).replace(/^0/, '')

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('orders.shipment.carrier')}
          required
          data-autofocus
          data={[
            { value: '', label: t('orders.shipment.chooseCarrier') },
            ...CARRIERS.map((carrier) => ({ value: carrier, label: t(`enums.carrier.${carrier}`) })),
          ]}
          {...form.register('carrier')}
          error={message(errors.carrier?.message)}
        />
        <TextInput
          label={t('orders.shipment.trackingNumber')}
          description={t('orders.shipment.trackingHint')}
          maxLength={MAX_TRACKING_LENGTH}
          autoComplete="off"
          spellCheck={false}
          {...form.register('trackingNumber')}
          error={message(errors.trackingNumber?.message)}
        />
        <Controller
          control={form.control}
          name="codAmount"
          render={({ field }) => (
            <NumberInput
              label={t('orders.shipment.codAmount')}
              description={t('orders.shipment.codHint')}
              allowDecimal={false}
              allowNegative={false}
              {...separators}
              suffix={unit}
              clampBehavior="none"
              hideControls
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message(errors.codAmount?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="weightGrams"
          render={({ field }) => (
            <NumberInput
              label={t('orders.shipment.weight')}
              min={0}
              max={MAX_WEIGHT_GRAMS}
              allowDecimal={false}
              allowNegative={false}
              {...separators}
              clampBehavior="none"
              hideControls
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message(errors.weightGrams?.message)}
            />
          )}
        />
        <GrowingTextarea
          label={t('orders.shipment.note')}
          minRows={2}
          maxLength={500}
          {...form.register('note')}
          error={message(errors.note?.message)}
        />
        {refusal && (
          <Alert color="red" role="alert" p="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('orders.shipment.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
