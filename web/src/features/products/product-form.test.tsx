import { messages, productBody } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/http.ts'
import { renderAt } from '../../test/render.tsx'
import { emptyProduct, type Option, ProductForm, type ProductFormValues } from './product-form.tsx'

const IMAGE = '/2026/01/red-shirt.webp'
const categories = [{ id: 'c1', name: 'Áo' }]
const brands = [{ id: 'b1', name: 'Việt Tiến' }]

/** The first message the real schema gives each field for these values (the one the form shows). */
const issues = (values: unknown) => {
  const result = productBody.safeParse(values)
  const first: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message
  return first
}

const filled: ProductFormValues = {
  name: 'Áo thun',
  price: 250000,
  description: 'Cotton',
  quantity: 12,
  category: 'c1',
  brand: 'b1',
  images: [IMAGE],
  size: [],
}

describe('the product rules (contract productBody)', () => {
  it('asks for every field of an empty form except the sizes', () => {
    expect(issues(emptyProduct)).toEqual({
      name: messages.required,
      price: messages.required,
      description: messages.required,
      quantity: messages.required,
      category: messages.required,
      brand: messages.required,
      images: messages.required,
    })
  })

  it('wants numbers for price and quantity', () => {
    expect(issues({ ...filled, price: 'abc', quantity: '1x' })).toEqual({
      price: messages.number,
      quantity: messages.number,
    })
    expect(issues({ ...filled, price: -1, quantity: 1.5 })).toEqual({
      price: messages.wholeNumber,
      quantity: messages.wholeNumber,
    })
  })

  it('sends no chosen size as an empty list and keeps sold and rating for the server', () => {
    const body = productBody.parse(filled)
    expect(body.size).toEqual([])
    expect(body.sold).toBeUndefined()
    expect(body.rating).toBeUndefined()
    expect(productBody.parse({ ...filled, size: ['S', 'XL'] }).size).toEqual(['S', 'XL'])
  })

  it('takes between one and ten images', () => {
    expect(issues({ ...filled, images: [] })).toEqual({ images: messages.required })
    const eleven = Array.from({ length: 11 }, (_, i) => `/2026/01/p${i}.webp`)
    expect(Object.keys(issues({ ...filled, images: eleven }))).toEqual(['images'])
  })
})

describe('ProductForm', () => {
  beforeEach(() => {
    // Nothing here may call the API: the form gets its options as props and uploads nothing.
    vi.stubGlobal('fetch', (input: unknown) => {
      throw new Error(`unexpected fetch ${String(input)}`)
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  const show = (defaults: ProductFormValues, onSave = vi.fn(async (_body: unknown) => {})) => {
    renderAt(
      <ProductForm
        defaultValues={defaults}
        categories={categories}
        brands={brands}
        onSave={onSave}
        cancelTo="/admin/products"
      />,
    )
    return onSave
  }

  it('shows the required message beside each field of an empty form and saves nothing', async () => {
    const onSave = show(emptyProduct)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText(messages.required)).toHaveLength(7))
    for (const label of ['Name', 'Price', 'Quantity', 'Category', 'Brand', 'Description']) {
      expect(screen.getByLabelText(label, { exact: false })).toHaveAttribute('aria-invalid', 'true')
    }
    expect(onSave).not.toHaveBeenCalled()
  })

  it('offers an empty Select... first in both selects', () => {
    show(emptyProduct)
    for (const label of ['Category', 'Brand']) {
      const select = screen.getByRole('combobox', { name: label })
      const options = within(select).getAllByRole('option')
      expect(options[0]).toHaveTextContent('Select...')
      expect(options[0]).toHaveValue('')
    }
  })

  it('sends what was typed as the contract body, sizes as a list', async () => {
    const onSave = show({ ...emptyProduct, images: [IMAGE] })
    await userEvent.type(screen.getByLabelText('Name', { exact: false }), 'Áo sơ mi')
    await userEvent.type(screen.getByLabelText('Price', { exact: false }), '1250000')
    await userEvent.type(screen.getByLabelText('Quantity', { exact: false }), '7')
    await userEvent.type(screen.getByLabelText('Description', { exact: false }), 'Vải lụa')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'c1')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'b1')
    expect(screen.getByLabelText('Price', { exact: false })).toHaveValue('1,250,000')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave).toHaveBeenCalledWith({
      name: 'Áo sơ mi',
      price: 1250000,
      quantity: 7,
      description: 'Vải lụa',
      category: 'c1',
      brand: 'b1',
      images: [IMAGE],
      size: [],
    })

    await userEvent.click(screen.getByRole('checkbox', { name: 'M' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'XL' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2))
    expect(onSave.mock.lastCall?.[0]).toMatchObject({ size: ['M', 'XL'] })
  })

  it('puts a taken slug (409) next to the name and keeps what was typed', async () => {
    const onSave = vi.fn(async () => {
      const message = 'A product with this slug already exists'
      throw new ApiError(409, message, { name: message })
    })
    show(filled, onSave)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A product with this slug already exists')).toBeInTheDocument()
    expect(screen.getByLabelText('Name', { exact: false })).toHaveValue('Áo thun')
    expect(screen.getByLabelText('Name', { exact: false })).toHaveFocus()
  })

  it('shows the stored category and brand once their options arrive after the form', async () => {
    function LateOptions() {
      const [loaded, setLoaded] = useState<Option[]>([])
      useEffect(() => {
        const timer = setTimeout(() => setLoaded(categories), 20)
        return () => clearTimeout(timer)
      }, [])
      return (
        <ProductForm
          defaultValues={filled}
          categories={loaded}
          brands={brands}
          onSave={async () => {}}
          cancelTo="/admin/products"
        />
      )
    }
    renderAt(<LateOptions />)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('c1'))
    expect(screen.getByRole('option', { name: 'Áo' })).toHaveProperty('selected', true)
  })

  it('starts an edit from the stored values, with the existing images removable', async () => {
    show({ ...filled, images: [IMAGE, '/2026/01/blue.webp'], size: ['L'] })
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('c1')
    expect(screen.getByRole('checkbox', { name: 'L' })).toBeChecked()
    expect(screen.getByRole('img', { name: 'Image 2' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(screen.getAllByRole('img')).toHaveLength(1)
  })
})
