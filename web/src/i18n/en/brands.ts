export const brands = {
  title: 'Brands',
  list: 'Brands',
  add: 'Add brand',
  edit: 'Edit brand',
  searchPlaceholder: 'Search brands by name',
  empty: 'No brands yet.',
  noMatch: 'No brands match your search.',
  created: 'Brand created successfully',
  updated: 'Brand updated successfully',
  logoAlt: 'Logo of {{name}}',
  fields: {
    name: 'Name',
    logo: 'Logo image',
    createdAt: 'Created',
  },
  hints: {
    logo: 'A new upload replaces the current logo',
  },
}
