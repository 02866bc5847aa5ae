export const dashboard = {
  title: 'Dashboard',
  thisMonth: 'This month',
  allTime: 'All time:',
  /** Read after the percentage: '12.5 % of all time'. */
  shareOfAllTime: 'of all time',
  notAvailable: 'Not available',
  cards: {
    orders: 'Orders',
    sold: 'Units sold',
    revenue: 'Revenue',
    shipping: 'Shipping fees',
  },
  today: {
    label: 'Revenue today',
  },
  /** The report over a chosen period (CONTRACT 4.8). */
  report: {
    heading: 'Sales report',
    /** The period shown, under the heading: '2026-05-01 to 2026-05-31'. */
    range: '{{from}} to {{to}}',
    /** The same, for one day. */
    day: '{{from}}',
    comparedRange: 'compared with {{from}} to {{to}}',
    comparedDay: 'compared with {{from}}',
    period: 'Period',
    periods: {
      today: 'Today',
      '7d': 'Last 7 days',
      '30d': 'Last 30 days',
      'this-month': 'This month',
      'last-month': 'Last month',
      'this-year': 'This year',
      custom: 'Custom range',
    },
    from: 'From',
    to: 'To',
    compare: 'Compare with',
    comparisons: {
      none: 'No comparison',
      previous: 'Previous period',
      year: 'Same period last year',
    },
    export: 'Export CSV',
    exported: 'The file {{name}} is downloaded',
    failed: 'The report could not be loaded.',
    retry: 'Try again',
  },
  /** The report's figures, one card each. */
  figures: {
    heading: 'Figures for the period',
    revenue: 'Revenue',
    orders: 'Orders',
    units: 'Units sold',
    averageOrder: 'Average order',
    newCustomers: 'New customers',
    cancelled: 'Cancelled orders',
    shipping: 'Shipping fees',
    /** The compared period's figure, under the change: 'Before: 1,250,000 VND'. */
    before: 'Before: {{value}}',
  },
  /** A figure's change against the compared period; the word is read before the per cent: 'up 12.5 %'. */
  change: {
    up: 'up',
    down: 'down',
    same: 'No change',
    /** The compared figure was 0: no per cent of nothing. */
    new: 'New',
  },
  chart: {
    heading: 'Sales over time',
    measure: 'Measure',
    measures: {
      revenue: 'Revenue',
      orders: 'Orders',
      units: 'Units sold',
    },
    interval: 'Group by',
    intervals: {
      day: 'Day',
      week: 'Week',
      month: 'Month',
    },
    /** The chart's and its table's name: 'Revenue by day, 2026-05-01 to 2026-05-31'. */
    title: '{{measure}} by {{interval}}, {{range}}',
    intervalWords: {
      day: 'day',
      week: 'week',
      month: 'month',
    },
    current: 'This period',
    compared: 'Compared period',
    period: 'Period',
    /** A week is named by its Monday. */
    week: 'Week of {{date}}',
    comparedColumn: '{{measure}}, compared period',
    showTable: 'Show as table',
    empty: 'Nothing sold in this period.',
    /** The drawing as a screen reader names it; the table under it has every period. */
    summary: '{{title}}: highest {{high}} ({{highAt}}), lowest {{low}} ({{lowAt}})',
  },
  topProducts: {
    heading: 'Top 10 products',
    product: 'Product',
    units: 'Units',
    revenue: 'Revenue',
    empty: 'No products sold in this period.',
  },
  categories: {
    heading: 'Revenue by category',
    /** The chart's and its table's name. */
    title: 'Revenue by category, {{range}}',
    category: 'Category',
    units: 'Units',
    revenue: 'Revenue',
    empty: 'No sales in any category in this period.',
    /** The bars as a screen reader names them: '…: 9 categories, the most revenue from Đồng hồ (15,500,000 VND)'. */
    summary_one: '{{title}}: {{count}} category, {{name}} ({{value}})',
    summary_other: '{{title}}: {{count}} categories, the most revenue from {{name}} ({{value}})',
  },
  sources: {
    heading: 'Orders by source',
    source: 'Source',
    orders: 'Orders',
    revenue: 'Revenue',
    empty: 'No orders in this period.',
  },
  payments: {
    heading: 'Orders by payment method',
    title: 'Orders by payment method, {{range}}',
    /** The ring as a screen reader names it: '…: Cash on delivery 3 (75.0 %), VNPay wallet 1 (25.0 %)'. */
    summary: '{{title}}: {{list}}',
    method: 'Payment method',
    orders: 'Orders',
    revenue: 'Revenue',
    empty: 'No orders in this period.',
  },
  recent: {
    heading: 'Recent orders',
    customer: 'Customer',
    amount: 'Amount',
    status: 'Status',
    viewAll: 'View all',
    viewAllLabel: 'View all orders',
    empty: 'No orders yet.',
    detail: 'Order detail of {{name}}, {{date}}',
  },
  stockOut: {
    heading: 'Out of stock',
    product: 'Product',
    count_one: '{{count}} product',
    count_other: '{{count}} products',
    viewAll: 'View all',
    viewAllLabel: 'View all products out of stock',
    edit: 'Edit {{name}}',
    thumbAlt: 'Picture of {{name}}',
    empty: 'No products are out of stock.',
  },
  lowStock: {
    heading: 'Low stock',
    /** Under the heading: the shop's threshold (Shop settings). */
    hint_one: '{{count}} unit left or fewer',
    hint_other: '{{count}} units left or fewer',
    left: 'Left',
    viewAllLabel: 'View all products low on stock',
    sizes: 'Sizes running low: {{list}}',
    empty: 'No products are running low.',
  },
  /** COD of delivered shipments the carriers still hold, and the period's settlements (CONTRACT 5.5). */
  cod: {
    heading: 'COD outstanding',
    outstanding: 'Delivered, not yet paid over by the carriers',
    byCarrier: 'By carrier',
    carrier: 'Carrier',
    orders: 'Orders',
    amount: 'Amount',
    none: 'No carrier owes COD.',
    collected: 'Collected in the period',
    fees: 'Carrier fees',
    net: 'Net to the shop',
    reconcile: 'Reconcile COD',
  },
}
