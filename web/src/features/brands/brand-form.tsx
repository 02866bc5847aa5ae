import { zodResolver } from '@hookform/resolvers/zod'
import { Box, Paper, SimpleGrid, TextInput } from '@mantine/core'
import {
  type Brand,
  type BrandCreateBody,
  type BrandUpdateBody,
  brandCreateBody,
  brandUpdateBody,
} from '@store/contract'
import { useState } from 'react'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormButtons } from '../../components/form-buttons.tsx'
import { ImageInput } from '../../components/image-input.tsx'
import { applyServerErrors } from '../../lib/forms.ts'
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

const FIELDS = ['name', 'logo'] as const

/**
 * Add brand checks with `brandCreateForm`, edit brand with `brandEditForm`. Both accept what the form holds;
 * react-hook-form types a resolver's options invariantly, so each is narrowed to the form's values here.
 */
export const brandResolvers = {
  create: zodResolver(brandCreateForm) as Resolver<BrandFormValues, unknown, BrandCreateBody>,
  edit: zodResolver(brandEditForm) as Resolver<BrandFormValues, unknown, BrandUpdateBody>,
}

/**
 * The add- and edit-brand form: a name and one logo image (a new upload replaces it; on edit the remove button
 * sends `logo: null`). `resolver` decides the rules and the body `onSave` gets; a 400 or 409 from `onSave` puts
 * its messages next to the fields and keeps the input.
 *
 * @example <BrandForm resolver={brandResolvers.create} logoRequired defaultValues={emptyBrand} onSave={create.mutateAsync} cancelTo="/admin/brands" />
 */
export function BrandForm<Body extends BrandCreateBody | BrandUpdateBody>({
  resolver,
  logoRequired,
  defaultValues,
  onSave,
  cancelTo,
}: {
  resolver: Resolver<BrandFormValues, unknown, Body>
  logoRequired: boolean
  defaultValues: BrandFormValues
  onSave: (body: Body) => Promise<unknown>
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
  } = useForm<BrandFormValues, unknown, Body>({ resolver, defaultValues, mode: 'onTouched' })
  const message = (text: string | undefined) => translateMessage(t, text)

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body)
    } catch (error) {
      applyServerErrors(error, setError, FIELDS)
    }
  })

  return (
    <Paper component="form" withBorder p={{ base: 'md', sm: 'lg' }} radius="md" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('brands.fields.name')}
          required
          {...register('name')}
          error={message(errors.name?.message)}
        />
        <Box>
          <Controller
            control={control}
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
                onUploadingChange={setUploading}
                error={message(errors.logo?.message)}
              />
            )}
          />
        </Box>
      </SimpleGrid>
      <FormButtons cancelTo={cancelTo} saving={isSubmitting} disabled={uploading} />
    </Paper>
  )
}
