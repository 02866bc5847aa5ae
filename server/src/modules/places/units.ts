import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { AddressParts, Province, Ward } from '@store/contract'
import { badRequest } from '../../lib/errors.ts'
import { SERVER_DIR } from '../../paths.ts'

/**
 * The 2025 administrative units, from the product's own copy of the list
 * (`server/assets/places/vn-units-2025.json`, its source and licence beside it). Read once, on the first call
 * that needs it, and kept: 200 KB that never change while the server runs.
 */
interface Units {
  provinces: Province[]
  wardsOf: Map<string, Ward[]>
}

type Row = string[]

let units: Units | undefined

export function loadUnits(file = path.join(SERVER_DIR, 'assets/places/vn-units-2025.json')): Units {
  if (units) return units
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { provinces: Row[]; wards: Row[] }
  const provinces = raw.provinces
    .map(([code, name, fullName, nameEn]) => ({
      code: code!,
      name: name!,
      fullName: fullName!,
      nameEn: nameEn!,
    }))
    .sort((a, b) => a.code.localeCompare(b.code))
  const wardsOf = new Map<string, Ward[]>(provinces.map((p) => [p.code, []]))
  for (const [code, provinceCode, name, fullName, nameEn] of raw.wards) {
    const list = wardsOf.get(provinceCode!)
    if (!list) throw new Error(`ward ${code} names the unknown province ${provinceCode}`)
    list.push({ code: code!, provinceCode: provinceCode!, name: name!, fullName: fullName!, nameEn: nameEn! })
  }
  for (const list of wardsOf.values()) list.sort((a, b) => a.code.localeCompare(b.code))
  units = { provinces, wardsOf }
  return units
}

/**
 * The text of an address given by the 2025 units (CONTRACT 5.6): `street, <ward full name>, <province full name>`.
 * An unknown province, or a ward that is not one of its province's, is a 400 naming `field`'s code.
 *
 * @example addressText({ street: '12 Trần Thái Tông', wardCode: '00166', provinceCode: '01' }, 'address')
 *   // '12 Trần Thái Tông, Phường Cầu Giấy, Thành phố Hà Nội'
 */
export function addressText(parts: AddressParts, field: string): string {
  const { provinces, wardsOf } = loadUnits()
  const province = provinces.find((p) => p.code === parts.provinceCode)
  if (!province) throw badRequest(`${field}.provinceCode`, 'provinceNotFound')
  const ward = wardsOf.get(province.code)?.find((w) => w.code === parts.wardCode)
  if (!ward) throw badRequest(`${field}.wardCode`, 'wardNotFound')
  return `${parts.street}, ${ward.fullName}, ${province.fullName}`
}
