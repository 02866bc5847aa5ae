export const users = {
  /** The shop's customers (the API's users), beside the staff who run the back-office. */
  title: 'Customers',
  listCrumb: 'Customers',
  addTitle: 'Add customer',
  editTitle: 'Edit customer',
  searchPlaceholder: 'Search customers by name',
  empty: 'No customers yet.',
  noMatch: 'No customers match your search or filters.',
  fields: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    phoneNumber: 'Phone number',
    gender: 'Gender',
    dob: 'Date of birth',
    location: 'Address',
    createdAt: 'Joined',
  },
  filters: {
    joined: 'Joined',
  },
  created: 'Customer created successfully',
  updated: 'Customer updated successfully',
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
