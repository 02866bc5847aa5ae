export const categories = {
  title: 'Categories',
  listCrumb: 'Categories',
  addTitle: 'Add category',
  editTitle: 'Edit category',
  searchPlaceholder: 'Search categories by name',
  empty: 'No categories yet.',
  noMatch: 'No categories match your search.',
  fields: {
    name: 'Name',
    slug: 'Slug',
    createdAt: 'Created',
  },
  created: 'Category created successfully',
  updated: 'Category updated successfully',
}
