import { messageText, readMessage, type User } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeFetch, ok } from '../../test/fake-fetch.ts'
import { renderAt } from '../../test/render.tsx'
import { genderKey, toUserFormValues, userCreateForm, userEditForm } from './user-form.ts'
import { UserCreatePage, UserEditPage } from './user-form-page.tsx'

const valid = {
  name: 'Trần Thị Bình',
  email: 'binh@example.com',
  password: 'secret123',
  phoneNumber: '0912345678',
  gender: '1',
  dob: '',
  location: '',
}

/** The first message the schema gives for a field. */
const messageFor = (schema: typeof userCreateForm | typeof userEditForm, values: object, field: string) => {
  const result = schema.safeParse(values)
  const ref = result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === field)?.message
  // The schema gives the message by code; the English is the text the server answers with.
  const message = readMessage(ref)
  return message ? messageText(message) : ref
}

describe('add-user rules (the contract schema)', () => {
  it('accepts a complete form and turns gender and empty optionals into the request body', () => {
    expect(userCreateForm.parse(valid)).toEqual({ ...valid, gender: 1, dob: null, location: null })
  })

  it.each([
    ['name', '', 'This field is required'],
    ['name', '   ', 'This field is required'],
    ['email', '', 'This field is required'],
    ['email', 'not-an-email', 'Please enter correct email format'],
    ['password', '', 'Password is required'],
    ['password', 'abc1', 'Password must be at least 8 characters'],
    ['password', 'abcdefgh12345678x', 'Please enter up to 16 characters'],
    ['password', 'abcdefghij', 'Password must contain at least one number'],
    ['phoneNumber', '', 'This field is required'],
    ['phoneNumber', '12345678', 'Length from 9 - 15 characters'],
    ['phoneNumber', '1234567890123456', 'Length from 9 - 15 characters'],
    ['phoneNumber', '09123abc45', 'This field must be a number'],
    ['gender', '', 'This field is required'],
  ])('%s = %j says %j', (field, value, message) => {
    expect(messageFor(userCreateForm, { ...valid, [field]: value }, field)).toBe(message)
  })
})

describe('edit-user rules', () => {
  const { password: _, ...editValid } = valid

  it('needs name, e-mail and phone, and leaves gender unchanged when none is chosen', () => {
    expect(userEditForm.parse({ ...editValid, gender: '' })).toEqual({
      ...editValid,
      gender: undefined,
      dob: null,
      location: null,
    })
    expect(userEditForm.parse({ ...editValid, gender: '2' }).gender).toBe(2)
  })

  it.each([
    ['name', '', 'This field is required'],
    ['email', '', 'This field is required'],
    ['email', 'a@b', 'Please enter correct email format'],
    ['phoneNumber', '', 'This field is required'],
    ['phoneNumber', '123', 'Length from 9 - 15 characters'],
    ['phoneNumber', '0912 345 67a', 'This field must be a number'],
  ])('%s = %j says %j', (field, value, message) => {
    expect(messageFor(userEditForm, { ...editValid, [field]: value }, field)).toBe(message)
  })

  it('has no password: one typed in is not sent', () => {
    expect(userEditForm.parse({ ...valid })).not.toHaveProperty('password')
  })
})

describe('gender mapping', () => {
  it('names 1 female and any other code male, and nothing when none is recorded', () => {
    expect(genderKey(1)).toBe('1')
    expect(genderKey(2)).toBe('2')
    expect(genderKey(null)).toBeNull()
  })

  it('fills the edit form from a user, empty inputs for missing values', () => {
    expect(toUserFormValues(demoUser({ gender: 2, phoneNumber: null, dob: null, location: null }))).toEqual({
      name: 'Nguyễn Văn An',
      email: 'an@example.com',
      password: '',
      phoneNumber: '',
      gender: '2',
      dob: '',
      location: '',
    })
    expect(toUserFormValues(demoUser({ gender: null })).gender).toBe('')
  })
})

function demoUser(overrides: Partial<User> = {}): User {
  return {
    id: '7',
    _id: '7',
    name: 'Nguyễn Văn An',
    email: 'an@example.com',
    phoneNumber: '0901234567',
    gender: 2,
    dob: '1990-05-01',
    location: 'Hà Nội',
    addressParts: null,
    avatar: null,
    isEmailVerified: true,
    lastLoginAt: null,
    role: 'user',
    version: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

beforeEach(() => {
  // No call is expected unless a test names it: the fake fails the test on any other.
  fakeFetch({})
})

describe('the add-user screen', () => {
  it('shows each rule next to its field and calls nothing while the form is invalid', async () => {
    const user = userEvent.setup()
    renderAt(<UserCreatePage />, '/admin/user', '/admin/user')
    expect(screen.getByRole('heading', { name: 'Add User' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required')
    expect(screen.getByLabelText(/^Phone Number/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Gender/)).toHaveAccessibleDescription('This field is required')

    await user.type(screen.getByLabelText(/^Phone Number/), '0912')
    await waitFor(() =>
      expect(screen.getByLabelText(/^Phone Number/)).toHaveAccessibleDescription(
        'Length from 9 - 15 characters',
      ),
    )
    await user.type(screen.getByLabelText(/^Email/), 'nobody')
    await user.type(screen.getByLabelText(/^Password/), 'letters only')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Please enter correct email format',
      ),
    )
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must contain at least one number',
    )
  })

  it('offers Select..., Female and Male for gender', () => {
    renderAt(<UserCreatePage />, '/admin/user', '/admin/user')
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Select...', 'Female', 'Male'])
  })
})

describe('the edit-user screen', () => {
  it('loads the user, checks each change, sends gender as a number and goes back to the list', async () => {
    const server = fakeFetch({
      'GET /api/admin/users/7': () => ok(demoUser({ phoneNumber: null })),
      'PUT /api/admin/users/7': (call) => ok(demoUser(call.body as Partial<User>)),
      'GET /api/admin/orders': () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } }),
    })
    const user = userEvent.setup()
    const { router } = renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id')
    const name = screen.getByLabelText(/^Name/)
    await waitFor(() => expect(name).toHaveValue('Nguyễn Văn An'))
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument()
    expect(screen.getByLabelText(/^Gender/)).toHaveValue('2')

    // Validated on each change, before any save.
    await user.clear(name)
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required'))
    await user.type(name, 'Nguyễn Văn Ân')
    await waitFor(() => expect(name).not.toHaveAccessibleDescription('This field is required'))
    const phone = screen.getByLabelText(/^Phone Number/)
    await user.type(phone, '12ab')
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Length from 9 - 15 characters'))
    await user.clear(phone)
    await user.type(phone, '0987654321')
    await user.selectOptions(screen.getByLabelText(/^Gender/), '1')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'))
    expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toEqual({
      name: 'Nguyễn Văn Ân',
      email: 'an@example.com',
      phoneNumber: '0987654321',
      gender: 1,
      dob: '1990-05-01',
      location: 'Hà Nội',
      version: 5,
    })
  })
})
