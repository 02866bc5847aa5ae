import { type Message, messages, messageText, type Product, productBody } from '@store/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { emptyProduct, type ProductFormValues } from './product-form.tsx'
import { ProductCreatePage, ProductEditPage } from './product-form-page.tsx'

const IMAGE = '/2026/01/red-shirt.webp'
const BLUE = '/2026/01/blue.webp'
const categories = [{ id: 'c1', name: 'Áo' }]
const brands = [{ id: 'b1', name: 'Việt Tiến' }]
const REQUIRED = messageText({ code: 'required' })
const SLUG_TAKEN: Message = { code: 'productSlugTaken', params: { slug: 'ao-thun' } }
const png = (name = 'shirt.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

/** The first message the real schema gives each field for these values (the one the form shows), by code. */
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
  variants: [],
}

/** The product as the server answers it, with the values of `filled`. */
const product = (overrides: Partial<Product> = {}): Product => ({
  id: '9',
  _id: '9',
  name: 'Áo thun',
  slug: 'ao-thun',
  price: 250000,
  images: [IMAGE],
  thumbnail: IMAGE,
  description: 'Cotton',
  size: [],
  quantity: 12,
  category: { id: 'c1', _id: 'c1', name: 'Áo' },
  brand: { id: 'b1', _id: 'b1', name: 'Việt Tiến' },
  sold: 3,
  rating: 4.5,
  version: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  variants: [],
  ...overrides,
})

const CATEGORIES = 'GET /api/admin/categories/all'
const BRANDS = 'GET /api/admin/brands/all'
const GET = 'GET /api/admin/products/9'
const PUT = 'PUT /api/admin/products/9'
const POST = 'POST /api/admin/products'
const MOVEMENTS = 'GET /api/admin/products/9/stock-movements'
/** The edit screen's stock section, with no movements: its own tests are in stock-section.test.tsx. */
const noMovements = () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } })

/** The selects' options and no stock movements, answered at once; every other call fails the test unless named. */
const serve = (routes: Routes = {}) =>
  fakeFetch({
    [CATEGORIES]: () => ok(categories),
    [BRANDS]: () => ok(brands),
    [MOVEMENTS]: noMovements,
    ...routes,
  })

const showCreate = () => renderAt(<ProductCreatePage />, '/admin/product', '/admin/product')
const showEdit = () => renderAt(<ProductEditPage />, '/admin/product/edit/9', '/admin/product/edit/:id')
const field = (label: string) => screen.getByLabelText(label, { exact: false })
/** Waits for the selects' options to be there. */
const optionsShown = () => screen.findByRole('option', { name: 'Việt Tiến' })

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

describe('the add-product screen', () => {
  it('shows the required message beside each field of an empty form and saves nothing', async () => {
    const server = serve()
    const user = userEvent.setup()
    const { router } = showCreate()
    expect(screen.getByRole('heading', { name: 'Add product' })).toBeInTheDocument()
    await optionsShown()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(7))
    for (const label of ['Name', 'Price', 'Quantity', 'Category', 'Brand', 'Description']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true')
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(REQUIRED))
    }
    expect(server.callsTo(POST)).toHaveLength(0)
    expect(router.state.location.pathname).toBe('/admin/product')
  })

  it('offers an empty Select... first in both selects', async () => {
    serve()
    showCreate()
    await optionsShown()
    for (const label of ['Category', 'Brand']) {
      const select = screen.getByRole('combobox', { name: label })
      const options = within(select).getAllByRole('option')
      expect(options[0]).toHaveTextContent('Select…')
      expect(options[0]).toHaveValue('')
      expect(options).toHaveLength(2)
    }
  })

  it('sends what was typed as the contract body, sizes as a list, and goes back to the list', async () => {
    const server = serve({
      'POST /api/file': () => ok([IMAGE]),
      [POST]: (call) => ok(product(call.body as Partial<Product>)),
    })

    /** Fills a fresh add screen, ticks `sizes`, saves, and answers the body it sent once back on the list. */
    const addOne = async (sizes: string[]) => {
      const user = userEvent.setup()
      const { router, unmount } = showCreate()
      await optionsShown()
      await user.type(field('Name'), 'Áo sơ mi')
      await user.type(field('Price'), '1250000')
      await user.type(field('Quantity'), '7')
      await user.type(field('Description'), 'Vải lụa')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'c1')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'b1')
      await user.upload(screen.getByLabelText(/^Images/), png())
      expect(await screen.findByRole('img', { name: 'Image 1' })).toHaveAttribute('src', `/api/file${IMAGE}`)
      expect(field('Price')).toHaveValue('1,250,000')
      for (const size of sizes) await user.click(screen.getByRole('checkbox', { name: size }))
      await user.click(screen.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
      unmount()
      return server.callsTo(POST).at(-1)?.body
    }

    expect(await addOne([])).toEqual({
      name: 'Áo sơ mi',
      price: 1250000,
      quantity: 7,
      description: 'Vải lụa',
      category: 'c1',
      brand: 'b1',
      images: [IMAGE],
      size: [],
      // No variants: the product is sold as one item.
      variants: [],
    })
    expect(await addOne(['M', 'XL'])).toMatchObject({ name: 'Áo sơ mi', size: ['M', 'XL'] })
    expect(server.callsTo(POST)).toHaveLength(2)
  })
})

describe('the edit-product screen', () => {
  it('puts a taken slug (409) next to the name and keeps what was typed', async () => {
    const server = serve({
      [GET]: [() => ok(product())],
      [PUT]: [() => refusal(409, SLUG_TAKEN, { name: SLUG_TAKEN })],
    })
    const { router } = showEdit()
    const name = field('Name')
    await waitFor(() => expect(name).toHaveValue('Áo thun'))
    await optionsShown()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const taken = "A product with the slug 'ao-thun' already exists"
    expect(messageText(SLUG_TAKEN)).toBe(taken)
    expect(await screen.findByText(taken)).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription(taken)
    expect(name).toHaveValue('Áo thun')
    expect(name).toHaveFocus()
    expect(server.callsTo(PUT)).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/admin/product/edit/9')
  })

  it('shows the stored category and brand once their options arrive after the form', async () => {
    let release = () => {}
    const later = new Promise<void>((resolve) => {
      release = resolve
    })
    fakeFetch({
      [GET]: [() => ok(product())],
      [MOVEMENTS]: noMovements,
      [CATEGORIES]: async () => {
        await later
        return ok(categories)
      },
      [BRANDS]: async () => {
        await later
        return ok(brands)
      },
    })
    showEdit()
    // The product is in the form before its category and brand have any option to show them.
    await waitFor(() => expect(field('Name')).toHaveValue('Áo thun'))
    expect(screen.queryByRole('option', { name: 'Áo' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('')

    release()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('c1'))
    expect(screen.getByRole('option', { name: 'Áo' })).toHaveProperty('selected', true)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('b1'))
    expect(screen.getByRole('option', { name: 'Việt Tiến' })).toHaveProperty('selected', true)
  })

  it('starts an edit from the stored values, with the existing images removable, and saves them', async () => {
    const server = serve({
      [GET]: [() => ok(product({ images: [IMAGE, BLUE], size: ['L'] }))],
      [PUT]: [(call) => ok(product(call.body as Partial<Product>))],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    expect(screen.getByRole('heading', { name: 'Edit product' })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Image 2' })).toBeInTheDocument()
    await optionsShown()
    expect(field('Name')).toHaveValue('Áo thun')
    expect(field('Price')).toHaveValue('250,000')
    expect(field('Quantity')).toHaveValue('12')
    expect(field('Description')).toHaveValue('Cotton')
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('c1')
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('b1')
    expect(screen.getByRole('checkbox', { name: 'L' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(screen.getAllByRole('img')).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'))
    // sold and rating are not sent: the server keeps their stored values. The version the form was filled
    // from goes with the save (CONTRACT 4.6).
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([
      {
        name: 'Áo thun',
        price: 250000,
        quantity: 12,
        description: 'Cotton',
        category: 'c1',
        brand: 'b1',
        images: [BLUE],
        size: ['L'],
        variants: [],
        version: 8,
      },
    ])
  })

  it('shows a taken slug (409) in Vietnamese when that language is chosen', async () => {
    serve({
      [GET]: [() => ok(product())],
      [PUT]: [() => refusal(409, SLUG_TAKEN, { name: SLUG_TAKEN })],
    })
    await i18next.changeLanguage('vi')
    try {
      const user = userEvent.setup()
      showEdit()
      const name = screen.getByLabelText(new RegExp(`^${i18next.t('products.fields.name')}`))
      await waitFor(() => expect(name).toHaveValue('Áo thun'))
      await optionsShown()
      await user.click(screen.getByRole('button', { name: i18next.t('common.save') }))
      const vietnamese = i18next.t('messages.productSlugTaken', { slug: 'ao-thun' })
      expect(vietnamese).not.toBe(messageText(SLUG_TAKEN))
      await waitFor(() => expect(name).toHaveAccessibleDescription(vietnamese))
      expect(name).toHaveValue('Áo thun')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
