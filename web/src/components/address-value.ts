import type { AddressParts } from '@store/contract'
import { foldText } from '../lib/search-text.ts'

/**
 * An address as a form holds it: by the 2025 units (street, ward and province codes), or as free text for one
 * written before them (CONTRACT 5.6). Both are what the API takes.
 */
export type AddressValue = string | AddressParts

/** An address by the units with nothing chosen yet. */
export const emptyAddressParts: AddressParts = { street: '', wardCode: '', provinceCode: '' }

/**
 * How a form starts from a record's address: by the units when it has them (only their three parts), else the
 * text it was written as; `none` when it has neither.
 */
export const toAddressValue = (
  parts: AddressParts | null,
  text: string | null,
  none: AddressValue = '',
): AddressValue =>
  parts ? { street: parts.street, wardCode: parts.wardCode, provinceCode: parts.provinceCode } : text || none

/**
 * The units an address by the units still has to choose: a form says each is required, where the contract's rule
 * would call an empty code malformed.
 */
export const unchosenUnits = (value: AddressValue): ('provinceCode' | 'wardCode')[] =>
  typeof value === 'string'
    ? []
    : (['provinceCode', 'wardCode'] as const).filter((unit) => value[unit] === '')

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
