import { zodResolver } from '@hookform/resolvers/zod'
import { Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core'
import {
  MAX_LINE_QUANTITY,
  messageRef,
  type OrderLine,
  orderLineChange,
  orderLineInput,
  type Product,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { applyServerErrors } from '../../lib/forms.ts'
import { ApiError } from '../../lib/http.ts'
import { invalidateAfter, queryKeys, useApiMutation } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useMedia } from '../../lib/use-media.ts'
import { translateMessage } from '../../lib/validation.ts'
import { amountSeparators } from './new-order-lines.tsx'
import { ProductPicker } from './product-picker.tsx'
import { VariantSelect } from './variant-select.tsx'
import { variantLine, variantPrice } from './variant-text.ts'

/** What the dialog does: add a line to the order, or change one of its lines. */
export type LineTarget = { mode: 'add' } | { mode: 'change'; line: OrderLine }

/** What the form holds: a field left empty is '' (the price then stays the catalogue's, or the line's). */
export interface LineValues {
  productId: string
  /** The variant of a product that has them (CONTRACT 5.4); '' for none. */
  variantId: string
  quantity: number | string
  price: number | string
}

/** What a valid form sends: the contract's `orderLineInput`, or `orderLineChange` without the product. */
interface LineBody {
  productId?: string
  variantId?: string
  quantity: number
  price?: number
}

/** The body the form makes: no product for a change, no variant unless one is chosen, no price when empty. */
export const toLineBody = (mode: LineTarget['mode'], values: LineValues) => ({
  ...(mode === 'add' && { productId: values.productId }),
  ...(mode === 'add' && values.variantId !== '' && { variantId: values.variantId }),
  quantity: values.quantity,
  price: values.price === '' ? undefined : values.price,
})

const addRules = zodResolver(orderLineInput)
const changeRules = zodResolver(orderLineChange)

/**
 * The rules the server applies (the contract's body), checked on the body the form makes, so each message lands
 * on the field of the same name: a product chosen, its variant when it has any (`needsVariant`, as the server's
 * `chooseVariant` says), a quantity of 1 to 10,000, a price in whole VND.
 */
const lineResolver =
  (mode: LineTarget['mode'], needsVariant: () => boolean): Resolver<LineValues, unknown, LineBody> =>
  async (values, context, options) => {
    const body = toLineBody(mode, values)
    const answer = (await (mode === 'add'
      ? addRules({ ...body, productId: values.productId }, context, options as never)
      : changeRules(body, context, options as never))) as Awaited<
      ReturnType<Resolver<LineValues, unknown, LineBody>>
    >
    if (mode === 'change' || values.variantId !== '' || !needsVariant()) return answer
    const errors: FieldErrors<LineValues> = {
      ...answer.errors,
      variantId: { type: 'required', message: messageRef('chooseVariant') },
    }
    return { values: {}, errors }
  }

/**
 * The order detail's dialog to add a line (a product found by name with its price and stock, then its variant
 * when it has any, CONTRACT 5.4, whose price and stock it shows instead; a quantity and a price that is the
 * catalogue's unless given) or change one (its quantity and price, filled in, its variant named above them). Saved, it
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
  const phone = useMedia('(max-width: 576px)')
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
  const [product, setProduct] = useState<Product | null>(null)
  // The resolver is made once with the form; it reads the product chosen since through this.
  const chosenProduct = useRef<Product | null>(null)
  chosenProduct.current = product
  const form = useForm<LineValues, unknown, LineBody>({
    resolver: lineResolver(target.mode, () => (chosenProduct.current?.variants.length ?? 0) > 0),
    defaultValues: line
      ? {
          productId: line.product.id,
          variantId: line.variant?.id ?? '',
          quantity: line.quantity,
          price: line.price,
        }
      : { productId: '', variantId: '', quantity: 1, price: '' },
    mode: 'onTouched',
  })
  const { control, setValue, setFocus, clearErrors } = form
  const { errors } = form.formState
  /** Where the focus goes once the form has re-rendered after a choice, so it never drops to the page. */
  const focusNext = useRef<'quantity' | 'variantId' | 'search' | null>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const productErrorId = useId()

  useEffect(() => {
    const next = focusNext.current
    if (next === null) return
    focusNext.current = null
    if (next === 'search') searchInput.current?.focus()
    else setFocus(next)
  })

  const fields =
    target.mode === 'add'
      ? (['productId', 'variantId', 'quantity', 'price'] as const)
      : (['quantity', 'price'] as const)
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
    setValue('variantId', '', { shouldDirty: true })
    clearErrors(['productId', 'variantId'])
    // A product with variants asks which one next; the keyboard goes there.
    focusNext.current = picked.variants.length > 0 ? 'variantId' : 'quantity'
  }
  const unchoose = () => {
    setProduct(null)
    setValue('productId', '', { shouldDirty: true })
    setValue('variantId', '', { shouldDirty: true })
    clearErrors('variantId')
    focusNext.current = 'search'
  }

  const [quantity, price, variantId] = useWatch({ control, name: ['quantity', 'price', 'variantId'] })
  const variant = product?.variants.find((v) => v.id === variantId)
  // The price a line gets when none is given: the line's own, the variant's, else the product's.
  const basePrice =
    line?.price ?? (product ? (variant ? variantPrice(variant, product.price) : product.price) : undefined)
  const unitPrice = price === '' ? basePrice : Number(price)
  const units = Number(quantity)
  const lineTotal =
    unitPrice !== undefined && Number.isInteger(unitPrice) && Number.isInteger(units) && units > 0
      ? unitPrice * units
      : null
  const message = (text: string | undefined) => translateMessage(t, text)
  const productError = message(errors.productId?.message)
  // The chosen variant's price and stock, once there is one: those are what the line gets and takes from.
  const offered = product && {
    price: variant ? variantPrice(variant, product.price) : product.price,
    stock: variant ? variant.quantity : product.quantity,
  }
  const separators = amountSeparators(format.language)
  const saving = add.isPending || change.isPending

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {line?.variant && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {variantLine(line.variant)}
          </Text>
        )}
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
                {variant && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {variantLine(variant)}
                  </Text>
                )}
                {offered && (
                  <Text size="sm" c="dimmed">
                    {t('newOrder.lines.offer', {
                      price: format.money(offered.price),
                      stock: t('newOrder.lines.stock', { stock: format.count(offered.stock) }),
                    })}
                  </Text>
                )}
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
        {target.mode === 'add' && product !== null && product.variants.length > 0 && (
          <Controller
            control={control}
            name="variantId"
            render={({ field }) => (
              <VariantSelect
                label={t('orders.variant.label')}
                variants={product.variants}
                productPrice={product.price}
                required
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={message(errors.variantId?.message)}
              />
            )}
          />
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
