import { zodResolver } from '@hookform/resolvers/zod'
import { type Category, type CategoryBody, categoryBody } from '@store/contract'
import type { Resolver } from 'react-hook-form'

export interface CategoryFormValues {
  name: string
}

export const emptyCategoryForm: CategoryFormValues = { name: '' }

/**
 * Add and edit category: the name is required. The spec shows no rule on edit, but the server refuses an empty
 * name there too, so the edit form says so before the call rather than after.
 */
export const categoryForm = categoryBody
export const categoryResolver: Resolver<CategoryFormValues, unknown, CategoryBody> = zodResolver(categoryForm)

export const toCategoryFormValues = (category: Category): CategoryFormValues => ({ name: category.name })
