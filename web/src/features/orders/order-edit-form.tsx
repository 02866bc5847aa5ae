import { zodResolver } from '@hookform/resolvers/zod'
import { NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Textarea } from '@mantine/core'
import {
  ORDER_STATUSES,
  type Order,
  type OrderBody,
  orderBody,
  PAYMENT_METHODS,
  paymentKind,
} from '@store/contract'
import { Controller, type UseFormSetError, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormButtons } from '../../components/form-buttons.tsx'
import { paths } from '../../lib/paths.ts'
import { translateMessage } from '../../lib/validation.ts'

export type OrderFormValues = z.input<typeof orderBody>
export const ORDER_FORM_FIELDS = [
  'address',
  'amount',
  'quantity',
  'status',
  'customerNote',
  'methodPayment',
] as const

const KNOWN_PAYMENT_CODES: string[] = Object.values(PAYMENT_METHODS)

/** The form's starting values: the order as loaded, with codes as the selects' text values. */
export const orderFormValues = (order: Order): OrderFormValues => ({
  address: order.address,
  amount: order.amount,
  quantity: order.quantity,
  status: String(order.status),
  customerNote: order.customerNote,
  methodPayment: order.methodPayment === '' ? PAYMENT_METHODS.unpaid : order.methodPayment,
})

/**
 * The edit-order form: address (required), amount and quantity (whole numbers of 0 or more), one of the four
 * statuses, an optional customer note and the payment method. The rules are the contract's `orderBody`, the
 * same the server applies, checked as each field is left and then on every change.
 *
 * @example <OrderEditForm order={order} busy={save.isPending} onSubmit={(values, setError) => save.mutate(values)} />
 */
export function OrderEditForm({
  order,
  busy = false,
  onSubmit,
}: {
  order: Order
  busy?: boolean
  onSubmit: (values: OrderBody, setError: UseFormSetError<OrderFormValues>) => void
}) {
  const { t } = useTranslation()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OrderFormValues, unknown, OrderBody>({
    resolver: zodResolver(orderBody),
    defaultValues: orderFormValues(order),
    mode: 'onTouched',
  })
  const message = (field: (typeof ORDER_FORM_FIELDS)[number]) => translateMessage(t, errors[field]?.message)

  const statusOptions = ORDER_STATUSES.map((status) => ({
    value: String(status),
    label: t(`enums.orderStatus.${status}`),
  }))
  const paymentOptions: { value: string; label: string }[] = Object.entries(PAYMENT_METHODS).map(
    ([kind, code]) => ({
      value: code,
      label: t(`enums.payment.${kind as keyof typeof PAYMENT_METHODS}`),
    }),
  )
  // A code the store used that the select does not list (any digit but 0-3 means PayPal) stays as it was.
  if (order.methodPayment && !KNOWN_PAYMENT_CODES.includes(order.methodPayment)) {
    paymentOptions.push({
      value: order.methodPayment,
      label:
        paymentKind(order.methodPayment) === 'paypal'
          ? t('orders.otherPayment', { code: order.methodPayment })
          : order.methodPayment,
    })
  }

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
        <Stack gap="md">
          <Textarea
            label={t('orders.fields.address')}
            required
            autosize
            minRows={2}
            error={message('address')}
            {...register('address')}
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
              error={message('status')}
              {...register('status')}
            />
            <NativeSelect
              label={t('orders.fields.methodPayment')}
              data={paymentOptions}
              error={message('methodPayment')}
              {...register('methodPayment')}
            />
          </SimpleGrid>
          <Textarea
            label={t('orders.fields.customerNote')}
            autosize
            minRows={2}
            error={message('customerNote')}
            {...register('customerNote')}
          />
          <FormButtons cancelTo={paths.orders} saving={busy} />
        </Stack>
      </form>
    </Paper>
  )
}
