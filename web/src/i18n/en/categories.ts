export const categories = {
  title: 'Category',
  listCrumb: 'List Category',
  addTitle: 'Add Category',
  editTitle: 'Edit Category',
  searchPlaceholder: 'Search by category name',
  fields: {
    name: 'Name',
    slug: 'Slug',
    createdAt: 'Created',
  },
  created: 'Category created successfully',
  updated: 'Category updated successfully',
}
