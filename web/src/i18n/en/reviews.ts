export const reviews = {
  title: 'Reviews',
  crumb: 'Reviews',
  searchPlaceholder: 'Search by comment',
  empty: 'No reviews yet.',
  noMatch: 'No reviews match your search or filters.',
  columns: {
    product: 'Product',
    customer: 'Customer name',
    comment: 'Comment',
    rating: 'Rating',
    status: 'Status',
    createdAt: 'Date',
  },
  /** A review's moderation status (CONTRACT 4.5). */
  status: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  filters: {
    rating: 'Rating',
    stars_one: '{{count}} star',
    stars_other: '{{count}} stars',
    status: 'Status',
  },
  /** Moderation from the list: one review by its row's buttons, several through the selection bar. */
  moderation: {
    approve: 'Approve',
    reject: 'Reject',
    approved: 'Review approved',
    rejected: 'Review rejected',
    approveQuestion_one: 'Approve {{count}} review? It then counts in its product’s rating.',
    approveQuestion_other: 'Approve {{count}} reviews? They then count in their products’ ratings.',
    rejectQuestion_one: 'Reject {{count}} review? It then no longer counts in its product’s rating.',
    rejectQuestion_other: 'Reject {{count}} reviews? They then no longer count in their products’ ratings.',
  },
  /** Names a row in the action buttons' labels: 'Delete review by Lê Thị Hoa'. */
  rowLabel: 'review by {{name}}',
}
