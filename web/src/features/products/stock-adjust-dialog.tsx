import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Modal, NativeSelect, NumberInput, Stack } from '@mantine/core'
import {
  MAX_PRODUCT_QUANTITY,
  MAX_STOCK_NOTE_LENGTH,
  messageRef,
  type ProductVariant,
  STOCK_ADJUSTMENT_REASONS,
  type StockAdjustmentBody,
  type StockAdjustmentReason,
  type StockMovement,
  stockAdjustmentBody,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useEffect } from 'react'
import { Controller, type Path, type Resolver, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'

/** What the adjustment form holds while it is filled: number inputs hold '' until something is typed. */
export interface StockFormValues {
  /** The variant whose stock changes, for a product with variants; '' until one is chosen. */
  variantId: string
  reason: StockAdjustmentReason
  /** The units as typed; for damaged and lost a positive number, which the form sends as a take (below 0). */
  delta: number | string
  /** The stock counted on the shelf, for a count. */
  quantity: number | string
  note: string
}

export const emptyStockForm: StockFormValues = {
  variantId: '',
  reason: 'received',
  delta: '',
  quantity: '',
  note: '',
}

/**
 * Reasons that only ever take units away. People count damaged or lost units as they count received ones, so
 * the field takes a positive number and the sign is the form's business, not theirs.
 */
const TAKES: ReadonlySet<StockAdjustmentReason> = new Set(['damaged', 'lost'])

const typed = (value: number | string): number | undefined => (value === '' ? undefined : Number(value))

/**
 * The contract's body from the form: a count sends the counted stock, every other reason its change, negated
 * for damaged and lost. Nothing typed is left out, so the contract's rule says the field is required.
 */
export function toStockBody(values: StockFormValues) {
  const note = values.note.trim() === '' ? {} : { note: values.note }
  const variant = values.variantId ? { variantId: values.variantId } : {}
  if (values.reason === 'count')
    return { ...variant, reason: values.reason, quantity: typed(values.quantity), ...note }
  const units = typed(values.delta)
  const delta = units !== undefined && TAKES.has(values.reason) ? -units : units
  return { ...variant, reason: values.reason, delta, ...note }
}

const checkBody = zodResolver(stockAdjustmentBody) as unknown as Resolver<
  ReturnType<typeof toStockBody>,
  unknown,
  StockAdjustmentBody
>

/**
 * The contract's `stockAdjustmentBody`, the rule the server checks with, run on the body the form would send:
 * its messages name `delta`, `quantity` and `note`, which are the form's own fields.
 */
export const stockResolver: Resolver<StockFormValues, unknown, StockAdjustmentBody> = (
  values,
  context,
  options,
) => checkBody(toStockBody(values), context, options as never) as never

/**
 * `stockResolver` for a product with variants: the variant is required too, with the message the server gives
 * when it is missing (`chooseVariant`), so it is said before the adjustment is sent rather than after.
 */
export const variantStockResolver: Resolver<StockFormValues, unknown, StockAdjustmentBody> = async (
  values,
  context,
  options,
) => {
  const result = await stockResolver(values, context, options)
  if (values.variantId !== '') return result
  const chooseVariant = { type: 'custom', message: messageRef('chooseVariant') }
  return { values: {}, errors: { ...result.errors, variantId: chooseVariant } } as never
}

/** A variant as the dialog's select names it: its SKU, its size and colour, and its stock. */
export function useVariantLabel() {
  const { t } = useTranslation()
  const format = useFormat()
  return (variant: ProductVariant) => {
    const detail = [variant.size, variant.color].filter(Boolean).join(' / ')
    const quantity = format.count(variant.quantity)
    return detail
      ? t('products.stock.variantOption', { sku: variant.sku, detail, quantity })
      : t('products.stock.variantOptionPlain', { sku: variant.sku, quantity })
  }
}

/**
 * The hand adjustment of a product's stock (CONTRACT 5.3) in a dialog: for a product with variants the variant
 * (CONTRACT 5.4), a reason, the change (or for a count the stock counted) and a note. A refusal shows next to the field it names, a take larger than the stock
 * (409 `stockLeft`) next to the change. Once saved the dialog closes, toasts, and everything cached about
 * products loads again (the movements and the product); `onAdjusted` gets the movement written.
 *
 * @example <StockAdjustDialog productId={id} opened={open} onClose={close} onAdjusted={(m) => …} />
 */
export function StockAdjustDialog({
  productId,
  variants = [],
  opened,
  onClose,
  onAdjusted,
}: {
  productId: string
  /** The product's variants: with any, the adjustment is of one of them, chosen first. */
  variants?: ProductVariant[]
  opened: boolean
  onClose: () => void
  onAdjusted: (movement: StockMovement) => void
}) {
  const { t } = useTranslation()
  const variantLabel = useVariantLabel()
  const byVariant = variants.length > 0
  const form = useForm<StockFormValues, unknown, StockAdjustmentBody>({
    resolver: byVariant ? variantStockResolver : stockResolver,
    defaultValues: emptyStockForm,
    mode: 'onTouched',
  })
  const { control, register } = form
  const { errors } = form.formState
  const reason = useWatch({ control, name: 'reason' })
  const message = (text: string | undefined) => translateMessage(t, text)

  // Every opening starts empty, rather than every closing: closing gives the focus back to the button that opened the
  // dialog, and the field it leaves would be checked as it blurs, after a reset, leaving a message for next time.
  const { reset } = form
  useEffect(() => {
    if (opened) reset(emptyStockForm)
  }, [opened, reset])

  const adjust = useApiMutation(endpoints.products.adjustStock, {
    meta: { silent: true },
    onError: (error) => {
      const amount = form.getValues('reason') === 'count' ? 'quantity' : 'delta'
      const fields: Path<StockFormValues>[] = ['variantId', 'reason', amount, 'note']
      if (!applyServerErrors(error, form.setError, fields)) notify.error(error)
    },
    onSuccess: ({ data }) => {
      const variant = variants.find((v) => v.id === data.variantId)
      notify.success(
        variant
          ? t('products.stock.adjustedVariant', { sku: variant.sku, quantity: data.after })
          : t('products.stock.adjusted', { quantity: data.after }),
      )
      onClose()
      onAdjusted(data)
    },
  })

  // While the adjustment is on its way the dialog stays: its answer, a refusal included, is shown in it.
  const close = () => {
    if (!adjust.isPending) onClose()
  }

  const variantOptions = [
    { value: '', label: t('common.select') },
    ...variants.map((variant) => ({ value: variant.id, label: variantLabel(variant) })),
  ]

  const numberProps = {
    required: true,
    allowDecimal: false,
    max: MAX_PRODUCT_QUANTITY,
    clampBehavior: 'strict' as const,
    inputMode: 'numeric' as const,
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('products.stock.adjust')}
      centered
      // Mantine's close button is an icon with no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={t('products.stock.adjust')}
        onSubmit={form.handleSubmit((body) => adjust.mutate({ params: { id: productId }, body }))}
      >
        <Stack gap="md">
          {byVariant && (
            <NativeSelect
              label={t('products.stock.fields.variant')}
              description={t('products.stock.hints.variant')}
              required
              data-autofocus
              data={variantOptions}
              {...register('variantId')}
              error={message(errors.variantId?.message)}
            />
          )}
          <NativeSelect
            label={t('products.stock.fields.reason')}
            required
            data-autofocus={byVariant ? undefined : true}
            data={STOCK_ADJUSTMENT_REASONS.map((value) => ({
              value,
              label: t(`enums.stockReason.${value}`),
            }))}
            {...register('reason', {
              // A message about the other reason's amount would be about a number no longer asked for.
              onChange: () => form.clearErrors(['delta', 'quantity']),
            })}
            error={message(errors.reason?.message)}
          />
          {reason === 'count' ? (
            <Controller
              control={control}
              name="quantity"
              render={({ field }) => (
                <NumberInput
                  {...numberProps}
                  label={t('products.stock.fields.quantity')}
                  description={t('products.stock.hints.count')}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  allowNegative={false}
                  min={0}
                  error={message(errors.quantity?.message)}
                />
              )}
            />
          ) : (
            <Controller
              control={control}
              name="delta"
              render={({ field }) => (
                <NumberInput
                  {...numberProps}
                  label={t('products.stock.fields.delta')}
                  description={t(`products.stock.hints.${reason}`)}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  // Only 'other' goes either way; the rest take a count of units, signed by the reason.
                  allowNegative={reason === 'other'}
                  min={reason === 'other' ? -MAX_PRODUCT_QUANTITY : 0}
                  error={message(errors.delta?.message)}
                />
              )}
            />
          )}
          <GrowingTextarea
            label={t('products.stock.fields.note')}
            description={t('products.stock.hints.note', { max: MAX_STOCK_NOTE_LENGTH })}
            minRows={2}
            maxRows={6}
            {...register('note')}
            error={message(errors.note?.message)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {t('products.stock.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
