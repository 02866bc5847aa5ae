import type { AddressParts } from '@store/contract'
import { foldText } from '../lib/search-text.ts'

/**
 * An address as a form holds it: by the 2025 units (street, ward and province codes), or as free text for one
 * written before them (CONTRACT 5.6). Both are what the API takes.
 */
export type AddressValue = string | AddressParts

/** An address by the units with nothing chosen yet. */
export const emptyAddressParts: AddressParts = { street: '', wardCode: '', provinceCode: '' }

/** A place of the picker's lists: a province or a ward, by its names. */
export interface Place {
  code: string
  name: string
  fullName: string
  nameEn: string
}

/**
 * The places whose names hold what was typed, diacritics and case aside, those whose short name starts with it
 * first: 'cau giay' finds 'Phường Cầu Giấy', 'hanoi' finds 'Hà Nội' by its English name.
 */
export function matchPlaces<P extends Place>(places: readonly P[], search: string): P[] {
  const wanted = foldText(search)
  if (wanted === '') return [...places]
  const starts: P[] = []
  const holds: P[] = []
  for (const place of places) {
    const name = foldText(place.name)
    if (name.startsWith(wanted)) starts.push(place)
    else if (
      name.includes(wanted) ||
      foldText(place.fullName).includes(wanted) ||
      foldText(place.nameEn).includes(wanted)
    )
      holds.push(place)
  }
  return [...starts, ...holds]
}
