import { Box, NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core'
import { endpoints } from '@store/contract/client'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { type AddressFieldError, AddressPicker, addressErrors } from '../../components/address-picker.tsx'
import { DateField } from '../../components/date-field.tsx'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { emailTakenCheck } from '../../lib/email-taken.ts'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useEditController } from '../../lib/use-edit-controller.ts'
import { translateMessage } from '../../lib/validation.ts'
import { CustomerOrders } from './customer-orders.tsx'
import {
  emptyUserForm,
  placeUserRefusal,
  toUserFormValues,
  type UserFormValues,
  userCreateResolver,
  userEditResolver,
} from './user-form.ts'

function UserFields({
  form,
  withPassword,
}: {
  form: UseFormReturn<UserFormValues, unknown, unknown>
  withPassword: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const { register } = form
  const { errors } = form.formState
  const error = (field: Exclude<keyof UserFormValues, 'address'>) =>
    translateMessage(t, errors[field]?.message)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label={t('users.fields.name')}
        required
        autoComplete="off"
        error={error('name')}
        {...register('name')}
      />
      <TextInput
        label={t('users.fields.email')}
        type="email"
        required
        autoComplete="off"
        error={error('email')}
        {...register('email')}
      />
      {withPassword && (
        <PasswordInput
          label={t('users.fields.password')}
          required
          autoComplete="new-password"
          error={error('password')}
          {...register('password')}
        />
      )}
      <TextInput
        label={t('users.fields.phoneNumber')}
        type="tel"
        inputMode="numeric"
        required
        autoComplete="off"
        error={error('phoneNumber')}
        {...register('phoneNumber')}
      />
      <NativeSelect
        label={t('users.fields.gender')}
        required={withPassword}
        error={error('gender')}
        data={[
          { value: '', label: t('common.select') },
          { value: '1', label: t('enums.gender.1') },
          { value: '2', label: t('enums.gender.2') },
        ]}
        {...register('gender')}
      />
      <Controller
        control={form.control}
        name="dob"
        render={({ field }) => (
          <DateField
            label={t('users.fields.dob')}
            // A date of birth cannot be later than today, the store's today.
            maxDate={format.calendarDay(new Date())}
            error={error('dob')}
            {...field}
          />
        )}
      />
      <Box style={{ gridColumn: '1 / -1' }}>
        <Controller
          control={form.control}
          name="address"
          render={({ field }) => (
            <AddressPicker
              label={t('users.fields.location')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              errors={addressErrors(
                errors.address as AddressFieldError | undefined,
                typeof field.value === 'string',
                (text) => translateMessage(t, text),
              )}
            />
          )}
        />
      </Box>
    </SimpleGrid>
  )
}

/** Add user (/admin/user): creates a customer, then goes back to the list. */
export function UserCreatePage() {
  const { t } = useTranslation()
  const edit = useEditController({
    empty: emptyUserForm,
    resolver: userCreateResolver,
    // The admin form creates customers only (spec section 6): the role is always 'user'.
    save: {
      endpoint: endpoints.users.create,
      input: (body) => ({ body: { ...body, role: 'user' as const } }),
    },
    placeRefusal: placeUserRefusal,
    // A taken email shows with the rules' messages after one save (the server checks it only once they hold).
    alsoWhenRulesBreak: emailTakenCheck,
    back: paths.users,
    saved: t('users.created'),
  })
  return (
    <EditScreen
      title={t('users.addTitle')}
      crumbs={[{ label: t('users.listCrumb'), to: paths.users }, { label: t('users.addTitle') }]}
      edit={edit}
    >
      <UserFields form={edit.form} withPassword />
    </EditScreen>
  )
}

/**
 * Edit user (/admin/user/edit/{id}): loads the user on entry, validates on each change, saves, back to the list.
 * Staff may read customers but not change them: for them the same screen shows the customer read-only, since
 * looking up a customer's phone or address is part of handling their orders. Below the form, the customer's
 * orders, for an account that may read orders.
 */
export function UserEditPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const canWrite = useCan('customers:write')
  const canSeeOrders = useCan('orders:read')
  const edit = useEditController({
    load: { endpoint: endpoints.users.get, id },
    toValues: toUserFormValues,
    empty: emptyUserForm,
    resolver: userEditResolver,
    save: { endpoint: endpoints.users.update, input: (body) => ({ params: { id }, body }) },
    placeRefusal: placeUserRefusal,
    back: paths.users,
    saved: t('users.updated'),
    // Spec section 5: the edit form is validated on each change.
    mode: 'onChange',
  })
  return (
    <>
      <EditScreen
        title={t('users.editTitle')}
        crumbs={[{ label: t('users.listCrumb'), to: paths.users }, { label: t('users.editTitle') }]}
        edit={edit}
        readOnly={!canWrite}
        actions={<HistoryLink entity="user" id={id} />}
      >
        <UserFields form={edit.form} withPassword={false} />
      </EditScreen>
      {canSeeOrders && <CustomerOrders userId={id} name={edit.record?.name} />}
    </>
  )
}
