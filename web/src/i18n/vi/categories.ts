import type { categories as en } from '../en/categories.ts'
import type { Messages } from '../types.ts'

export const categories: Messages<typeof en> = {
  title: 'Danh mục',
  listCrumb: 'Danh sách danh mục',
  addTitle: 'Thêm danh mục',
  editTitle: 'Sửa danh mục',
  searchPlaceholder: 'Tìm theo tên danh mục',
  fields: {
    name: 'Tên',
    slug: 'Slug',
  },
  created: 'Đã tạo danh mục thành công',
  updated: 'Đã cập nhật danh mục thành công',
}
