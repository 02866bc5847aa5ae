import type { categories as en } from '../en/categories.ts'
import type { Messages } from '../types.ts'

export const categories: Messages<typeof en> = {
  title: 'Danh mục',
  listCrumb: 'Danh sách danh mục',
  addTitle: 'Thêm danh mục',
  editTitle: 'Sửa danh mục',
  searchPlaceholder: 'Tìm danh mục theo tên',
  empty: 'Chưa có danh mục nào.',
  noMatch: 'Không có danh mục nào khớp với từ khóa.',
  fields: {
    name: 'Tên danh mục',
    slug: 'Đường dẫn (slug)',
    createdAt: 'Ngày tạo',
  },
  created: 'Thêm danh mục thành công',
  updated: 'Cập nhật danh mục thành công',
}
