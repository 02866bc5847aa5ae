export const users = {
  /** Spec section 2: the list's page title is 'User' and its breadcrumb 'List User'. */
  title: 'User',
  listCrumb: 'List User',
  addTitle: 'Add User',
  editTitle: 'Edit User',
  searchPlaceholder: 'Search by name',
  fields: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    phoneNumber: 'Phone Number',
    gender: 'Gender',
    dob: 'Date of birth',
    location: 'Location',
    createdAt: 'Joined',
  },
  filters: {
    joined: 'Joined',
  },
  created: 'User created successfully',
  updated: 'User updated successfully',
  /** The customer's own orders, under the edit form. */
  orders: {
    title: 'Orders',
    caption: 'Orders of {{name}}',
    number: 'Order',
    placedOn: 'Placed on',
    total: 'Total',
    status: 'Status',
    open: 'Open order #{{id}}',
    none: 'This customer has no orders yet.',
  },
}
