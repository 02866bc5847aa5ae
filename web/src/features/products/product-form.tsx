import { zodResolver } from '@hookform/resolvers/zod'
import { Box, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import {
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_QUANTITY,
  type Product,
  type ProductBody,
  productBody,
  SIZES,
  type Size,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { Controller, type Resolver, type UseFormReturn, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { GrowingTextarea } from '../../components/growing-textarea.tsx'
import { ImageInput } from '../../components/image-input.tsx'
import { rowsByName } from '../../lib/collate.ts'
import { keepTouched, keepTouchedRows } from '../../lib/edit-body.ts'
import { apiQuery } from '../../lib/queries.ts'
import { translateMessage } from '../../lib/validation.ts'
import type { ProductFormValues } from './product-form-values.ts'
import { VariantsPart } from './product-variants.tsx'
import { rowsToInput, stockOfRows, variantToRow } from './variant-rows.ts'

export type { ProductFormValues }

export const emptyProduct: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  quantity: '',
  category: '',
  brand: '',
  images: [],
  size: [],
  variants: [],
}

/** The edit form starts from the stored product; the selects want the ids of its category and brand. */
export const productToForm = (product: Product): ProductFormValues => ({
  name: product.name,
  price: product.price,
  description: product.description,
  quantity: product.quantity,
  category: product.category.id,
  brand: product.brand.id,
  images: product.images,
  size: product.size,
  variants: product.variants.map(variantToRow),
})

/**
 * The contract's schema accepts more than the form holds (digits as text, `{id}` objects for references);
 * react-hook-form types a resolver's options invariantly, so it is narrowed to the form's values here.
 */
const checkBody = zodResolver(productBody) as unknown as Resolver<
  ReturnType<typeof toProductInput>,
  unknown,
  ProductBody
>

/**
 * What the contract's schema reads of the form: the variants as `productVariantInput` takes them and, when there
 * are any, their sum as the product's quantity, which is the stock the server keeps (it ignores the form's own).
 * The paths stay the form's, so every message lands on its field (`variants.3.sku`).
 */
const toProductInput = (values: ProductFormValues) => {
  const variants = rowsToInput(values.variants ?? [])
  return {
    ...values,
    variants,
    ...(variants.length > 0 && { quantity: stockOfRows(values.variants) }),
  }
}

/** The contract's `productBody`, the rule the server checks with, run on what the form sends. */
export const productResolver: Resolver<ProductFormValues, unknown, ProductBody> = (
  values,
  context,
  options,
) => checkBody(toProductInput(values), context, options as never) as never

/**
 * After a stock adjustment beside the form: the fields the user has not changed take the product as it is now, and
 * the variants follow their rows by id, so an adjusted variant's stock shows unless the user typed over it.
 */
export const keepTouchedProduct = (
  fresh: ProductFormValues,
  current: ProductFormValues,
  start: ProductFormValues | undefined,
) => keepTouched(fresh, current, start, { variants: keepTouchedRows })

export interface Option {
  id: string
  name: string
}

/** The category and brand selects' options (`/all`); empty until they answer (a failure is toasted). */
function useOptions(): { categories: Option[]; brands: Option[] } {
  const categories = useQuery({ ...apiQuery(endpoints.categories.all), select: rowsByName })
  const brands = useQuery({ ...apiQuery(endpoints.brands.all), select: rowsByName })
  return { categories: categories.data ?? [], brands: brands.data ?? [] }
}

/**
 * The add- and edit-product fields (spec section 5), checked with the contract's `productBody`, the schema the
 * server checks with. `onUploadingChange` tells the screen to hold Save while images upload.
 *
 * @example <ProductFields form={edit.form} onUploadingChange={setUploading} />
 */
export function ProductFields({
  form,
  onUploadingChange,
}: {
  form: UseFormReturn<ProductFormValues, unknown, unknown>
  onUploadingChange: (uploading: boolean) => void
}) {
  const { t } = useTranslation()
  const { categories, brands } = useOptions()
  const { register, control } = form
  const { errors } = form.formState
  // With variants the product's stock is their sum: the Quantity field shows it and cannot be typed in.
  const variants = useWatch({ control, name: 'variants' })
  const byVariants = (variants?.length ?? 0) > 0
  const message = (text: string | undefined) => translateMessage(t, text)

  // The selects are controlled: their options may arrive after the form starts with a stored id, and a
  // controlled select shows that id's option once it exists.
  const choices = (options: Option[]) => [
    { value: '', label: t('common.select') },
    ...options.map((option) => ({ value: option.id, label: option.name })),
  ]

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('products.fields.name')}
          required
          {...register('name')}
          error={message(errors.name?.message)}
        />
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <NumberInput
              label={t('products.fields.price')}
              description={t('products.hints.price')}
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              max={Number.MAX_SAFE_INTEGER}
              clampBehavior="strict"
              rightSection="VND"
              rightSectionWidth={48}
              rightSectionPointerEvents="none"
              inputMode="numeric"
              hideControls
              error={message(errors.price?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="quantity"
          render={({ field }) => (
            <NumberInput
              label={t('products.fields.quantity')}
              description={byVariants ? t('products.hints.quantityOfVariants') : undefined}
              required
              name={field.name}
              ref={field.ref}
              value={byVariants ? stockOfRows(variants) : field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              readOnly={byVariants}
              variant={byVariants ? 'filled' : 'default'}
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={MAX_PRODUCT_QUANTITY}
              clampBehavior="strict"
              inputMode="numeric"
              error={message(errors.quantity?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="size"
          render={({ field }) => (
            <Checkbox.Group
              label={t('products.fields.size')}
              description={t('products.hints.size')}
              value={field.value}
              onChange={(value) => field.onChange(value as Size[])}
              error={message(errors.size?.message)}
            >
              <Group gap="lg" mt={8}>
                {SIZES.map((size) => (
                  <Checkbox key={size} value={size} label={size} onBlur={field.onBlur} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <NativeSelect
              label={t('products.fields.category')}
              required
              data={choices(categories)}
              {...field}
              error={message(errors.category?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="brand"
          render={({ field }) => (
            <NativeSelect
              label={t('products.fields.brand')}
              required
              data={choices(brands)}
              {...field}
              error={message(errors.brand?.message)}
            />
          )}
        />
      </SimpleGrid>
      <GrowingTextarea
        mt="md"
        label={t('products.fields.description')}
        required
        minRows={4}
        maxRows={14}
        {...register('description')}
        error={message(errors.description?.message)}
      />
      <Box mt="md">
        <Controller
          control={control}
          name="images"
          render={({ field }) => (
            <ImageInput
              label={t('products.fields.images')}
              description={t('products.hints.images', { max: MAX_PRODUCT_IMAGES })}
              required
              multiple
              max={MAX_PRODUCT_IMAGES}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onUploadingChange={onUploadingChange}
              error={message(errors.images?.message)}
            />
          )}
        />
      </Box>
      <VariantsPart form={form} />
    </>
  )
}
