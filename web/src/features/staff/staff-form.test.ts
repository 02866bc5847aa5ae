import type { StaffMember } from '@store/contract'
import { describe, expect, it } from 'vitest'
import { changedPart } from '../../lib/edit-body.ts'
import { orNameAlone, type StaffEditValues, staffEditForm, toStaffEditValues } from './staff-form.ts'

const loaded: StaffMember = {
  id: 's1',
  _id: 's1',
  name: 'Lê Thu Hà',
  email: 'ha@example.com',
  role: 'staff',
  active: true,
  twoFactor: false,
  lastLoginAt: null,
  version: 0,
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
}

/**
 * What the edit screen's controller sends from the member as loaded: the fields that differ from it
 * (`onlyChanged`, which asks the form which fields are dirty), through the screen's transform.
 */
function changedFields(before: StaffMember, after: StaffEditValues) {
  const filled = toStaffEditValues(before)
  const changed = changedPart(
    after,
    (field) => after[field as keyof StaffEditValues] !== filled[field as keyof StaffEditValues],
  )
  return orNameAlone(changed, { checked: after })
}

describe('what a staff save sends', () => {
  it('sends only the fields that changed', () => {
    expect(changedFields(loaded, { name: 'Lê Thu Hà', role: 'admin', active: true })).toEqual({
      role: 'admin',
    })
    expect(changedFields(loaded, { name: 'Hà', role: 'staff', active: false })).toEqual({
      name: 'Hà',
      active: false,
    })
  })

  it('sends the name alone when nothing changed', () => {
    expect(changedFields(loaded, { name: 'Lê Thu Hà', role: 'staff', active: true })).toEqual({
      name: 'Lê Thu Hà',
    })
  })

  it('keeps the name required on edit, though the contract body makes it optional', () => {
    expect(staffEditForm.safeParse({ name: '  ', role: 'staff', active: true }).success).toBe(false)
    expect(staffEditForm.safeParse({ name: 'Hà', role: 'owner', active: true }).success).toBe(false)
    expect(staffEditForm.parse({ name: ' Hà ', role: 'admin', active: false })).toEqual({
      name: 'Hà',
      role: 'admin',
      active: false,
    })
  })
})
