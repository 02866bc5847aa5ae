import { NativeSelect } from '@mantine/core'
import { STAFF_ROLES } from '@store/contract'
import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

/**
 * The role of a member of staff, with what each role may do said under it.
 *
 * @example <RoleSelect error={error('role')} {...form.register('role')} />
 */
export function RoleSelect({
  error,
  disabled,
  description,
  ...field
}: UseFormRegisterReturn & { error?: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <NativeSelect
      label={t('staff.fields.role')}
      required
      description={description ?? t('staff.roleHint')}
      error={error}
      disabled={disabled}
      data={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
      {...field}
    />
  )
}
