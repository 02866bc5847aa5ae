import { ActionIcon, Box, Button, Flex, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { MAX_LINE_QUANTITY, messageRef, type NewOrderBody, type Product } from '@store/contract'
import { IconTrash } from '@tabler/icons-react'
import { type Ref, useEffect, useRef, useState } from 'react'
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import { translateMessage } from '../../lib/validation.ts'
import { type NewOrderValues, newOrderTotals, withProduct, withVariant } from './new-order-form.ts'
import { ProductPicker } from './product-picker.tsx'
import { type VariantChoice, VariantSelect } from './variant-select.tsx'
import { variantLine } from './variant-text.ts'

/** Thousands written the interface language's way in amount fields: 250,000 (en) or 250.000 (vi). */
export const amountSeparators = (language: 'en' | 'vi') =>
  language === 'vi'
    ? { thousandSeparator: '.', decimalSeparator: ',' }
    : { thousandSeparator: ',', decimalSeparator: '.' }

/**
 * The order's lines: a product search by name adding a line (Enter adds the highlighted product; a product out
 * of stock is shown but cannot be added; the same product again is one more of its line), and each line with its
 * name, stock, price (the catalogue's unless changed), quantity (1 to 10,000), line total and a remove button.
 * A product with variants (CONTRACT 5.4) asks for one first, in a select under the search: the line is then of
 * that variant, at its price, showing its stock, one line a product and variant; its own select moves it to
 * another variant and shows a refusal of the one it has. On a narrow screen each line's fields stack.
 */
export function LinesPart({ form }: { form: UseFormReturn<NewOrderValues, unknown, NewOrderBody> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { control, getValues, setValue, clearErrors } = form
  const { errors } = form.formState
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' })
  const lines = useWatch({ control, name: 'lines' })
  /** The product picked whose variant is still to be chosen. */
  const [choosing, setChoosing] = useState<Product | null>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const chooserSelect = useRef<HTMLSelectElement>(null)
  /** Where the focus goes once the lines have re-rendered after a choice, so it never drops to the page. */
  const focusNext = useRef<'search' | 'chooser' | null>(null)

  useEffect(() => {
    const next = focusNext.current
    if (next === null) return
    focusNext.current = null
    if (next === 'chooser') chooserSelect.current?.focus()
    else searchInput.current?.focus()
  })

  const add = (product: Product, variant: VariantChoice | null) => {
    const current = getValues('lines')
    const next = withProduct(current, product, variant)
    if (next.index < current.length) {
      setValue(`lines.${next.index}.quantity`, next.lines[next.index]!.quantity, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      })
    } else append(next.lines[next.index]!, { shouldFocus: false })
  }
  const pick = (product: Product) => {
    if (product.variants.length === 0) return add(product, null)
    setChoosing(product)
    focusNext.current = 'chooser'
  }
  const chosen = (variant: VariantChoice) => {
    if (!choosing) return
    add(choosing, variant)
    setChoosing(null)
    // Back to the search, for the next product.
    focusNext.current = 'search'
  }
  const cancelChoice = () => {
    setChoosing(null)
    focusNext.current = 'search'
  }
  const changeVariant = (index: number, variantId: string) => {
    const line = getValues(`lines.${index}`)
    const next = withVariant(line, variantId)
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted }
    setValue(`lines.${index}.variantId`, next.variantId, options)
    setValue(`lines.${index}.stock`, next.stock, options)
    setValue(`lines.${index}.price`, next.price, options)
    // A refusal of the variant it left, or of its stock, no longer applies.
    clearErrors([`lines.${index}.variantId`, `lines.${index}.quantity`])
  }
  /** The variants of a line's product that other lines already have: choosing one would make two lines of it. */
  const takenBesides = (index: number) =>
    lines.flatMap((other, i) =>
      i !== index && other.productId === lines[index]?.productId && other.variantId !== ''
        ? [other.variantId]
        : [],
    )

  const message = (text: string | undefined) => translateMessage(t, text)
  const linesError = errors.lines?.message ?? errors.lines?.root?.message
  const separators = amountSeparators(format.language)

  return (
    <Stack component="section" gap="sm" aria-labelledby="new-order-lines">
      <Title order={2} fz="lg" id="new-order-lines">
        {t('newOrder.lines.title')}
      </Title>
      <ProductPicker
        label={t('newOrder.lines.search')}
        description={t('newOrder.lines.searchHint')}
        onPick={pick}
        inputRef={searchInput}
        error={message(linesError)}
      />
      {choosing && (
        <VariantChooser
          key={choosing.id}
          product={choosing}
          selectRef={chooserSelect}
          onChoose={chosen}
          onCancel={cancelChoice}
        />
      )}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('newOrder.lines.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('newOrder.lines.list')}
        >
          {fields.map((field, index) => {
            const line = lines[index] ?? field
            const lineErrors = errors.lines?.[index]
            const { subtotal } = newOrderTotals({ lines: [line], shippingFee: 0, discountPercent: 0 })
            const variant = line.variants.find((v) => v.id === line.variantId)
            // Two lines may be of one product: their fields are told apart by the variant's SKU.
            const name = variant
              ? t('orders.variant.lineName', { name: line.name, sku: variant.sku })
              : line.name
            const variantError = message(lineErrors?.variantId?.message)
            return (
              <Paper key={field.id} component="li" withBorder p="sm" radius="md">
                <Flex
                  gap="sm"
                  direction={{ base: 'column', sm: 'row' }}
                  align={{ base: 'stretch', sm: 'flex-start' }}
                >
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {line.name}
                    </Text>
                    {variant && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {variantLine(variant)}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {t('newOrder.lines.stock', { stock: format.count(line.stock) })}
                    </Text>
                    {lineErrors?.productId?.message && (
                      <Text size="sm" c="var(--mantine-color-error)" role="alert">
                        {message(lineErrors.productId.message)}
                      </Text>
                    )}
                    {/* A product that had no variants when it was picked has no select to show this on. */}
                    {variantError && line.variants.length === 0 && (
                      <Text size="sm" c="var(--mantine-color-error)" role="alert">
                        {variantError}
                      </Text>
                    )}
                  </Box>
                  {line.variants.length > 0 && (
                    <Controller
                      control={control}
                      name={`lines.${index}.variantId`}
                      render={({ field: input }) => (
                        <VariantSelect
                          label={t('orders.variant.label')}
                          ariaLabel={t('orders.variant.labelOf', { name: line.name })}
                          variants={line.variants}
                          productPrice={line.productPrice}
                          taken={takenBesides(index)}
                          required
                          w={{ base: '100%', sm: 200 }}
                          name={input.name}
                          inputRef={input.ref}
                          value={input.value}
                          onChange={(id) => changeVariant(index, id)}
                          onBlur={input.onBlur}
                          error={variantError}
                        />
                      )}
                    />
                  )}
                  <Controller
                    control={control}
                    name={`lines.${index}.price`}
                    render={({ field: input }) => (
                      <NumberInput
                        label={t('newOrder.lines.price')}
                        aria-label={t('newOrder.lines.priceOf', { name })}
                        required
                        allowDecimal={false}
                        allowNegative={false}
                        {...separators}
                        clampBehavior="none"
                        hideControls
                        w={{ base: '100%', sm: 150 }}
                        name={input.name}
                        ref={input.ref}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        error={message(lineErrors?.price?.message)}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`lines.${index}.quantity`}
                    render={({ field: input }) => (
                      <NumberInput
                        label={t('newOrder.lines.quantity')}
                        aria-label={t('newOrder.lines.quantityOf', { name })}
                        required
                        min={1}
                        max={MAX_LINE_QUANTITY}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="none"
                        w={{ base: '100%', sm: 120 }}
                        name={input.name}
                        ref={input.ref}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        error={message(lineErrors?.quantity?.message)}
                      />
                    )}
                  />
                  <Box w={{ base: 'auto', sm: 130 }} ta={{ base: 'left', sm: 'right' }}>
                    <Text size="sm" c="dimmed">
                      {t('newOrder.lines.lineTotal')}
                    </Text>
                    <Text fw={500}>
                      <Money amount={subtotal} />
                    </Text>
                  </Box>
                  <ActionIcon
                    variant="subtle"
                    color="var(--mantine-color-error)"
                    size="lg"
                    mt={{ base: 0, sm: 22 }}
                    aria-label={t('newOrder.lines.remove', { name })}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Flex>
              </Paper>
            )
          })}
        </Stack>
      )}
    </Stack>
  )
}

/**
 * The step after a product with variants is picked: its variants in a select, each with its price and stock (one
 * out of stock listed but not choosable), and a button to add the chosen one; Enter in the select adds it too,
 * Escape or Cancel goes back to the search. Nothing is added until a variant is chosen.
 */
function VariantChooser({
  product,
  selectRef,
  onChoose,
  onCancel,
}: {
  product: Product
  selectRef: Ref<HTMLSelectElement>
  onChoose: (variant: VariantChoice) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [variantId, setVariantId] = useState('')
  const [missing, setMissing] = useState(false)
  const confirm = () => {
    const variant = product.variants.find((v) => v.id === variantId)
    if (variant && variant.quantity > 0) onChoose(variant)
    else setMissing(true)
  }
  const title = t('orders.variant.chooser', { name: product.name })
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={title}>
      <Text fw={500} mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {product.name}
      </Text>
      <Flex gap="sm" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <VariantSelect
            label={t('orders.variant.label')}
            ariaLabel={title}
            description={t('orders.variant.chooserHint')}
            variants={product.variants}
            productPrice={product.price}
            required
            inputRef={selectRef}
            value={variantId}
            onChange={(id) => {
              setVariantId(id)
              setMissing(false)
            }}
            onKeyDown={(event) => {
              // Enter adds the variant chosen, as Enter adds a product in the search; it never sends the form.
              if (event.key === 'Enter') {
                event.preventDefault()
                confirm()
              } else if (event.key === 'Escape') {
                event.preventDefault()
                onCancel()
              }
            }}
            error={missing ? translateMessage(t, messageRef('chooseVariant')) : undefined}
          />
        </Box>
        <Button onClick={confirm}>{t('orders.variant.add')}</Button>
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </Paper>
  )
}
