import type { cod as en } from '../en/cod.ts'
import type { Messages } from '../types.ts'

export const cod: Messages<typeof en> = {
  title: 'Đối soát COD',
  intro:
    'Ghi nhận tiền thu hộ (COD) mà đơn vị vận chuyển đã chuyển cho cửa hàng: dán các mã vận đơn đã được trả tiền, hoặc chọn bảng đối soát CSV. Nút Kiểm tra cho biết kết quả trước; chỉ khi bấm Ghi nhận thì mới lưu.',
  carrier: 'Đơn vị vận chuyển',
  chooseCarrier: 'Chọn đơn vị vận chuyển',
  source: 'Dữ liệu đơn vị vận chuyển gửi',
  sources: { numbers: 'Danh sách mã vận đơn', file: 'Bảng đối soát CSV' },
  numbers: 'Mã vận đơn',
  numbersHint: 'Mỗi dòng một mã, hoặc cách nhau bằng dấu cách hay dấu phẩy.',
  numbersCount_one: '{{count}} mã vận đơn',
  numbersCount_other: '{{count}} mã vận đơn',
  file: 'Bảng đối soát (CSV)',
  filePlaceholder: 'Chọn tệp CSV',
  clearFile: 'Bỏ tệp đã chọn',
  fileHint:
    'Bảng đối soát của đơn vị vận chuyển: một cột mã vận đơn và một cột số tiền, thêm cột phí nếu có.',
  check: 'Kiểm tra',
  record: 'Ghi nhận',
  checkedTitle: 'Đã kiểm tra: chưa ghi nhận gì',
  checkedText_one: 'Có {{count}} mã vận đơn ghi nhận được; bấm Ghi nhận để đánh dấu đơn hàng đã thanh toán.',
  checkedText_other:
    'Có {{count}} mã vận đơn ghi nhận được; bấm Ghi nhận để đánh dấu các đơn hàng đã thanh toán.',
  nothingToRecord: 'Không có mã vận đơn nào ghi nhận được.',
  recordedTitle: 'Đã ghi nhận',
  recordedText_one: 'Đã đánh dấu {{count}} đơn hàng đã thanh toán.',
  recordedText_other: 'Đã đánh dấu {{count}} đơn hàng đã thanh toán.',
  refused_one: '{{count}} mã vận đơn không được ghi nhận: xem lý do bên dưới.',
  refused_other: '{{count}} mã vận đơn không được ghi nhận: xem lý do bên dưới.',
  refusedTitle: 'Dữ liệu bị từ chối',
  results: 'Kết quả theo mã vận đơn',
  columns: {
    trackingNumber: 'Mã vận đơn',
    order: 'Đơn hàng',
    result: 'Kết quả',
    expected: 'Phải thu',
    paid: 'Đã trả',
    fee: 'Phí',
  },
  result: {
    collected: 'Đã thu',
    unknown: 'Không tìm thấy mã vận đơn',
    alreadyPaid: 'Đã đối soát trước đó',
    amountDifferent: 'Sai số tiền',
    notDelivered: 'Chưa giao xong',
    noCod: 'Không có tiền thu hộ',
  },
  willCollect: 'Sẽ ghi nhận',
}
