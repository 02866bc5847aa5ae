import { zodResolver } from '@hookform/resolvers/zod'
import {
  messages,
  type NewOrderBody,
  newOrderBody,
  type OrderSource,
  orderDiscount,
  orderTotals,
  PAYMENT_METHODS,
  type PaymentStatus,
} from '@store/contract'
import { type FieldErrors, type Resolver, set } from 'react-hook-form'
import type { z } from 'zod'
import type { AddressValue } from '../../components/address-value.ts'
import type { VariantChoice } from './variant-select.tsx'
import { variantPrice } from './variant-text.ts'

/** A line as the form holds it: what is sent (product, variant, price, quantity) and what the line shows. */
export interface NewOrderLine {
  productId: string
  /** The variant bought (CONTRACT 5.4); '' for a product without variants. */
  variantId: string
  name: string
  /** The stock of the product, or of its variant, when it was added: shown beside the line. */
  stock: number
  /** The catalogue's price (the variant's own, else the product's), changed when the customer pays another one. */
  price: number | string
  quantity: number | string
  /** The product's variants when it was added, for the line's select; none for a product without. */
  variants: VariantChoice[]
  /** The product's price, which a variant without a price of its own sells at. */
  productPrice: number
}

/** What the new-order form holds. Field paths are the body's, so a server's `lines.1.quantity` finds its line. */
export interface NewOrderValues {
  /** 'find' an existing customer (`customer.id`), or take a 'new' one by name and phone. */
  customerMode: 'find' | 'new'
  customer: { id: string; name: string; phoneNumber: string; email: string }
  address: AddressValue
  lines: NewOrderLine[]
  shippingFee: number | string
  discountPercent: number | string
  source: OrderSource
  methodPayment: string
  /** '' leaves it to the server (unpaid). */
  paymentStatus: '' | PaymentStatus
  customerNote: string
}

export const emptyNewOrder: NewOrderValues = {
  customerMode: 'find',
  customer: { id: '', name: '', phoneNumber: '', email: '' },
  address: { street: '', wardCode: '', provinceCode: '' },
  lines: [],
  shippingFee: '',
  discountPercent: '',
  // Most orders staff take come by phone.
  source: 'phone',
  methodPayment: PAYMENT_METHODS.cash,
  paymentStatus: '',
  customerNote: '',
}

const blankToUndefined = <T>(value: T): Exclude<T, ''> | undefined =>
  value === '' ? undefined : (value as Exclude<T, ''>)

/**
 * The request body from the form: the customer by id or by name and phone (an email only when given), the
 * address as the picker holds it, each line's product, quantity and price, and the optional fields only when
 * filled.
 */
export function toNewOrderBody(values: NewOrderValues): z.input<typeof newOrderBody> {
  const { customer } = values
  const address =
    typeof values.address === 'string'
      ? values.address
      : {
          street: values.address.street,
          wardCode: values.address.wardCode,
          provinceCode: values.address.provinceCode,
        }
  return {
    customer:
      values.customerMode === 'find'
        ? { id: customer.id }
        : {
            name: customer.name,
            phoneNumber: customer.phoneNumber,
            ...(customer.email.trim() !== '' && { email: customer.email }),
          },
    address,
    lines: values.lines.map((line) => ({
      productId: line.productId,
      ...(line.variantId !== '' && { variantId: line.variantId }),
      quantity: line.quantity,
      price: blankToUndefined(line.price),
    })),
    shippingFee: blankToUndefined(values.shippingFee),
    discountPercent: blankToUndefined(values.discountPercent),
    methodPayment: values.methodPayment,
    paymentStatus: blankToUndefined(values.paymentStatus),
    customerNote: values.customerNote.trim() === '' ? undefined : values.customerNote,
    source: values.source,
  }
}

/**
 * What the form asks beyond the body's rules: a customer chosen from the search when no new one is taken, and a
 * province and ward chosen (the body's rule would call an empty code malformed rather than missing).
 */
function unchosen(values: NewOrderValues): string[] {
  const missing: string[] = []
  if (values.customerMode === 'find' && values.customer.id === '') missing.push('customer.id')
  if (typeof values.address !== 'string') {
    if (values.address.provinceCode === '') missing.push('address.provinceCode')
    if (values.address.wardCode === '') missing.push('address.wardCode')
  }
  return missing
}

const bodyResolver = zodResolver(newOrderBody)

/**
 * The new-order rules: the contract's body, the same the server applies, checked on the body the form makes, so
 * each message lands on the field of the same path; and what must be chosen (`unchosen`), said to be required.
 */
export const newOrderResolver: Resolver<NewOrderValues, unknown, NewOrderBody> = async (
  values,
  context,
  options,
) => {
  const result = await bodyResolver(
    toNewOrderBody(values),
    context,
    options as unknown as Parameters<typeof bodyResolver>[2],
  )
  const missing = unchosen(values)
  if (missing.length === 0)
    return result as Awaited<ReturnType<Resolver<NewOrderValues, unknown, NewOrderBody>>>
  const errors: FieldErrors<NewOrderValues> = { ...result.errors } as FieldErrors<NewOrderValues>
  for (const path of missing) set(errors, path, { type: 'required', message: messages.required })
  return { values: {}, errors }
}
/** A whole number of 0 or more as a field holds it (a number, or digits as text); anything else counts as 0. */
const whole = (value: number | string): number => {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : 0
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0
}

/** The figures as the server will save them (the contract's `orderTotals`), from what the form holds now. */
export function newOrderTotals(values: Pick<NewOrderValues, 'lines' | 'shippingFee' | 'discountPercent'>) {
  const discountPercent = Math.min(whole(values.discountPercent), 100)
  const shippingFee = whole(values.shippingFee)
  const totals = orderTotals({
    lines: values.lines.map((line) => ({ price: whole(line.price), quantity: whole(line.quantity) })),
    discountPercent,
    shipingFee: shippingFee,
  })
  return {
    quantity: totals.quantity,
    subtotal: totals.subtotal,
    discount: orderDiscount(totals.subtotal, discountPercent),
    discountPercent,
    shippingFee,
    total: totals.totalPrice,
  }
}

/** A product as the search offers it. */
export interface OfferedProduct {
  id: string
  name: string
  price: number
  quantity: number
  variants: readonly VariantChoice[]
}

/**
 * The lines with a product, or one of its variants, added: one more of it when it already has a line (one line a
 * product and variant), a new line of one at the catalogue's price otherwise (the variant's own, else the
 * product's), showing the variant's stock. Answers the lines and the index of its line.
 */
export function withProduct(
  lines: readonly NewOrderLine[],
  product: OfferedProduct,
  variant: VariantChoice | null = null,
) {
  const variantId = variant?.id ?? ''
  const index = lines.findIndex((line) => line.productId === product.id && line.variantId === variantId)
  if (index >= 0) {
    const next = [...lines]
    const line = lines[index]!
    next[index] = { ...line, quantity: whole(line.quantity) + 1 }
    return { lines: next, index }
  }
  const line: NewOrderLine = {
    productId: product.id,
    variantId,
    name: product.name,
    stock: variant ? variant.quantity : product.quantity,
    price: variant ? variantPrice(variant, product.price) : product.price,
    quantity: 1,
    variants: variant ? product.variants.map(choiceOf) : [],
    productPrice: product.price,
  }
  return { lines: [...lines, line], index: lines.length }
}

/** A variant as a line keeps it: what its select lists, without the rest of the product's answer. */
const choiceOf = ({ id, sku, size, color, price, quantity }: VariantChoice): VariantChoice => ({
  id,
  sku,
  size,
  color,
  price,
  quantity,
})

/**
 * A line moved to another variant of its product: that variant's stock, and its price when the line still had the
 * catalogue's price of the variant it leaves (a price staff typed stays).
 */
export function withVariant(line: NewOrderLine, variantId: string): NewOrderLine {
  const next = line.variants.find((v) => v.id === variantId)
  if (!next) return line
  const before = line.variants.find((v) => v.id === line.variantId)
  const cataloguePrice = before ? variantPrice(before, line.productPrice) : line.productPrice
  const untouched = line.price === '' || whole(line.price) === cataloguePrice
  return {
    ...line,
    variantId,
    stock: next.quantity,
    price: untouched ? variantPrice(next, line.productPrice) : line.price,
  }
}

/**
 * Whether a search for a customer is a phone number: digits, with the spaces, dots, dashes or brackets people
 * write them with, or +84. Such a search asks for the phone (`phone=`, any writing), any other for the name.
 */
export const looksLikePhone = (text: string) => /^\+?[\d\s.\-()]+$/.test(text.trim()) && /\d/.test(text)

/** The fields a server's refusal may name, most precise first, so `address.wardCode` is not taken by `address`. */
export const newOrderFields = (lineCount: number) =>
  [
    'customer.id',
    'customer.name',
    'customer.phoneNumber',
    'customer.email',
    'address.street',
    'address.wardCode',
    'address.provinceCode',
    'address',
    ...Array.from({ length: lineCount }, (_, i) =>
      (['productId', 'variantId', 'quantity', 'price'] as const).map(
        (field) => `lines.${i}.${field}` as const,
      ),
    ).flat(),
    'lines',
    'shippingFee',
    'discountPercent',
    'methodPayment',
    'paymentStatus',
    'customerNote',
    'source',
  ] as const
