import { messages } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/http.ts'
import { renderAt } from '../../test/render.tsx'
import { BrandForm, brandCreateForm, brandEditForm, brandResolvers, emptyBrand } from './brand-form.tsx'

const LOGO = '/2026/01/logo.webp'

/** The first message of each field, as the form shows it. */
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message
  return first
}

describe('the brand rules', () => {
  it('add brand: name and logo are required', () => {
    expect(issues(brandCreateForm.safeParse(emptyBrand))).toEqual({
      name: messages.required,
      logo: messages.required,
    })
    expect(brandCreateForm.parse({ name: ' Adidas ', logo: LOGO })).toEqual({ name: 'Adidas', logo: LOGO })
  })

  it('edit brand: no logo is null (the remove button), a blank name is refused as the server would', () => {
    expect(brandEditForm.parse({ name: 'Adidas', logo: null })).toEqual({ name: 'Adidas', logo: null })
    expect(issues(brandEditForm.safeParse({ name: '  ', logo: LOGO }))).toEqual({ name: messages.required })
  })
})

describe('BrandForm', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', (input: unknown) => {
      throw new Error(`unexpected fetch ${String(input)}`)
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('add: an empty form shows both required messages and saves nothing', async () => {
    const onSave = vi.fn(async () => {})
    renderAt(
      <BrandForm
        resolver={brandResolvers.create}
        logoRequired
        defaultValues={emptyBrand}
        onSave={onSave}
        cancelTo="/admin/brands"
      />,
    )
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText(messages.required)).toHaveLength(2))
    expect(onSave).not.toHaveBeenCalled()
  })

  it('edit: the remove button clears the logo and the save sends logo: null', async () => {
    const onSave = vi.fn(async () => {})
    renderAt(
      <BrandForm
        resolver={brandResolvers.edit}
        logoRequired={false}
        defaultValues={{ name: 'Adidas', logo: LOGO }}
        onSave={onSave}
        cancelTo="/admin/brands"
      />,
    )
    expect(screen.getByRole('img', { name: 'Image 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    const name = screen.getByLabelText('Name', { exact: false })
    await userEvent.clear(name)
    await userEvent.type(name, 'Adidas Original')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Adidas Original', logo: null }))
  })

  it('edit: a blank name is refused beside the field; a taken slug (409) too', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(409, 'A brand with this slug already exists', {
        name: 'A brand with this slug already exists',
      })
    })
    renderAt(
      <BrandForm
        resolver={brandResolvers.edit}
        logoRequired={false}
        defaultValues={{ name: 'Adidas', logo: null }}
        onSave={onSave}
        cancelTo="/admin/brands"
      />,
    )
    const name = screen.getByLabelText('Name', { exact: false })
    await userEvent.clear(name)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(messages.required)).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
    await userEvent.type(name, 'Nike')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A brand with this slug already exists')).toBeInTheDocument()
    expect(name).toHaveValue('Nike')
  })
})
