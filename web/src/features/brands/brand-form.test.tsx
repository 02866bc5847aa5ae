import { type Brand, type Message, messages, messageText } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { brandCreateForm, brandEditForm, emptyBrand } from './brand-form.tsx'
import { BrandCreatePage, BrandEditPage } from './brand-form-page.tsx'

const LOGO = '/2026/01/logo.webp'
const REQUIRED = messageText({ code: 'required' })
const SLUG_TAKEN: Message = { code: 'brandSlugTaken', params: { slug: 'nike' } }
const png = (name = 'logo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

/** The first message of each field, by code, as the schema gives it. */
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message
  return first
}

const brand = (overrides: Partial<Brand> = {}): Brand => ({
  id: '5',
  _id: '5',
  name: 'Adidas',
  logo: LOGO,
  slug: 'adidas',
  version: 6,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

const GET = 'GET /api/admin/brands/5'
const PUT = 'PUT /api/admin/brands/5'
const showCreate = () => renderAt(<BrandCreatePage />, '/admin/brand', '/admin/brand')
const showEdit = () => renderAt(<BrandEditPage />, '/admin/brand/edit/5', '/admin/brand/edit/:id')

describe('the brand rules', () => {
  it('add brand: name and logo are required', () => {
    expect(issues(brandCreateForm.safeParse(emptyBrand))).toEqual({
      name: messages.required,
      logo: messages.required,
    })
    expect(messageText({ code: 'required' })).toBe('This field is required')
    expect(brandCreateForm.parse({ name: ' Adidas ', logo: LOGO })).toEqual({ name: 'Adidas', logo: LOGO })
  })

  it('edit brand: no logo is null (the remove button), a blank name is refused as the server would', () => {
    expect(brandEditForm.parse({ name: 'Adidas', logo: null })).toEqual({ name: 'Adidas', logo: null })
    expect(issues(brandEditForm.safeParse({ name: '  ', logo: LOGO }))).toEqual({ name: messages.required })
  })
})

describe('the add-brand screen', () => {
  it('an empty form shows both required messages and saves nothing', async () => {
    // Any call would be a mistake: the form stops before the server sees it.
    fakeFetch({})
    const user = userEvent.setup()
    const { router } = showCreate()
    expect(screen.getByRole('heading', { name: 'Add brand' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(2))
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(REQUIRED)
    expect(router.state.location.pathname).toBe('/admin/brand')
  })

  it('uploads the logo, sends name and logo, and goes back to the list', async () => {
    const server = fakeFetch({
      'POST /api/file': [() => ok([LOGO])],
      'POST /api/admin/brands': [(call) => ok(brand(call.body as Partial<Brand>))],
    })
    const user = userEvent.setup()
    const { router } = showCreate()
    await user.type(screen.getByLabelText(/^Name/), '  Puma ')
    await user.upload(screen.getByLabelText(/^Logo image/), png())
    expect(await screen.findByRole('img', { name: 'Image 1' })).toHaveAttribute('src', `/api/file${LOGO}`)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/brands'))
    expect(server.callsTo('POST /api/admin/brands').map((call) => call.body)).toEqual([
      { name: 'Puma', logo: LOGO },
    ])
  })
})

describe('the edit-brand screen', () => {
  it('the remove button clears the logo and the save sends logo: null', async () => {
    const server = fakeFetch({
      [GET]: [() => ok(brand())],
      [PUT]: [(call) => ok(brand(call.body as Partial<Brand>))],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    expect(await screen.findByRole('img', { name: 'Image 1' })).toBeInTheDocument()
    const name = screen.getByLabelText(/^Name/)
    expect(name).toHaveValue('Adidas')
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'Adidas Original')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/brands'))
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([
      { name: 'Adidas Original', logo: null, version: 6 },
    ])
  })

  it('a blank name is refused beside the field; a taken slug (409) too, keeping what was typed', async () => {
    const server = fakeFetch({
      [GET]: [() => ok(brand({ logo: null }))],
      [PUT]: [() => refusal(409, SLUG_TAKEN, { name: SLUG_TAKEN })],
    })
    const user = userEvent.setup()
    const { router } = showEdit()
    const name = screen.getByLabelText(/^Name/)
    await waitFor(() => expect(name).toHaveValue('Adidas'))
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription(REQUIRED)
    expect(server.callsTo(PUT)).toHaveLength(0)

    await user.type(name, 'Nike')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const taken = "A brand with the slug 'nike' already exists"
    expect(messageText(SLUG_TAKEN)).toBe(taken)
    expect(await screen.findByText(taken)).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription(taken)
    expect(name).toHaveValue('Nike')
    expect(server.callsTo(PUT).map((call) => call.body)).toEqual([{ name: 'Nike', logo: null, version: 6 }])
    expect(router.state.location.pathname).toBe('/admin/brand/edit/5')
  })

  it('shows a taken slug (409) in Vietnamese when that language is chosen', async () => {
    fakeFetch({
      [GET]: [() => ok(brand())],
      [PUT]: [() => refusal(409, SLUG_TAKEN, { name: SLUG_TAKEN })],
    })
    await i18next.changeLanguage('vi')
    try {
      const user = userEvent.setup()
      showEdit()
      const name = screen.getByLabelText(new RegExp(`^${i18next.t('brands.fields.name')}`))
      await waitFor(() => expect(name).toHaveValue('Adidas'))
      await user.click(screen.getByRole('button', { name: i18next.t('common.save') }))
      const vietnamese = i18next.t('messages.brandSlugTaken', { slug: 'nike' })
      expect(vietnamese).not.toBe(messageText(SLUG_TAKEN))
      await waitFor(() => expect(name).toHaveAccessibleDescription(vietnamese))
      expect(name).toHaveValue('Adidas')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
