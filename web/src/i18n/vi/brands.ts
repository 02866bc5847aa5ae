import type { brands as en } from '../en/brands.ts'
import type { Messages } from '../types.ts'

export const brands: Messages<typeof en> = {
  title: 'Thương hiệu',
  list: 'Danh sách thương hiệu',
  add: 'Thêm thương hiệu',
  edit: 'Sửa thương hiệu',
  searchPlaceholder: 'Tìm thương hiệu theo tên',
  created: 'Đã tạo thương hiệu',
  updated: 'Đã cập nhật thương hiệu',
  logoAlt: 'Logo của {{name}}',
  fields: {
    name: 'Tên',
    logo: 'Ảnh logo',
  },
  hints: {
    logo: 'Ảnh tải lên mới sẽ thay thế logo hiện tại',
  },
}
