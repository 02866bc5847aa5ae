import { zodResolver } from '@hookform/resolvers/zod'
import { NativeSelect, NumberInput, SimpleGrid, Stack } from '@mantine/core'
import {
  isOrderOpen,
  messages,
  type Order,
  type OrderBody,
  orderBody,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentKind,
  STATUS_MOVES,
} from '@store/contract'
import { Controller, type FieldErrors, type Resolver, set, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { type AddressFieldError, AddressPicker, addressErrors } from '../../components/address-picker.tsx'
import { toAddressValue, unchosenUnits } from '../../components/address-value.ts'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { placeRenamed } from '../../lib/forms.ts'
import { translateMessage } from '../../lib/validation.ts'

export type OrderFormValues = z.input<typeof orderBody>
type OrderField = keyof OrderFormValues

/** The form before the order has loaded. */
export const emptyOrderForm: OrderFormValues = {
  address: '',
  amount: '',
  quantity: '',
  status: '',
  customerNote: '',
  methodPayment: PAYMENT_METHODS.unpaid,
  paymentStatus: 'unpaid',
}

const bodyResolver = zodResolver(orderBody) as Resolver<OrderFormValues, unknown, OrderBody>

/**
 * The edit-order rules: the contract's `orderBody`, the same the server applies; and, for an address by the
 * units, a province and ward not chosen yet said to be required (the body's rule would call an empty code
 * malformed).
 */
export const orderResolver: Resolver<OrderFormValues, unknown, OrderBody> = async (
  values,
  context,
  options,
) => {
  const result = await bodyResolver(values, context, options)
  const missing = unchosenUnits(values.address)
  if (missing.length === 0) return result
  const errors: FieldErrors<OrderFormValues> = { ...result.errors }
  for (const unit of missing) set(errors, `address.${unit}`, { type: 'required', message: messages.required })
  return { values: {}, errors }
}

/**
 * A refusal of the save, on its fields: the server names an unknown code `address.wardCode` or
 * `address.provinceCode`, each shown on its own field of the picker rather than on the whole address.
 */
export const placeOrderRefusal = placeRenamed<OrderFormValues>({
  'address.street': 'address.street',
  'address.wardCode': 'address.wardCode',
  'address.provinceCode': 'address.provinceCode',
})

const KNOWN_PAYMENT_CODES: string[] = Object.values(PAYMENT_METHODS)

/**
 * The form's starting values: the order as loaded, with codes as the selects' text values, and its address by
 * the 2025 units when it has them, else as its text. A status move sends them as they are (`statusMoveInput`).
 */
export const orderFormValues = (order: Order): OrderFormValues => ({
  address: toAddressValue(order.addressParts, order.address),
  amount: order.amount,
  quantity: order.quantity,
  status: String(order.status),
  customerNote: order.customerNote,
  methodPayment: order.methodPayment === '' ? PAYMENT_METHODS.unpaid : order.methodPayment,
  paymentStatus: order.paymentStatus,
})

/**
 * The edit-order fields: address (required; by the 2025 units, or free text for one written before them), amount and quantity (whole numbers of 0 or more), the status, an
 * optional customer note, the payment method and the payment status. The rules are the contract's `orderBody`,
 * the same the server applies. `order` is the loaded order: the status select offers it (marked as current)
 * and only the moves `STATUS_MOVES` allows from it (CONTRACT 4.5); a delivered or cancelled order's amount and
 * quantity are disabled, and say why; a payment code the select does not list is kept.
 *
 * @example <OrderFields form={edit.form} order={edit.record} />
 */
export function OrderFields({
  form,
  order,
}: {
  form: UseFormReturn<OrderFormValues, unknown, unknown>
  order: Order | undefined
}) {
  const { t } = useTranslation()
  const { register, control } = form
  const { errors } = form.formState
  const message = (field: OrderField) => translateMessage(t, errors[field]?.message)

  // Until the order is there, no status is offered: the form waits under its loading overlay.
  const current = order?.status
  const statusName = current === undefined ? '' : t(`enums.orderStatus.${current}`)
  const statusOptions =
    current === undefined
      ? []
      : [
          { value: String(current), label: t('orders.currentStatus', { status: statusName }) },
          ...STATUS_MOVES[current].map((status) => ({
            value: String(status),
            label: t(`enums.orderStatus.${status}`),
          })),
        ]
  const final = current !== undefined && STATUS_MOVES[current].length === 0
  // Amount and quantity change only while the order is open; sent unchanged, the server keeps them as they are.
  const locked = current !== undefined && !isOrderOpen(current)
  const figureNote = (byHand: boolean | undefined) =>
    locked
      ? t('orders.figuresLocked', { status: statusName })
      : byHand
        ? t('orders.figuresByHand')
        : t('orders.figuresFollow')
  const paymentStatusOptions = PAYMENT_STATUSES.map((status) => ({
    value: status,
    label: t(`enums.paymentStatus.${status}`),
  }))
  const paymentOptions: { value: string; label: string }[] = Object.entries(PAYMENT_METHODS).map(
    ([kind, code]) => ({
      value: code,
      label: t(`enums.payment.${kind as keyof typeof PAYMENT_METHODS}`),
    }),
  )
  // A code the store used that the select does not list (any digit but 0-3 means PayPal) stays as it was.
  if (order?.methodPayment && !KNOWN_PAYMENT_CODES.includes(order.methodPayment)) {
    paymentOptions.push({
      value: order.methodPayment,
      label:
        paymentKind(order.methodPayment) === 'paypal'
          ? t('orders.otherPayment', { code: order.methodPayment })
          : order.methodPayment,
    })
  }

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="address"
        render={({ field }) => (
          <AddressPicker
            label={t('orders.fields.address')}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={addressErrors(
              errors.address as AddressFieldError | undefined,
              typeof field.value === 'string',
              (text) => translateMessage(t, text),
            )}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              label={t('orders.fields.amount')}
              required
              allowDecimal={false}
              thousandSeparator=","
              clampBehavior="none"
              rightSection="VND"
              rightSectionWidth={48}
              hideControls
              disabled={locked}
              description={order && figureNote(order.amountByHand)}
              name={field.name}
              ref={field.ref}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message('amount')}
            />
          )}
        />
        <Controller
          control={control}
          name="quantity"
          render={({ field }) => (
            <NumberInput
              label={t('orders.fields.quantity')}
              required
              allowDecimal={false}
              clampBehavior="none"
              disabled={locked}
              description={order && figureNote(order.quantityByHand)}
              name={field.name}
              ref={field.ref}
              value={field.value as number | string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message('quantity')}
            />
          )}
        />
        <NativeSelect
          label={t('orders.fields.status')}
          required
          data={statusOptions}
          description={final ? t('orders.statusFinal', { status: statusName }) : undefined}
          error={message('status')}
          {...register('status')}
        />
        <NativeSelect
          label={t('orders.fields.methodPayment')}
          data={paymentOptions}
          error={message('methodPayment')}
          {...register('methodPayment')}
        />
        <NativeSelect
          label={t('orders.fields.paymentStatus')}
          data={paymentStatusOptions}
          error={message('paymentStatus')}
          {...register('paymentStatus')}
        />
      </SimpleGrid>
      <GrowingTextarea
        label={t('orders.fields.customerNote')}
        minRows={2}
        error={message('customerNote')}
        {...register('customerNote')}
      />
    </Stack>
  )
}
