import type { shell as en } from '../en/shell.ts'
import type { Messages } from '../types.ts'

export const shell: Messages<typeof en> = {
  skipToContent: 'Bỏ qua đến nội dung',
  colorScheme: {
    label: 'Giao diện',
    light: 'Sáng',
    dark: 'Tối',
    auto: 'Theo hệ thống',
  },
  palette: {
    open: 'Tìm kiếm',
    label: 'Tìm kiếm và chuyển nhanh',
    placeholder: 'Tìm đơn hàng, sản phẩm, khách hàng hoặc màn hình',
    actions: 'Thao tác',
    screens: 'Màn hình',
    orders: 'Đơn hàng',
    products: 'Sản phẩm',
    customers: 'Khách hàng',
    newOrder: 'Tạo đơn hàng',
    order: 'Đơn hàng #{{id}}',
    sku: 'Mã SKU {{sku}}',
    searching: 'Đang tìm…',
    nothingFound: 'Không tìm thấy kết quả nào',
    failed: 'Không tìm kiếm được. Vui lòng thử lại.',
  },
  shortcuts: {
    title: 'Phím tắt',
    followedBy: 'rồi',
    search: 'Tìm kiếm và chuyển đến màn hình bất kỳ',
    goOrders: 'Đến danh sách đơn hàng',
    goProducts: 'Đến danh sách sản phẩm',
    newInList: 'Thêm mới, trên danh sách có nút Thêm',
    save: 'Lưu biểu mẫu',
    close: 'Đóng hộp thoại hoặc menu',
    help: 'Xem các phím tắt này',
    typing: 'Khi đang nhập vào một ô, chỉ Ctrl + Enter và Esc có tác dụng.',
  },
}
