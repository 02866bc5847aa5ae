import type { brands as en } from '../en/brands.ts'
import type { Messages } from '../types.ts'

export const brands: Messages<typeof en> = {
  title: 'Thương hiệu',
  list: 'Danh sách thương hiệu',
  add: 'Thêm thương hiệu',
  edit: 'Sửa thương hiệu',
  searchPlaceholder: 'Tìm thương hiệu theo tên',
  empty: 'Chưa có thương hiệu nào.',
  noMatch: 'Không có thương hiệu nào khớp với từ khóa.',
  created: 'Thêm thương hiệu thành công',
  updated: 'Cập nhật thương hiệu thành công',
  logoAlt: 'Logo {{name}}',
  fields: {
    name: 'Tên thương hiệu',
    logo: 'Logo',
    createdAt: 'Ngày tạo',
  },
  hints: {
    logo: 'Ảnh tải lên sẽ thay cho logo hiện tại',
  },
}
