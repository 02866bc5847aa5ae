import { NativeSelect, type NativeSelectProps } from '@mantine/core'
import type { ProductVariant } from '@store/contract'
import type { KeyboardEventHandler, ReactNode, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { variantChoiceName, variantPrice } from './variant-text.ts'

/** A variant as a select offers it: what the product's answer holds, less its barcode. */
export type VariantChoice = Pick<ProductVariant, 'id' | 'sku' | 'size' | 'color' | 'price' | 'quantity'>

/**
 * The choice of a product's variant for an order line (CONTRACT 5.4): each variant as 'AT-DEN-M — M / Đen ·
 * 210,000 VND · Stock: 5', at its own price or its product's. One out of stock is listed but cannot be chosen,
 * since the server would refuse its line; so is one `taken` by another line of the order. Until one is chosen it
 * says so. A native select, so a phone opens its own list and arrow keys move through the variants.
 *
 * @example <VariantSelect label="Size and colour" variants={product.variants} productPrice={product.price} value={id} onChange={setId} />
 */
export function VariantSelect({
  label,
  ariaLabel,
  description,
  variants,
  productPrice,
  value,
  onChange,
  onBlur,
  onKeyDown,
  name,
  inputRef,
  error,
  taken = [],
  required = false,
  w,
}: {
  label: string
  /** The name a screen reader says when the visible label alone would not tell lines apart. */
  ariaLabel?: string
  description?: ReactNode
  variants: readonly VariantChoice[]
  productPrice: number
  /** The chosen variant's id; '' for none yet. */
  value: string
  onChange: (variantId: string) => void
  onBlur?: () => void
  onKeyDown?: KeyboardEventHandler<HTMLSelectElement>
  name?: string
  inputRef?: Ref<HTMLSelectElement>
  error?: ReactNode
  /** Variants another line of the order already has. */
  taken?: readonly string[]
  required?: boolean
  w?: NativeSelectProps['w']
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const data = [
    // The prompt shows only until a variant is chosen: a line never goes back to none.
    ...(value === '' ? [{ value: '', label: t('orders.variant.choose'), disabled: true }] : []),
    ...variants.map((variant) => {
      const out = variant.quantity <= 0
      const elsewhere = taken.includes(variant.id)
      const state = out
        ? t('newOrder.lines.outOfStock')
        : t('newOrder.lines.offer', {
            price: format.money(variantPrice(variant, productPrice)),
            stock: t('newOrder.lines.stock', { stock: format.count(variant.quantity) }),
          })
      return {
        value: variant.id,
        label: t(elsewhere ? 'orders.variant.optionTaken' : 'orders.variant.option', {
          variant: variantChoiceName(variant),
          state,
        }),
        // The line's own variant stays choosable, so its select never shows a choice it refuses.
        disabled: variant.id !== value && (out || elsewhere),
      }
    }),
  ]
  return (
    <NativeSelect
      label={label}
      aria-label={ariaLabel}
      description={description}
      required={required}
      data={data}
      name={name}
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      error={error}
      w={w}
    />
  )
}
