import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import {
  MAX_LINE_QUANTITY,
  type OrderLine,
  orderLineChange,
  orderLineInput,
  type Product,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'
import { invalidateAfter, queryKeys, useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { translateMessage } from '../../lib/validation.ts'
import { amountSeparators } from './new-order-lines.tsx'
import { ProductPicker } from './product-picker.tsx'

/** What the dialog does: add a line to the order, or change one of its lines. */
export type LineTarget = { mode: 'add' } | { mode: 'change'; line: OrderLine }

/** What the form holds: a field left empty is '' (the price then stays the catalogue's, or the line's). */
export interface LineValues {
  productId: string
  quantity: number | string
  price: number | string
}

/** What a valid form sends: the contract's `orderLineInput`, or `orderLineChange` without the product. */
interface LineBody {
  productId?: string
  quantity: number
  price?: number
}

/** The body the form makes: no product for a change, and no price when the field is empty. */
export const toLineBody = (mode: LineTarget['mode'], values: LineValues) => ({
  ...(mode === 'add' && { productId: values.productId }),
  quantity: values.quantity,
  price: values.price === '' ? undefined : values.price,
})

const addRules = zodResolver(orderLineInput)
const changeRules = zodResolver(orderLineChange)

/**
 * The rules the server applies (the contract's body), checked on the body the form makes, so each message lands
 * on the field of the same name: a product chosen, a quantity of 1 to 10,000, a price in whole VND.
 */
const lineResolver =
  (mode: LineTarget['mode']): Resolver<LineValues, unknown, LineBody> =>
  (values, context, options) => {
    const body = toLineBody(mode, values)
    const answer =
      mode === 'add'
        ? addRules({ ...body, productId: values.productId }, context, options as never)
        : changeRules(body, context, options as never)
    return answer as ReturnType<Resolver<LineValues, unknown, LineBody>>
  }

/**
 * The order detail's dialog to add a line (a product found by name with its price and stock, a quantity and a
 * price that is the catalogue's unless given) or change one (its quantity and price, filled in). Saved, it
 * closes and toasts; the order, its lines and its timeline load again, as the server recomputed them. A line
 * short of stock says how many are left under the quantity; any other refusal about a field shows under it.
 * On a phone it fills the screen.
 *
 * @example <OrderLineDialog orderId="12" target={{ mode: 'add' }} opened onClose={close} />
 */
export function OrderLineDialog({
  orderId,
  target,
  session = 0,
  opened,
  onClose,
}: {
  orderId: string
  /** Kept while the dialog fades out, so its content does not vanish first. */
  target: LineTarget | null
  /** A new number for each opening: the form starts afresh even when opened again while it fades out. */
  session?: number
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 576px)', false) ?? false
  const title =
    target?.mode === 'change'
      ? t('orders.lineForm.changeTitle', { name: target.line.product.name })
      : t('orders.lineForm.addTitle', { id: orderId })
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="md"
      fullScreen={phone}
      // Mantine's close button is an icon with no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target && <LineForm key={session} orderId={orderId} target={target} onDone={onClose} />}
    </Modal>
  )
}

function LineForm({ orderId, target, onDone }: { orderId: string; target: LineTarget; onDone: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const queryClient = useQueryClient()
  const line = target.mode === 'change' ? target.line : null
  const form = useForm<LineValues, unknown, LineBody>({
    resolver: lineResolver(target.mode),
    defaultValues: line
      ? { productId: line.product.id, quantity: line.quantity, price: line.price }
      : { productId: '', quantity: 1, price: '' },
    mode: 'onTouched',
  })
  const { control, setValue, setFocus, clearErrors } = form
  const { errors } = form.formState
  const [product, setProduct] = useState<Product | null>(null)
  /** Where the focus goes once the form has re-rendered after a choice, so it never drops to the page. */
  const focusNext = useRef<'quantity' | 'search' | null>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const productErrorId = useId()

  useEffect(() => {
    const next = focusNext.current
    if (next === null) return
    focusNext.current = null
    if (next === 'search') searchInput.current?.focus()
    else setFocus('quantity')
  })

  const fields =
    target.mode === 'add' ? (['productId', 'quantity', 'price'] as const) : (['quantity', 'price'] as const)
  const onError = (error: Error) => {
    if (applyServerErrors(error, form.setError, fields)) return
    notify.error(error)
    // The order moved on meanwhile (delivered, cancelled, the line deleted): the screen loads it again, and the
    // dialog closes over a form that no longer applies.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      void invalidateAfter(queryClient, 'orders')
      onDone()
    }
  }
  const onSaved = (message: string) => {
    notify.success(message)
    // The line took or gave back stock: the products' stock shown anywhere, the next search too, is stale.
    void queryClient.invalidateQueries({ queryKey: queryKeys.all('products'), refetchType: 'none' })
    onDone()
  }
  // A refusal shows on the form (or is toasted above), not also by the mutation cache.
  const add = useApiMutation(endpoints.orders.addLine, {
    meta: { silent: true },
    onError,
    onSuccess: ({ data }) => onSaved(t('orders.lineForm.added', { name: data.product.name })),
  })
  const change = useApiMutation(endpoints.orders.changeLine, {
    meta: { silent: true },
    onError,
    onSuccess: ({ data }) => onSaved(t('orders.lineForm.changed', { name: data.product.name })),
  })
  const submit = form.handleSubmit((body) => {
    if (line)
      change.mutate({
        params: { orderId, id: line.id },
        body: { quantity: body.quantity, price: body.price },
      })
    else add.mutate({ params: { id: orderId }, body: { ...body, productId: body.productId ?? '' } })
  })

  const choose = (picked: Product) => {
    setProduct(picked)
    setValue('productId', picked.id, { shouldDirty: true })
    clearErrors('productId')
    focusNext.current = 'quantity'
  }
  const unchoose = () => {
    setProduct(null)
    setValue('productId', '', { shouldDirty: true })
    focusNext.current = 'search'
  }

  const [quantity, price] = useWatch({ control, name: ['quantity', 'price'] })
  const basePrice = line?.price ?? product?.price
  const unitPrice = price === '' ? basePrice : Number(price)
  const units = Number(quantity)
  const lineTotal =
    unitPrice !== undefined && Number.isInteger(unitPrice) && Number.isInteger(units) && units > 0
      ? unitPrice * units
      : null
  const message = (text: string | undefined) => translateMessage(t, text)
  const productError = message(errors.productId?.message)
  const separators = amountSeparators(format.language)
  const saving = add.isPending || change.isPending

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {target.mode === 'add' && product === null && (
          <ProductPicker
            label={t('orders.lineForm.product')}
            description={t('orders.lineForm.productHint')}
            inputRef={searchInput}
            autofocus
            onPick={choose}
            error={productError}
          />
        )}
        {target.mode === 'add' && product !== null && (
          <Paper
            withBorder
            p="sm"
            radius="md"
            role="group"
            aria-label={t('orders.lineForm.chosen')}
            aria-describedby={productError ? productErrorId : undefined}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {product.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('newOrder.lines.offer', {
                    price: format.money(product.price),
                    stock: t('newOrder.lines.stock', { stock: format.count(product.quantity) }),
                  })}
                </Text>
              </div>
              <Button variant="default" onClick={unchoose}>
                {t('orders.lineForm.changeProduct')}
              </Button>
            </Group>
            {productError && (
              <Text id={productErrorId} size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
                {productError}
              </Text>
            )}
          </Paper>
        )}
        <Controller
          control={control}
          name="quantity"
          render={({ field }) => (
            <NumberInput
              label={t('orders.lineForm.quantity')}
              required
              min={1}
              max={MAX_LINE_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              data-autofocus={target.mode === 'change' || undefined}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message(errors.quantity?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <NumberInput
              label={t('orders.lineForm.price')}
              description={
                line
                  ? t('orders.lineForm.keepHint', { price: format.money(line.price) })
                  : t('orders.lineForm.catalogueHint')
              }
              placeholder={basePrice !== undefined ? format.money(basePrice) : undefined}
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
              error={message(errors.price?.message)}
            />
          )}
        />
        {lineTotal !== null && (
          <Text size="sm" fw={500}>
            {t('orders.lineForm.lineTotal', { amount: format.money(lineTotal) })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
