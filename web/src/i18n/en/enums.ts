/** Names of the contract's codes (contract/src/enums.ts). */
export const enums = {
  orderStatus: { '0': 'Cancelled', '1': 'Pending', '2': 'Processing', '3': 'Delivered' },
  paymentStatus: {
    unpaid: 'Unpaid',
    pending: 'Awaiting payment',
    paid: 'Paid',
    failed: 'Payment failed',
    refunded: 'Refunded',
  },
  orderSource: {
    phone: 'Phone',
    zalo: 'Zalo',
    facebook: 'Facebook',
    shop: 'In the shop',
    web: 'Website',
    marketplace: 'Marketplace',
    other: 'Other',
  },
  gender: { '1': 'Female', '2': 'Male' },
  payment: {
    unpaid: 'Unpaid',
    cash: 'Cash on delivery',
    wallet: 'VNPay wallet',
    paypal: 'PayPal',
  },
  /** A field of an order or a product named inside a sentence (contract's `NAMED_PARAMS`): as the API writes it. */
  orderField: { amount: 'amount', quantity: 'quantity' },
  productField: { category: 'category', brand: 'brand' },
  /** A shipment's step (contract's `SHIPMENT_STATUSES`). */
  shipmentStatus: { ready: 'Ready', 'in-transit': 'Shipping', delivered: 'Delivered', returned: 'Returned' },
  /** The couriers (contract's `CARRIERS`): their own names, but the shop's own delivery and other. */
  carrier: {
    ghn: 'Giao Hàng Nhanh (GHN)',
    ghtk: 'Giao Hàng Tiết Kiệm (GHTK)',
    viettelpost: 'Viettel Post',
    jt: 'J&T Express',
    spx: 'SPX Express',
    vnpost: 'VNPost',
    ninjavan: 'Ninja Van',
    ahamove: 'Ahamove',
    self: 'Shop delivery',
    other: 'Other carrier',
  },
  /** Where a shipment's cash on delivery stands (contract's `COD_STATUSES`). */
  codStatus: {
    none: 'No COD',
    pending: 'With the carrier',
    outstanding: 'To collect',
    collected: 'Collected',
  },
  /** Why a product's stock changed (contract's `STOCK_REASONS`). */
  stockReason: {
    order: 'Order',
    'order-cancelled': 'Order cancelled',
    'order-deleted': 'Order deleted',
    'line-changed': 'Order line changed',
    'line-deleted': 'Order line deleted',
    returned: 'Returned',
    received: 'Received',
    damaged: 'Damaged',
    lost: 'Lost',
    count: 'Stock count',
    import: 'Import',
    edited: 'Product edited',
    other: 'Other',
  },
}
