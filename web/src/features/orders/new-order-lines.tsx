import { ActionIcon, Box, Flex, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { MAX_LINE_QUANTITY, type NewOrderBody, type Product } from '@store/contract'
import { IconTrash } from '@tabler/icons-react'
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/money.tsx'
import { useFormat } from '../../lib/format.ts'
import { translateMessage } from '../../lib/validation.ts'
import { type NewOrderValues, newOrderTotals, withProduct } from './new-order-form.ts'
import { ProductPicker } from './product-picker.tsx'

/** Thousands written the interface language's way in amount fields: 250,000 (en) or 250.000 (vi). */
export const amountSeparators = (language: 'en' | 'vi') =>
  language === 'vi'
    ? { thousandSeparator: '.', decimalSeparator: ',' }
    : { thousandSeparator: ',', decimalSeparator: '.' }

/**
 * The order's lines: a product search by name adding a line (Enter adds the highlighted product; a product out
 * of stock is shown but cannot be added; the same product again is one more of its line), and each line with its
 * name, stock, price (the catalogue's unless changed), quantity (1 to 10,000), line total and a remove button.
 * On a narrow screen each line's fields stack.
 */
export function LinesPart({ form }: { form: UseFormReturn<NewOrderValues, unknown, NewOrderBody> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { control, getValues, setValue } = form
  const { errors } = form.formState
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' })
  const lines = useWatch({ control, name: 'lines' })

  const add = (product: Product) => {
    const current = getValues('lines')
    const next = withProduct(current, product)
    if (next.index < current.length) {
      setValue(`lines.${next.index}.quantity`, next.lines[next.index]!.quantity, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      })
    } else append(next.lines[next.index]!, { shouldFocus: false })
  }

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
        onPick={add}
        error={message(linesError)}
      />
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
            return (
              <Paper key={field.id} component="li" withBorder p="sm" radius="md">
                <Flex
                  gap="sm"
                  direction={{ base: 'column', sm: 'row' }}
                  align={{ base: 'stretch', sm: 'flex-start' }}
                >
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {field.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('newOrder.lines.stock', { stock: format.count(field.stock) })}
                    </Text>
                    {lineErrors?.productId?.message && (
                      <Text size="sm" c="var(--mantine-color-error)" role="alert">
                        {message(lineErrors.productId.message)}
                      </Text>
                    )}
                  </Box>
                  <Controller
                    control={control}
                    name={`lines.${index}.price`}
                    render={({ field: input }) => (
                      <NumberInput
                        label={t('newOrder.lines.price')}
                        aria-label={t('newOrder.lines.priceOf', { name: field.name })}
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
                        aria-label={t('newOrder.lines.quantityOf', { name: field.name })}
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
                    color="red.9"
                    size="lg"
                    mt={{ base: 0, sm: 22 }}
                    aria-label={t('newOrder.lines.remove', { name: field.name })}
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
