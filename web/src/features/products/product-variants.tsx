import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { MAX_PRODUCT_QUANTITY, MAX_VARIANTS } from '@store/contract'
import { IconPlus, IconTrash, IconWand } from '@tabler/icons-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '../../lib/validation.ts'
import type { ProductFormValues } from './product-form-values.ts'
import { emptyVariantRow, newRows, skuBaseOf, skuOf, splitList } from './variant-rows.ts'

/** Wide enough for every column's input to show what it holds; narrower screens scroll the table's own box. */
const TABLE_MIN_WIDTH = 940

/** The price as the product's Price field writes it, for the placeholder of a variant's price. */
const grouped = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value)
  return value === '' || !Number.isFinite(n) ? undefined : n.toLocaleString('en-US')
}

/** What the generator said after its last use, read out to screen readers. */
type Said = { text: string; error: boolean } | null

/**
 * Rows for sizes × colours: the sizes and the colours typed as lists, the start of every SKU (the product's name
 * by default), and 'Make the rows', which adds each combination the table does not have yet. Enter in a field
 * makes the rows rather than saving the product, which is what someone typing a list means by it.
 */
function VariantGenerator({
  name,
  count,
  onMake,
}: {
  /** The product's name, the default SKU start. */
  name: string
  /** Rows in the table now. */
  count: number
  /** Adds the rows for these sizes and colours, from this SKU start; answers how many it added, or why none. */
  onMake: (sizes: string[], colors: string[], base: string) => Said
}) {
  const { t } = useTranslation()
  const [sizes, setSizes] = useState('')
  const [colors, setColors] = useState('')
  const [base, setBase] = useState('')
  const [said, setSaid] = useState<Said>(null)
  const titleId = useId()
  const defaultBase = skuBaseOf(name)
  const example = skuOf(
    base.trim() || defaultBase,
    splitList(sizes)[0] ?? 'M',
    splitList(colors)[0] ?? (sizes.trim() ? '' : 'Đen'),
  )

  const make = () => setSaid(onMake(splitList(sizes), splitList(colors), base.trim() || defaultBase))
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    make()
  }

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={titleId}>
      <Text fw={600} size="sm" id={titleId} mb="xs">
        {t('products.variants.generator.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={t('products.variants.generator.sizes')}
          description={t('products.variants.generator.sizesHint')}
          value={sizes}
          onChange={(event) => setSizes(event.currentTarget.value)}
          onKeyDown={onEnter}
          autoComplete="off"
        />
        <TextInput
          label={t('products.variants.generator.colors')}
          description={t('products.variants.generator.colorsHint')}
          value={colors}
          onChange={(event) => setColors(event.currentTarget.value)}
          onKeyDown={onEnter}
          autoComplete="off"
        />
        <TextInput
          label={t('products.variants.generator.base')}
          description={t('products.variants.generator.baseHint', { example })}
          placeholder={defaultBase}
          value={base}
          onChange={(event) => setBase(event.currentTarget.value)}
          onKeyDown={onEnter}
          autoComplete="off"
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconWand size={16} aria-hidden />}
          onClick={make}
          disabled={count >= MAX_VARIANTS}
        >
          {t('products.variants.generator.make')}
        </Button>
        <Text size="sm" role="status" c={said?.error ? 'var(--mantine-color-error)' : undefined}>
          {said?.text ?? ''}
        </Text>
      </Group>
    </Paper>
  )
}

/**
 * The product form's variants (CONTRACT 5.4) as a table, one row a variant: its SKU, size, colour, price (empty:
 * the product's), stock and barcode, each input named with its row ('SKU of row 2') since the column headers
 * name them for the eye only, and a remove button naming the SKU. 'Add variant' adds an empty row, the generator
 * rows for sizes × colours. The table keeps its columns readable by scrolling sideways in its own box on a narrow
 * screen, so the page itself never does. A refusal of the whole list (an ordered variant removed) shows above it.
 */
export function VariantsPart({ form }: { form: UseFormReturn<ProductFormValues, unknown, unknown> }) {
  const { t } = useTranslation()
  const { control, register, getValues, setFocus } = form
  const { errors } = form.formState
  const { fields, append, remove } = useFieldArray({ control, name: 'variants' })
  const rows = useWatch({ control, name: 'variants' }) ?? []
  const name = useWatch({ control, name: 'name' }) ?? ''
  const productPrice = grouped(useWatch({ control, name: 'price' }))
  const message = (text: string | undefined) => translateMessage(t, text)
  const titleId = useId()
  const captionId = useId()
  const hintId = useId()
  const listError = message(errors.variants?.message ?? errors.variants?.root?.message)

  const make = (sizes: string[], colors: string[], base: string): Said => {
    if (sizes.length === 0 && colors.length === 0)
      return { text: t('products.variants.generator.nothingTyped'), error: true }
    const current = getValues('variants')
    const added = newRows(current, sizes, colors, base)
    if (added.length === 0) return { text: t('products.variants.generator.nothingNew'), error: false }
    const total = current.length + added.length
    if (total > MAX_VARIANTS)
      return {
        text: t('products.variants.generator.tooMany', { count: total, max: MAX_VARIANTS }),
        error: true,
      }
    // The focus stays on the button, where the status next to it says what was added.
    append(added, { shouldFocus: false })
    return { text: t('products.variants.generator.made', { count: added.length }), error: false }
  }

  const removeRow = (index: number) => {
    remove(index)
    // The focus goes to the row that takes the removed one's place, or the one before, not back to the page's top.
    const left = fields.length - 1
    if (left > 0) setTimeout(() => setFocus(`variants.${Math.min(index, left - 1)}.sku`))
  }

  const numberProps = {
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'strict' as const,
    inputMode: 'numeric' as const,
    hideControls: true,
  }

  return (
    <Stack component="section" gap="sm" mt="xl" aria-labelledby={titleId}>
      <Box>
        <Title order={2} fz="lg" id={titleId}>
          {t('products.variants.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('products.variants.intro')}
        </Text>
      </Box>
      <VariantGenerator name={name} count={fields.length} onMake={make} />
      {listError && (
        <Alert color="red" role="alert" variant="light">
          <Text size="sm" c="var(--mantine-color-error)">
            {listError}
          </Text>
        </Alert>
      )}
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.variants.none')}
        </Text>
      ) : (
        <>
          <Box>
            <Text size="sm" fw={600} id={captionId}>
              {t('products.variants.caption')}
            </Text>
            <Text size="xs" c="dimmed" id={hintId}>
              {t('products.variants.scrolls')}
            </Text>
          </Box>
          <Table.ScrollContainer
            type="native"
            minWidth={TABLE_MIN_WIDTH}
            role="region"
            aria-labelledby={captionId}
            aria-describedby={hintId}
            // The containing block of the hidden header text (positioned absolutely), so that the box clips it
            // too: otherwise it would stick out of the box and make the whole page scroll sideways on a phone.
            pos="relative"
          >
            <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={captionId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>{t('products.variants.columns.row')}</Table.Th>
                  <Table.Th>{t('products.variants.columns.sku')}</Table.Th>
                  <Table.Th w={96}>{t('products.variants.columns.size')}</Table.Th>
                  <Table.Th w={130}>{t('products.variants.columns.color')}</Table.Th>
                  <Table.Th w={124}>{t('products.variants.columns.price')}</Table.Th>
                  <Table.Th w={92}>{t('products.variants.columns.quantity')}</Table.Th>
                  <Table.Th w={140}>{t('products.variants.columns.barcode')}</Table.Th>
                  <Table.Th w={52}>
                    <VisuallyHidden>{t('products.variants.columns.remove')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field, index) => {
                  const row = index + 1
                  const rowErrors = errors.variants?.[index]
                  const sku = rows[index]?.sku?.trim() ?? ''
                  return (
                    <Table.Tr key={field.id}>
                      <Table.Td>{row}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('products.variants.cell.sku', { row })}
                          required
                          autoComplete="off"
                          {...register(`variants.${index}.sku`)}
                          error={message(rowErrors?.sku?.message ?? rowErrors?.id?.message)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('products.variants.cell.size', { row })}
                          autoComplete="off"
                          {...register(`variants.${index}.size`)}
                          error={message(rowErrors?.size?.message)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('products.variants.cell.color', { row })}
                          autoComplete="off"
                          {...register(`variants.${index}.color`)}
                          error={message(rowErrors?.color?.message)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`variants.${index}.price`}
                          render={({ field: price }) => (
                            <NumberInput
                              {...numberProps}
                              aria-label={t('products.variants.cell.price', { row })}
                              placeholder={productPrice ?? t('products.variants.samePrice')}
                              name={price.name}
                              ref={price.ref}
                              value={price.value}
                              onChange={price.onChange}
                              onBlur={price.onBlur}
                              thousandSeparator=","
                              max={Number.MAX_SAFE_INTEGER}
                              error={message(rowErrors?.price?.message)}
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`variants.${index}.quantity`}
                          render={({ field: quantity }) => (
                            <NumberInput
                              {...numberProps}
                              aria-label={t('products.variants.cell.quantity', { row })}
                              required
                              name={quantity.name}
                              ref={quantity.ref}
                              value={quantity.value}
                              onChange={quantity.onChange}
                              onBlur={quantity.onBlur}
                              min={0}
                              max={MAX_PRODUCT_QUANTITY}
                              error={message(rowErrors?.quantity?.message)}
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('products.variants.cell.barcode', { row })}
                          autoComplete="off"
                          {...register(`variants.${index}.barcode`)}
                          error={message(rowErrors?.barcode?.message)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          onClick={() => removeRow(index)}
                          aria-label={
                            sku
                              ? t('products.variants.remove', { sku })
                              : t('products.variants.removeRow', { row })
                          }
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('products.variants.priceHint')}
          </Text>
        </>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append(emptyVariantRow())}
          disabled={fields.length >= MAX_VARIANTS}
        >
          {t('products.variants.add')}
        </Button>
      </Group>
    </Stack>
  )
}
