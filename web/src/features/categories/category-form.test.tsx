import { messageText, readMessage } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeFetch } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { categoryForm, toCategoryFormValues } from './category-form.ts'
import { CategoryCreatePage } from './category-form-page.tsx'

describe('category rules (the contract schema)', () => {
  it('trims the name', () => {
    expect(categoryForm.parse({ name: '  Áo thun  ' })).toEqual({ name: 'Áo thun' })
  })

  it.each([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['x'.repeat(121), 'At most 120 characters'],
  ])('name %j says %j', (name, message) => {
    const result = categoryForm.safeParse({ name })
    expect(result.success).toBe(false)
    // The schema gives the message by code; the English is the text the server answers with.
    expect(messageText(readMessage(result.error?.issues[0]?.message)!)).toBe(message)
  })

  it('fills the edit form from a category', () => {
    expect(
      toCategoryFormValues({
        id: '3',
        _id: '3',
        name: 'Quần jean',
        slug: 'quan-jean',
        version: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toEqual({ name: 'Quần jean' })
  })
})

describe('the add-category screen', () => {
  // Any call would be a mistake here: the form must stop an empty name before the server sees it.
  beforeEach(() => {
    fakeFetch({})
  })

  it('says the name is required, next to the field', async () => {
    const user = userEvent.setup()
    renderAt(<CategoryCreatePage />, '/admin/category', '/admin/category')
    expect(screen.getByRole('heading', { name: 'Add category' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/categories')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const name = screen.getByLabelText(/^Name/)
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required'))
    await user.type(name, 'Phụ kiện')
    await waitFor(() => expect(name).not.toHaveAccessibleDescription('This field is required'))
  })

  it('shows the message in Vietnamese when that language is chosen', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('vi')
    try {
      const user = userEvent.setup()
      renderAt(<CategoryCreatePage />, '/admin/category', '/admin/category')
      await user.click(screen.getByRole('button', { name: 'Lưu' }))
      await waitFor(() =>
        expect(screen.getByLabelText(/^Tên/)).toHaveAccessibleDescription('Trường này là bắt buộc'),
      )
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
