import { AUDIT_FIELDS, type AuditField } from '@store/contract'
import type { TFunction } from 'i18next'

const isAuditField = (key: string): key is AuditField => (AUDIT_FIELDS as readonly string[]).includes(key)

/**
 * A record's field as a person reads it, in the language on screen: the audit log's changes and the 'changed by
 * someone else' question name fields by these labels (`auditFields.*`), never by the code's keys. A key outside
 * the contract's `AUDIT_FIELDS` (an entry older than its label) shows as it is.
 *
 * @example fieldLabel(t, 'bankBin') // 'Bank' (en), 'Ngân hàng' (vi)
 */
export function fieldLabel(t: TFunction, key: string): string {
  return isAuditField(key) ? t(`auditFields.${key}`) : key
}
