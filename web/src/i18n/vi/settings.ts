import type { settings as en } from '../en/settings.ts'
import type { Messages } from '../types.ts'

export const settings: Messages<typeof en> = {
  title: 'Cài đặt cửa hàng',
  intro: 'In trên hóa đơn và phiếu đóng gói; tài khoản ngân hàng tạo mã VietQR trên hóa đơn chưa thanh toán.',
  shop: 'Cửa hàng',
  bank: 'Tài khoản ngân hàng nhận chuyển khoản',
  bankIntro: 'Điền đủ cả ba, hoặc để trống cả ba.',
  stock: 'Tồn kho',
  fields: {
    shopName: 'Tên cửa hàng',
    address: 'Địa chỉ',
    phone: 'Số điện thoại',
    email: 'Email',
    taxCode: 'Mã số thuế',
    bankBin: 'Ngân hàng',
    bankAccount: 'Số tài khoản',
    bankAccountName: 'Tên chủ tài khoản',
    lowStockThreshold: 'Ngưỡng sắp hết hàng',
  },
  hints: {
    shopName: 'Như in trên hóa đơn và phiếu đóng gói',
    taxCode: '10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số cho chi nhánh',
    bankAccount: 'Chỉ gồm chữ số, từ 4 đến 19 số',
    bankBin: 'Tìm theo tên ngân hàng; con số là mã NAPAS của ngân hàng',
    bankAccountName: 'Như ngân hàng ghi, thường viết hoa không dấu',
    lowStockThreshold: 'Sản phẩm còn từ 1 đến số này đơn vị được đánh dấu sắp hết hàng. 0: không đánh dấu.',
  },
  bankPlaceholder: 'Chọn ngân hàng',
  noBank: 'Không có ngân hàng phù hợp',
  otherBank: 'Ngân hàng {{bin}}',
  saved: 'Đã lưu cài đặt',
  lastSaved: 'Lưu lần cuối {{when}}',
  neverSaved: 'Chưa lưu lần nào: đến lúc đó ngưỡng là giá trị mặc định của máy chủ.',
}
