import { AUDIT_FIELDS, AUDIT_NOISE, type AuditAction, allEndpoints } from '@store/contract'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { en } from '../i18n/en/index.ts'
import { vi } from '../i18n/vi/index.ts'
import { fieldLabel } from './field-labels.ts'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

/** The top-level field names of a schema: an object's keys, through unions, pipes and optional wrappers. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def
  if (!def) return []
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object)
    case 'union':
      return (def.options as z.ZodType[]).flatMap(fieldsOf)
    case 'pipe':
      return fieldsOf(def.in as z.ZodType)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldsOf(def.innerType as z.ZodType)
    default:
      return []
  }
}

/** The actions whose entries list a record's fields: what its body sends, and for a record, what it holds. */
const SENDS: readonly AuditAction[] = ['create', 'update', 'delete', 'stockAdjust', 'shipment']
const HOLDS: readonly AuditAction[] = ['create', 'update', 'delete']

/**
 * Every field the server can write into an entry's changes as a record's field, from the endpoint table: the
 * bodies of the writes that record fields, and the records those writes answer (a record created or deleted is
 * written whole). Fields the log leaves out (`AUDIT_NOISE`) are not among them.
 */
function recordFields(): Set<string> {
  const fields = new Set<string>()
  for (const endpoint of allEndpoints) {
    const audit = endpoint.audit
    if (!audit || 'skip' in audit) continue
    if (SENDS.includes(audit.action)) for (const f of fieldsOf(endpoint.body)) fields.add(f)
    const data = (endpoint.answer as z.ZodObject).shape?.data as z.ZodType | undefined
    if (HOLDS.includes(audit.action)) for (const f of fieldsOf(data)) fields.add(f)
  }
  for (const noise of AUDIT_NOISE) fields.delete(noise)
  return fields
}

describe('the labels of audited fields', () => {
  it('has a label for every field the server can write: each is one of the contract’s AUDIT_FIELDS', () => {
    const fields = recordFields()
    // The walk found the records' fields, not nothing.
    expect(fields.size).toBeGreaterThan(50)
    for (const field of ['bankBin', 'paymentStatus', 'price', 'trackingNumber', 'lowStockThreshold'])
      expect(fields).toContain(field)
    const unlabelled = [...fields].filter((f) => !(AUDIT_FIELDS as readonly string[]).includes(f))
    expect(unlabelled, 'add these to AUDIT_FIELDS and label them in both languages').toEqual([])
  })

  it('labels each field in English and in Vietnamese, never by its key', () => {
    for (const field of AUDIT_FIELDS) {
      for (const labels of [en.auditFields, vi.auditFields]) {
        const label = labels[field]
        expect(label.trim(), field).not.toBe('')
        expect(label, `${field} is shown by its key`).not.toBe(field)
      }
    }
  })

  it('names a field in the language on screen, and an unknown key as it is', async () => {
    expect(fieldLabel(i18next.t, 'bankBin')).toBe('Bank')
    expect(fieldLabel(i18next.t, 'paymentStatus')).toBe('Payment status')
    await i18next.changeLanguage('vi')
    expect(fieldLabel(i18next.t, 'bankBin')).toBe('Ngân hàng')
    expect(fieldLabel(i18next.t, 'paymentStatus')).toBe('Trạng thái thanh toán')
    expect(fieldLabel(i18next.t, 'somethingOld')).toBe('somethingOld')
  })
})
