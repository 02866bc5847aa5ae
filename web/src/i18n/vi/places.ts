import type { places as en } from '../en/places.ts'
import type { Messages } from '../types.ts'

export const places: Messages<typeof en> = {
  province: 'Tỉnh/Thành phố',
  ward: 'Phường/Xã',
  street: 'Số nhà, tên đường',
  streetHint: 'Phần trước phường/xã: 12 Trần Duy Hưng, ngõ 5',
  typeToSearch: 'Gõ để tìm',
  provinceFirst: 'Chọn tỉnh/thành phố trước',
  noProvince: 'Không có tỉnh/thành phố nào có tên này',
  noWard: 'Tỉnh/thành phố này không có phường/xã nào có tên này',
  freeText: 'Địa chỉ khác (nhập tự do)',
  freeTextField: 'Địa chỉ',
  freeTextHint: 'Cho địa chỉ viết theo đơn vị hành chính trước năm 2025, giữ nguyên như đã viết.',
}
