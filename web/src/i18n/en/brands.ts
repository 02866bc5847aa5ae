export const brands = {
  title: 'Brand',
  list: 'List Brand',
  add: 'Add Brand',
  edit: 'Edit Brand',
  searchPlaceholder: 'Search brand by name',
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
