import { zodResolver } from '@hookform/resolvers/zod'
import {
  Box,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
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
import { useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormButtons } from '../../components/form-buttons.tsx'
import { ImageInput } from '../../components/image-input.tsx'
import { applyServerErrors } from '../../lib/forms.ts'
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

const FIELDS = ['name', 'price', 'description', 'quantity', 'category', 'brand', 'images', 'size'] as const

export interface Option {
  id: string
  name: string
}

/**
 * The add- and edit-product form (spec section 5), checked with the contract's `productBody`, the schema the
 * server checks with. `onSave` gets the parsed body; when it throws a 400 or 409 the messages go next to their
 * fields and what was typed stays.
 *
 * @example <ProductForm defaultValues={emptyProduct} categories={c} brands={b} onSave={create.mutateAsync} cancelTo="/admin/products" />
 */
export function ProductForm({
  defaultValues,
  categories,
  brands,
  onSave,
  cancelTo,
}: {
  defaultValues: ProductFormValues
  categories: Option[]
  brands: Option[]
  onSave: (body: ProductBody) => Promise<unknown>
  cancelTo: string
}) {
  const { t } = useTranslation()
  const [uploading, setUploading] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductBody>({
    resolver: productResolver,
    defaultValues,
    mode: 'onTouched',
  })
  const message = (text: string | undefined) => translateMessage(t, text)

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body)
    } catch (error) {
      // The toast (query client) already says what went wrong; a field's message also goes beside it.
      applyServerErrors(error, setError, FIELDS)
    }
  })

  // The selects are controlled: their options may arrive after the form starts with a stored id, and a
  // controlled select shows that id's option once it exists.
  const choices = (options: Option[]) => [
    { value: '', label: t('common.select') },
    ...options.map((option) => ({ value: option.id, label: option.name })),
  ]

  return (
    <Paper component="form" withBorder p={{ base: 'md', sm: 'lg' }} radius="md" onSubmit={submit} noValidate>
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
              onUploadingChange={setUploading}
              error={message(errors.images?.message)}
            />
          )}
        />
      </Box>
      <FormButtons cancelTo={cancelTo} saving={isSubmitting} disabled={uploading} />
    </Paper>
  )
}
