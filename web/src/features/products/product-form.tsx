import { zodResolver } from '@hookform/resolvers/zod'
import {
  Box,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Textarea,
  TextInput,
} from '@mantine/core'
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
import { Controller, type Resolver, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ImageInput } from '../../components/image-input.tsx'
import { apiQuery } from '../../lib/queries.ts'
import { translateMessage } from '../../lib/validation.ts'

/** What the form holds while it is being filled: number inputs hold '' until something is typed. */
export interface ProductFormValues {
  name: string
  price: number | string
  description: string
  quantity: number | string
  category: string
  brand: string
  images: string[]
  size: Size[]
}

export const emptyProduct: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  quantity: '',
  category: '',
  brand: '',
  images: [],
  size: [],
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
})

/**
 * The contract's schema accepts more than the form holds (digits as text, `{id}` objects for references);
 * react-hook-form types a resolver's options invariantly, so it is narrowed to the form's values here.
 */
export const productResolver = zodResolver(productBody) as Resolver<ProductFormValues, unknown, ProductBody>

export interface Option {
  id: string
  name: string
}

/** The category and brand selects' options (`/all`); empty until they answer (a failure is toasted). */
function useOptions(): { categories: Option[]; brands: Option[] } {
  const categories = useQuery({ ...apiQuery(endpoints.categories.all), select: (answer) => answer.data })
  const brands = useQuery({ ...apiQuery(endpoints.brands.all), select: (answer) => answer.data })
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
              required
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
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
      <Textarea
        mt="md"
        label={t('products.fields.description')}
        required
        autosize
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
    </>
  )
}
