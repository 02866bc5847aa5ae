import type { products as en } from '../en/products.ts'
import type { Messages } from '../types.ts'

export const products: Messages<typeof en> = {
  title: 'Sản phẩm',
  list: 'Danh sách sản phẩm',
  add: 'Thêm sản phẩm',
  edit: 'Sửa sản phẩm',
  searchPlaceholder: 'Tìm theo tên sản phẩm',
  outOfStock: 'Hết hàng',
  created: 'Thêm sản phẩm thành công',
  updated: 'Cập nhật sản phẩm thành công',
  thumbAlt: 'Ảnh {{name}}',
  fields: {
    name: 'Tên sản phẩm',
    price: 'Giá bán',
    brand: 'Thương hiệu',
    category: 'Danh mục',
    image: 'Ảnh',
    images: 'Hình ảnh',
    description: 'Mô tả',
    quantity: 'Tồn kho',
    size: 'Kích cỡ',
  },
  hints: {
    price: 'Đơn vị đồng, số nguyên, không có phần lẻ',
    images: 'Ảnh đầu tiên là ảnh đại diện trong danh sách; tối đa {{max}} ảnh',
    size: 'Để trống tất cả các ô nếu sản phẩm không có kích cỡ',
  },
}
