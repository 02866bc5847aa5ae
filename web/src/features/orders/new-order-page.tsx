import { NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  type AddressParts,
  type NewOrderBody,
  ORDER_SOURCES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { Controller, type FieldError, type Path, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AddressPicker } from '../../components/address-picker.tsx'
import { EditScreen } from '../../components/edit-screen.tsx'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts'
import { translateMessage } from '../../lib/validation.ts'
import { CustomerPart } from './new-order-customer.tsx'
import {
  emptyNewOrder,
  type NewOrderValues,
  newOrderFields,
  newOrderResolver,
  newOrderTotals,
} from './new-order-form.ts'
import { amountSeparators, LinesPart } from './new-order-lines.tsx'

type AddressErrors = FieldError & { [K in keyof AddressParts]?: FieldError }

/**
 * New order (/admin/order/new, CONTRACT 5.1): an order staff take by phone, chat or at the counter. From top to
 * bottom, as the tab order goes: the customer (found by name or phone, or a new one), where the order came from,
 * the payment, the customer's note, the shipping address by the 2025 units, the products, and the shipping fee
 * and discount with the totals as the server will save them. Saved, it toasts and opens the new order's detail;
 * a refusal shows on its fields, a line short of stock on its line.
 */
export function NewOrderPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const form = useForm<NewOrderValues, unknown, NewOrderBody>({
    resolver: newOrderResolver,
    defaultValues: emptyNewOrder,
    mode: 'onTouched',
  })
  const { register, control, getValues } = form
  const { errors } = form.formState
  const guard = useUnsavedChanges(form.formState.isDirty)

  const save = useApiMutation(endpoints.orders.create, {
    meta: { silent: true },
    // The screen leaves for the new order, which loads afresh.
    refetch: 'none',
    onError: (error) => {
      const fields = newOrderFields(getValues('lines').length) as unknown as Path<NewOrderValues>[]
      if (!applyServerErrors(error, form.setError, fields)) notify.error(error)
    },
    onSuccess: ({ data }) => {
      notify.success(t('newOrder.created', { id: data.id }))
      guard.release()
      navigate(paths.orderDetail(data.id))
    },
  })

  const [lines, shippingFee, discountPercent, address] = useWatch({
    control,
    name: ['lines', 'shippingFee', 'discountPercent', 'address'],
  })
  const totals = newOrderTotals({ lines, shippingFee, discountPercent })
  const message = (text: string | undefined) => translateMessage(t, text)
  const addressErrors = errors.address as AddressErrors | undefined
  const separators = amountSeparators(format.language)
  const title = t('newOrder.title')

  return (
    <EditScreen
      title={title}
      crumbs={[{ label: t('orders.crumbs.list'), to: paths.orders }, { label: title }]}
      edit={{
        loading: false,
        saving: save.isPending,
        submit: form.handleSubmit((body) => save.mutate({ body })),
        back: paths.orders,
        guard,
      }}
    >
      <Stack gap="xl">
        <CustomerPart form={form} />

        <Stack component="section" gap="sm" aria-labelledby="new-order-details">
          <Title order={2} fz="lg" id="new-order-details">
            {t('newOrder.details.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <NativeSelect
              label={t('newOrder.details.source')}
              required
              data={ORDER_SOURCES.map((source) => ({
                value: source,
                label: t(`enums.orderSource.${source}`),
              }))}
              error={message(errors.source?.message)}
              {...register('source')}
            />
            <NativeSelect
              label={t('newOrder.details.methodPayment')}
              data={Object.entries(PAYMENT_METHODS).map(([kind, code]) => ({
                value: code,
                label: t(`enums.payment.${kind as keyof typeof PAYMENT_METHODS}`),
              }))}
              error={message(errors.methodPayment?.message)}
              {...register('methodPayment')}
            />
            <NativeSelect
              label={t('newOrder.details.paymentStatus')}
              data={[
                { value: '', label: t('newOrder.details.paymentStatusDefault') },
                ...PAYMENT_STATUSES.map((status) => ({
                  value: status,
                  label: t(`enums.paymentStatus.${status}`),
                })),
              ]}
              error={message(errors.paymentStatus?.message)}
              {...register('paymentStatus')}
            />
          </SimpleGrid>
          <GrowingTextarea
            label={t('newOrder.details.customerNote')}
            minRows={2}
            error={message(errors.customerNote?.message)}
            {...register('customerNote')}
          />
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="new-order-address">
          <Title order={2} fz="lg" id="new-order-address">
            {t('newOrder.address')}
          </Title>
          <Controller
            control={control}
            name="address"
            render={({ field }) => (
              <AddressPicker
                label={t('newOrder.address')}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                errors={{
                  text: message(addressErrors?.message),
                  street: message(
                    addressErrors?.street?.message ??
                      (typeof address === 'string' ? undefined : addressErrors?.message),
                  ),
                  wardCode: message(addressErrors?.wardCode?.message),
                  provinceCode: message(addressErrors?.provinceCode?.message),
                }}
              />
            )}
          />
        </Stack>

        <LinesPart form={form} />

        <Stack component="section" gap="sm" aria-labelledby="new-order-totals">
          <Title order={2} fz="lg" id="new-order-totals">
            {t('newOrder.totals.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Controller
              control={control}
              name="shippingFee"
              render={({ field }) => (
                <NumberInput
                  label={t('newOrder.totals.shippingFee')}
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
                  error={message(errors.shippingFee?.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="discountPercent"
              render={({ field }) => (
                <NumberInput
                  label={t('newOrder.totals.discountPercent')}
                  allowDecimal={false}
                  allowNegative={false}
                  min={0}
                  max={100}
                  clampBehavior="none"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={message(errors.discountPercent?.message)}
                />
              )}
            />
          </SimpleGrid>
          <Totals totals={totals} />
        </Stack>
      </Stack>
    </EditScreen>
  )
}

/** The order's figures as the server will save them, as a list of terms and amounts. */
function Totals({ totals }: { totals: ReturnType<typeof newOrderTotals> }) {
  const { t } = useTranslation()
  const rows: [string, number, boolean?][] = [
    [t('newOrder.totals.subtotal'), totals.subtotal],
    [t('newOrder.totals.discount', { percent: totals.discountPercent }), -totals.discount],
    [t('newOrder.totals.shipping'), totals.shippingFee],
    [t('newOrder.totals.total'), totals.total, true],
  ]
  return (
    <Stack gap={4} maw={{ sm: 420 }} ml={{ sm: 'auto' }} w="100%">
      <Text size="sm" c="dimmed">
        {t('newOrder.totals.note')}
      </Text>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 4, columnGap: 16 }}>
        {rows.map(([term, amount, strong]) => (
          <div key={term} style={{ display: 'contents' }}>
            <Text component="dt" fw={strong ? 700 : undefined}>
              {term}
            </Text>
            <Text component="dd" m={0} ta="right" fw={strong ? 700 : undefined}>
              <Money amount={amount} />
            </Text>
          </div>
        ))}
      </dl>
    </Stack>
  )
}
