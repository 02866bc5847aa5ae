import type { Province, Ward } from '@store/contract'
import { ok, type Routes } from './fake-fetch.ts'

/** A few of the 2025 units, enough for a form's address picker. */
export const PROVINCES: Province[] = [
  { code: '01', name: 'Hà Nội', fullName: 'Thành phố Hà Nội', nameEn: 'Hanoi' },
  { code: '79', name: 'Hồ Chí Minh', fullName: 'Thành phố Hồ Chí Minh', nameEn: 'Ho Chi Minh City' },
]
export const WARDS: Record<string, Ward[]> = {
  '01': [
    { code: '00004', provinceCode: '01', name: 'Ba Đình', fullName: 'Phường Ba Đình', nameEn: 'Ba Dinh' },
    { code: '00167', provinceCode: '01', name: 'Cầu Giấy', fullName: 'Phường Cầu Giấy', nameEn: 'Cau Giay' },
  ],
  '79': [
    { code: '26734', provinceCode: '79', name: 'Sài Gòn', fullName: 'Phường Sài Gòn', nameEn: 'Sai Gon' },
  ],
}

/**
 * The places API for `fakeFetch`: the provinces, and each one's wards. A form with an address picker asks for
 * the provinces as it opens, whichever way the address is held.
 *
 * @example fakeFetch({ ...placeRoutes, 'GET /api/admin/users/7': () => ok(user) })
 */
export const placeRoutes: Routes = {
  'GET /api/admin/places/provinces': () => ok(PROVINCES),
  ...Object.fromEntries(
    Object.entries(WARDS).map(([code, wards]) => [
      `GET /api/admin/places/provinces/${code}/wards`,
      () => ok(wards),
    ]),
  ),
}
