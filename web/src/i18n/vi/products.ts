import type { products as en } from '../en/products.ts'
import type { Messages } from '../types.ts'

export const products: Messages<typeof en> = {
  title: 'Sản phẩm',
  list: 'Danh sách sản phẩm',
  add: 'Thêm sản phẩm',
  edit: 'Sửa sản phẩm',
  searchPlaceholder: 'Tìm sản phẩm theo tên',
  outOfStock: 'Hết hàng',
  created: 'Đã tạo sản phẩm',
  updated: 'Đã cập nhật sản phẩm',
  thumbAlt: 'Ảnh của {{name}}',
  fields: {
    name: 'Tên',
    price: 'Giá',
    brand: 'Thương hiệu',
    category: 'Danh mục',
    image: 'Ảnh',
    images: 'Hình ảnh',
    description: 'Mô tả',
    quantity: 'Số lượng',
    size: 'Kích cỡ',
  },
  hints: {
    price: 'Số tiền VND nguyên, không có phần thập phân',
    images: 'Ảnh đầu tiên là ảnh đại diện trong danh sách; tối đa {{max}} ảnh',
    size: 'Để trống tất cả nếu sản phẩm không có kích cỡ',
  },
}
