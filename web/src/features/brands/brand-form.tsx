import { zodResolver } from '@hookform/resolvers/zod'
import { Box, SimpleGrid, TextInput } from '@mantine/core'
import {
  type Brand,
  type BrandCreateBody,
  type BrandUpdateBody,
  brandCreateBody,
  brandUpdateBody,
} from '@store/contract'
import { Controller, type Resolver, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ImageInput } from '../../components/image-input.tsx'
import { translateMessage } from '../../lib/validation.ts'

/** The form's values: `logo` is null while there is none (the remove button sets it back to null). */
export interface BrandFormValues {
  name: string
  logo: string | null
}

export const emptyBrand: BrandFormValues = { name: '', logo: null }
export const brandToForm = (brand: Brand): BrandFormValues => ({ name: brand.name, logo: brand.logo })

/**
 * Add brand: name and logo required (spec section 5), the contract's `brandCreateBody`; the form's "no logo"
 * (null) is read as the empty path it refuses with 'This field is required'.
 */
export const brandCreateForm = brandCreateBody.extend({
  logo: z.preprocess((value) => value ?? '', brandCreateBody.shape.logo),
})

/**
 * Edit brand: the contract's `brandUpdateBody`. The spec marks no field required; the server still keeps a
 * name on every brand, so a blank name gets the same 'This field is required' here before it is sent.
 */
export const brandEditForm = brandUpdateBody

/**
 * Add brand checks with `brandCreateForm`, edit brand with `brandEditForm`. Both accept what the form holds;
 * react-hook-form types a resolver's options invariantly, so each is narrowed to the form's values here.
 */
export const brandResolvers = {
  create: zodResolver(brandCreateForm) as Resolver<BrandFormValues, unknown, BrandCreateBody>,
  edit: zodResolver(brandEditForm) as Resolver<BrandFormValues, unknown, BrandUpdateBody>,
}

/**
 * The add- and edit-brand fields: a name and one logo image (a new upload replaces it; on edit the remove button
 * sets `logo: null`). `onUploadingChange` tells the screen to hold Save while an upload runs.
 *
 * @example <BrandFields form={edit.form} logoRequired onUploadingChange={setUploading} />
 */
export function BrandFields({
  form,
  logoRequired,
  onUploadingChange,
}: {
  form: UseFormReturn<BrandFormValues, unknown, unknown>
  logoRequired: boolean
  onUploadingChange: (uploading: boolean) => void
}) {
  const { t } = useTranslation()
  const { errors } = form.formState
  const message = (text: string | undefined) => translateMessage(t, text)
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label={t('brands.fields.name')}
        required
        {...form.register('name')}
        error={message(errors.name?.message)}
      />
      <Box>
        <Controller
          control={form.control}
          name="logo"
          render={({ field }) => (
            <ImageInput
              label={t('brands.fields.logo')}
              description={t('brands.hints.logo')}
              required={logoRequired}
              ref={field.ref}
              value={field.value ? [field.value] : []}
              onChange={(stored) => field.onChange(stored[0] ?? null)}
              onBlur={field.onBlur}
              onUploadingChange={onUploadingChange}
              error={message(errors.logo?.message)}
            />
          )}
        />
      </Box>
    </SimpleGrid>
  )
}
