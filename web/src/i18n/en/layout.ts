export const layout = {
  nav: {
    label: 'Main',
    dashboard: 'Dashboard',
    users: 'List Users',
    userNew: 'Add User',
    reviews: 'Review',
    products: 'List Products',
    productNew: 'Add Product',
    categories: 'Category',
    brands: 'Brand',
    orders: 'Order List',
    staff: 'Staff',
    audit: 'Audit log',
    settings: 'Shop settings',
  },
  toggleMenu: 'Toggle menu',
  closeMenu: 'Close menu',
  language: 'Language',
  account: 'Account menu',
  setting: 'Setting',
  logout: 'Logout',
  loggedOut: 'You have been signed out',
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** Live updates (CONTRACT 5.7): the toast of orders made, the count on the Orders menu item. */
  live: {
    newOrder: 'New order #{{id}}',
    newOrders_one: '{{count}} new order',
    newOrders_other: '{{count}} new orders',
    /** After the count on the Orders item, for screen readers: 'Order List 2 new orders'. */
    newOrdersAfterCount_one: 'new order',
    newOrdersAfterCount_other: 'new orders',
  },
}
