import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  isRealDate,
} from '@store/contract'
import type { TFunction } from 'i18next'
import { paths } from '../../lib/paths.ts'

/** The audit log's filters as the address carries them (CONTRACT 4.4): every one optional. */
export interface AuditFilterValues {
  actor?: string
  entity?: AuditEntity
  entityId?: string
  action?: AuditAction
  /** Whole days in the shop's time zone, 'YYYY-MM-DD', inclusive. */
  from?: string
  to?: string
}
export const FILTER_NAMES = ['actor', 'entity', 'entityId', 'action', 'from', 'to'] as const
export type FilterName = (typeof FILTER_NAMES)[number]

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined
const text = (value: string | null) => {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, 64) : undefined
}
const day = (value: string | null) => (value && isRealDate(value) ? value : undefined)

/**
 * The filters of an address, each kept only when the server would take it: a link someone edited by hand shows
 * the whole log rather than a refusal.
 *
 * @example auditFiltersOf(new URLSearchParams('entity=product&entityId=p1')) // { entity: 'product', entityId: 'p1' }
 */
export function auditFiltersOf(params: URLSearchParams): AuditFilterValues {
  const values: AuditFilterValues = {
    actor: text(params.get('actor')),
    entity: oneOf(AUDIT_ENTITIES, params.get('entity')),
    entityId: text(params.get('entityId')),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as AuditFilterValues
}

/**
 * The address's parameters with one filter changed: back to page 1, and a record id dropped with its type (an
 * id means nothing under another type).
 */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (value) next.set(name, value)
  else next.delete(name)
  if (name === 'entity') next.delete('entityId')
  next.delete('page')
  return next
}

/**
 * The screen that shows a record of the log, when there is one and the record may still be there: never for a
 * deletion, nor for kinds of record without an edit screen (an order line, a review, a file, a sign-in).
 */
export function recordPath(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'action'>): string | undefined {
  const id = entry.entityId
  if (!id || entry.action === 'delete') return undefined
  switch (entry.entity) {
    case 'user':
      return paths.userEdit(id)
    case 'staff':
      return paths.staffEdit(id)
    case 'category':
      return paths.categoryEdit(id)
    case 'brand':
      return paths.brandEdit(id)
    case 'product':
      return paths.productEdit(id)
    case 'order':
      return paths.orderDetail(id)
    default:
      return undefined
  }
}

/**
 * A value of a change as text: '' for none (the screen says '(empty)'), a list or an object as JSON, anything
 * else as it is. A secret arrives as 'changed' and shows so.
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/**
 * An entry's record as people call it: 'Product “Áo thun basic”', an order by its number and customer ('Order
 * #64 · Lan'), the shop settings by their kind alone. An entry written before names were kept, or about a record
 * with none, falls back to the kind and the id ('Product 64').
 *
 * @example recordLabel(t, { entity: 'product', entityId: '64', entityName: 'Áo thun basic' }) // 'Product “Áo thun basic”'
 */
export function recordLabel(
  t: TFunction,
  entry: Pick<AuditEntry, 'entity' | 'entityId' | 'entityName'>,
): string {
  const entity = t(`audit.entities.${entry.entity}`)
  const { entityId: id, entityName: name } = entry
  if (entry.entity === 'settings') return entity
  if (entry.entity === 'order' && id)
    return name ? t('audit.recordOrderNamed', { id, name }) : t('audit.recordOrder', { id })
  if (name)
    return entry.entity === 'review'
      ? t('audit.recordReview', { name })
      : t('audit.recordNamed', { entity, name })
  return t('audit.record', { entity, id: id ?? '' }).trim()
}
