export const reviews = {
  title: 'Review',
  crumb: 'Review',
  searchPlaceholder: 'Search by comment',
  columns: {
    product: 'Product',
    customer: 'Customer name',
    comment: 'Comment',
    rating: 'Rating',
    createdAt: 'Date',
  },
  filters: {
    rating: 'Rating',
    stars_one: '{{count}} star',
    stars_other: '{{count}} stars',
  },
  /** Names a row in the delete button's label: 'Delete review by Lê Thị Hoa'. */
  rowLabel: 'review by {{name}}',
}
