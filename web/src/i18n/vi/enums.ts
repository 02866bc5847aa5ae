import type { enums as en } from '../en/enums.ts'
import type { Messages } from '../types.ts'

export const enums: Messages<typeof en> = {
  orderStatus: { '0': 'Đã hủy', '1': 'Chờ xác nhận', '2': 'Đang xử lý', '3': 'Đã giao' },
  paymentStatus: {
    unpaid: 'Chưa thanh toán',
    pending: 'Chờ thanh toán',
    paid: 'Đã thanh toán',
    failed: 'Thanh toán thất bại',
    refunded: 'Đã hoàn tiền',
  },
  orderSource: {
    phone: 'Điện thoại',
    zalo: 'Zalo',
    facebook: 'Facebook',
    shop: 'Tại cửa hàng',
    web: 'Website',
    marketplace: 'Sàn TMĐT',
    other: 'Khác',
  },
  gender: { '1': 'Nữ', '2': 'Nam' },
  payment: {
    unpaid: 'Chưa thanh toán',
    cash: 'Thanh toán khi nhận hàng',
    wallet: 'Ví VNPay',
    paypal: 'PayPal',
  },
  orderField: { amount: 'số tiền', quantity: 'số lượng' },
  productField: { category: 'danh mục', brand: 'thương hiệu' },
  stockReason: {
    order: 'Đơn hàng',
    'order-cancelled': 'Hủy đơn hàng',
    'order-deleted': 'Xóa đơn hàng',
    'line-changed': 'Sửa dòng đơn hàng',
    'line-deleted': 'Xóa dòng đơn hàng',
    returned: 'Khách trả hàng',
    received: 'Nhập hàng',
    damaged: 'Hàng hỏng',
    lost: 'Hàng mất',
    count: 'Kiểm kho',
    import: 'Nhập từ tệp',
    edited: 'Sửa sản phẩm',
    other: 'Khác',
  },
}
