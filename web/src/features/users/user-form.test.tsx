import { type Message, messages, messageText, readMessage, type User } from '@store/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { beforeEach, describe, expect, it } from 'vitest'
import { emptyAddressParts } from '../../components/address-value.ts'
import { fakeFetch, ok, type Routes, refusal } from '../../test/fake-fetch.ts'
import { placeRoutes } from '../../test/places.ts'
import { renderAt } from '../../test/render.tsx'
import { customerAddress, genderKey, toUserFormValues, userCreateForm, userEditForm } from './user-form.ts'
import { UserCreatePage, UserEditPage } from './user-form-page.tsx'

const valid = {
  name: 'Trần Thị Bình',
  email: 'binh@example.com',
  password: 'secret123',
  phoneNumber: '0912345678',
  gender: '1',
  dob: '',
  address: '',
}
/** Cầu Giấy, Hà Nội, by the 2025 units. */
const cauGiay = { street: '12 Trần Duy Hưng', wardCode: '00167', provinceCode: '01' }

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
    const { address: _, ...body } = valid
    expect(userCreateForm.parse(valid)).toEqual({
      ...body,
      gender: 1,
      dob: null,
      location: null,
      addressParts: null,
    })
  })

  it.each([
    ['name', '', 'This field is required'],
    ['name', '   ', 'This field is required'],
    ['email', '', 'This field is required'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['password', '', 'Password is required'],
    ['password', 'abc1', 'Password must be at least 8 characters'],
    ['password', 'abcdefgh12345678x', 'Password must be at most 16 characters'],
    ['password', 'abcdefghij', 'Password must contain at least one number'],
    ['phoneNumber', '', 'This field is required'],
    ['phoneNumber', '12345678', 'Must be 9 to 15 characters long'],
    ['phoneNumber', '1234567890123456', 'Must be 9 to 15 characters long'],
    ['phoneNumber', '09123abc45', 'This field must be a number'],
    ['gender', '', 'This field is required'],
  ])('%s = %j says %j', (field, value, message) => {
    expect(messageFor(userCreateForm, { ...valid, [field]: value }, field)).toBe(message)
  })
})

describe('edit-user rules', () => {
  const { password: _, ...editValid } = valid

  it('needs name, email and phone, and leaves gender unchanged when none is chosen', () => {
    const { address: _address, ...body } = editValid
    expect(userEditForm.parse({ ...editValid, gender: '' })).toEqual({
      ...body,
      gender: undefined,
      dob: null,
      location: null,
      addressParts: null,
    })
    expect(userEditForm.parse({ ...editValid, gender: '2' }).gender).toBe(2)
  })

  it.each([
    ['name', '', 'This field is required'],
    ['email', '', 'This field is required'],
    ['email', 'a@b', 'Enter a valid email address'],
    ['phoneNumber', '', 'This field is required'],
    ['phoneNumber', '123', 'Must be 9 to 15 characters long'],
    ['phoneNumber', '0912 345 67a', 'This field must be a number'],
  ])('%s = %j says %j', (field, value, message) => {
    expect(messageFor(userEditForm, { ...editValid, [field]: value }, field)).toBe(message)
  })

  it('has no password: one typed in is not sent', () => {
    expect(userEditForm.parse({ ...valid })).not.toHaveProperty('password')
  })
})

describe("the customer's address", () => {
  /** The messages of the address's parts, by path under the address. */
  const issues = (value: unknown) =>
    customerAddress.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message])

  it('sends the units as the parts alone, for the server to write the text', () => {
    expect(customerAddress.parse(cauGiay)).toEqual({ addressParts: cauGiay })
    expect(userEditForm.parse({ ...valid, address: cauGiay })).not.toHaveProperty('location')
  })

  it('sends free text as the location without parts, and nothing given as no address', () => {
    expect(customerAddress.parse('45 Trần Phú, Hải Châu, Đà Nẵng')).toEqual({
      location: '45 Trần Phú, Hải Châu, Đà Nẵng',
      addressParts: null,
    })
    expect(customerAddress.parse('')).toEqual({ location: null, addressParts: null })
    expect(customerAddress.parse(emptyAddressParts)).toEqual({ location: null, addressParts: null })
    expect(customerAddress.parse({ ...emptyAddressParts, street: '  ' })).toEqual({
      location: null,
      addressParts: null,
    })
  })

  it('requires every part once one is given, each on its own field', () => {
    expect(issues({ ...emptyAddressParts, street: '5 Lê Lợi' })).toEqual([
      ['wardCode', 'required'],
      ['provinceCode', 'required'],
    ])
    expect(issues({ ...cauGiay, wardCode: '' })).toEqual([['wardCode', 'required']])
    expect(issues({ ...cauGiay, street: '' })).toEqual([['street', 'required']])
    expect(issues('x'.repeat(256))).toEqual([['', messages.tooLong(255)]])
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
      // No address yet: one is picked by the units.
      address: emptyAddressParts,
    })
    expect(toUserFormValues(demoUser({ gender: null })).gender).toBe('')
  })

  it('fills the address by the units when the user has them, else with the text written before them', () => {
    const parts = toUserFormValues(
      demoUser({ location: '12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội', addressParts: cauGiay }),
    )
    expect(parts.address).toEqual(cauGiay)
    expect(toUserFormValues(demoUser({ location: 'Hà Nội' })).address).toBe('Hà Nội')
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
  // No call is expected unless a test names it, but the places the address picker offers: the fake fails the
  // test on any other.
  fakeFetch(placeRoutes)
})

/** The edit screen of `shown`, saving with `saved` (the user as sent, by default). */
const editUser = (
  shown: User,
  saved: Routes[string] = (call) => ok(demoUser(call.body as Partial<User>)),
) => {
  const server = fakeFetch({
    ...placeRoutes,
    'GET /api/admin/users/7': () => ok(shown),
    'PUT /api/admin/users/7': saved,
    'GET /api/admin/orders': () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } }),
  })
  const rendered = renderAt(<UserEditPage />, '/admin/user/edit/7', '/admin/user/edit/:id', {
    dropdowns: true,
  })
  return { ...rendered, server }
}
/** The picker's fields, by their labels in the chosen language. */
const province = () => screen.getByRole('combobox', { name: new RegExp(`^${i18next.t('places.province')}`) })
const ward = () => screen.getByRole('combobox', { name: new RegExp(`^${i18next.t('places.ward')}`) })
const street = () => screen.getByRole('textbox', { name: new RegExp(`^${i18next.t('places.street')}`) })
const freeText = () => screen.getByRole('switch', { name: i18next.t('places.freeText') })
/** Types into a select of the picker and picks the first place it finds. */
const pick = async (user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) => {
  await user.click(box)
  await user.clear(box)
  await user.type(box, text)
  await user.keyboard('{Enter}')
}
const onParts = demoUser({
  location: '12 Trần Duy Hưng, Phường Cầu Giấy, Thành phố Hà Nội',
  addressParts: cauGiay,
})

describe('the add-user screen', () => {
  it('shows each rule next to its field and calls nothing while the form is invalid', async () => {
    const user = userEvent.setup()
    renderAt(<UserCreatePage />, '/admin/user', '/admin/user')
    expect(screen.getByRole('heading', { name: 'Add customer' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required')
    expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription('This field is required')
    expect(screen.getByLabelText(/^Gender/)).toHaveAccessibleDescription('This field is required')

    await user.type(screen.getByLabelText(/^Phone number/), '0912')
    await waitFor(() =>
      expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(
        'Must be 9 to 15 characters long',
      ),
    )
    await user.type(screen.getByLabelText(/^Email/), 'nobody')
    await user.type(screen.getByLabelText(/^Password/), 'letters only')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address'),
    )
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must contain at least one number',
    )
  })

  it('shows a taken email with the broken rules after one save, asking the server only about the email', async () => {
    const user = userEvent.setup()
    const server = fakeFetch({
      ...placeRoutes,
      'GET /api/admin/users/email-taken': (call) =>
        ok({ taken: call.query.get('email') === 'an@example.com' }),
    })
    renderAt(<UserCreatePage />, '/admin/user', '/admin/user')
    await user.type(screen.getByLabelText(/^Name/), 'Nguyễn Văn An')
    await user.type(screen.getByLabelText(/^Email/), ' an@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'short1')
    await user.type(screen.getByLabelText(/^Phone number/), '0901234567')
    await user.selectOptions(screen.getByLabelText(/^Gender/), 'Male')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This email is already in use'),
    )
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
    expect(server.callsTo('GET /api/admin/users/email-taken').map((call) => call.query.get('email'))).toEqual(
      ['an@example.com'],
    )
    expect(server.callsTo('POST /api/admin/users')).toHaveLength(0)

    // The password mended, the email's message stays until the email changes; a free one asks again, and says nothing.
    await user.clear(screen.getByLabelText(/^Password/))
    await user.type(screen.getByLabelText(/^Password/), 'longer1')
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This email is already in use')
    await user.clear(screen.getByLabelText(/^Email/))
    await user.type(screen.getByLabelText(/^Email/), 'binh@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.callsTo('GET /api/admin/users/email-taken')).toHaveLength(2))
    expect(screen.getByLabelText(/^Email/)).not.toHaveAccessibleDescription()
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
  })

  it('offers Select..., Female and Male for gender', () => {
    renderAt(<UserCreatePage />, '/admin/user', '/admin/user')
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Select…', 'Female', 'Male'])
  })
})

describe('the edit-user screen', () => {
  it('loads the user, checks each change, sends gender as a number and goes back to the list', async () => {
    const server = fakeFetch({
      ...placeRoutes,
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
    const phone = screen.getByLabelText(/^Phone number/)
    await user.type(phone, '12ab')
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Must be 9 to 15 characters long'))
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
      // Written before the 2025 units: kept as its text, with no parts.
      location: 'Hà Nội',
      addressParts: null,
      version: 5,
    })
  })

  it('opens an address given by the units with its province, ward and street, and sends the parts alone', async () => {
    const { server, router } = editUser(onParts)
    const user = userEvent.setup()
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    expect(province()).toHaveValue('Hà Nội')
    expect(street()).toHaveValue('12 Trần Duy Hưng')
    expect(freeText()).not.toBeChecked()

    await user.clear(street())
    await user.type(street(), '5 Xuân Thủy')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'))
    const [put] = server.callsTo('PUT /api/admin/users/7')
    expect(put?.body).toMatchObject({ addressParts: { ...cauGiay, street: '5 Xuân Thủy' }, version: 5 })
    // The server writes the text from the parts.
    expect(put?.body).not.toHaveProperty('location')
  })

  it('opens an address written before the 2025 units as free text, and sends it by the units once picked', async () => {
    const { server, router } = editUser(demoUser({ location: '45 Trần Phú, Hải Châu, Đà Nẵng' }))
    const user = userEvent.setup()
    const text = await screen.findByRole('textbox', { name: /^Address/ })
    await waitFor(() => expect(text).toHaveValue('45 Trần Phú, Hải Châu, Đà Nẵng'))
    expect(freeText()).toBeChecked()

    await user.click(freeText())
    await pick(user, province(), 'ha noi')
    await waitFor(() => expect(province()).toHaveValue('Hà Nội'))
    await waitFor(() => expect(ward()).toBeEnabled())
    await pick(user, ward(), 'cau giay')
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    // Not saved without the street.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(street()).toHaveAccessibleDescription(/This field is required/))
    await user.type(street(), '12 Trần Duy Hưng')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'))
    const puts = server.callsTo('PUT /api/admin/users/7')
    expect(puts).toHaveLength(1)
    expect(puts[0]?.body).toMatchObject({ addressParts: cauGiay })
    expect(puts[0]?.body).not.toHaveProperty('location')
  })

  it('sends free text typed over an address by the units as the location, dropping the parts', async () => {
    const { server, router } = editUser(onParts)
    const user = userEvent.setup()
    await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
    await user.click(freeText())
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), 'Kho 3, KCN Sóng Thần, Bình Dương')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'))
    expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toMatchObject({
      location: 'Kho 3, KCN Sóng Thần, Bình Dương',
      addressParts: null,
    })
  })

  it.each([
    ['addressParts.wardCode', ward],
    ['addressParts.provinceCode', province],
  ])("shows the server's refusal of %s on its field, in the chosen language", async (path, field) => {
    const unknown: Message = { code: 'invalid' }
    const { router } = editUser(onParts, () => refusal(400, unknown, { [path]: unknown }))
    await i18next.changeLanguage('vi')
    try {
      await waitFor(() => expect(ward()).toHaveValue('Phường Cầu Giấy'))
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: i18next.t('common.save') }))
      await waitFor(() => expect(field()).toHaveAccessibleDescription(i18next.t('messages.invalid')))
      expect(i18next.t('messages.invalid')).not.toBe(messageText(unknown))
      expect(router.state.location.pathname).toBe('/admin/user/edit/7')
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})

describe('the add-user screen with an address', () => {
  it('starts by the units and sends the picked address as its parts', async () => {
    const server = fakeFetch({
      ...placeRoutes,
      'POST /api/admin/users': (call) => ok(demoUser(call.body as Partial<User>)),
    })
    const user = userEvent.setup()
    const { router } = renderAt(<UserCreatePage />, '/admin/user', '/admin/user', { dropdowns: true })
    expect(freeText()).not.toBeChecked()
    await user.type(screen.getByLabelText(/^Name/), valid.name)
    await user.type(screen.getByLabelText(/^Email/), valid.email)
    await user.type(screen.getByLabelText(/^Password/), valid.password)
    await user.type(screen.getByLabelText(/^Phone number/), valid.phoneNumber)
    await user.selectOptions(screen.getByLabelText(/^Gender/), '1')
    await pick(user, province(), 'ha noi')
    await waitFor(() => expect(ward()).toBeEnabled())
    await pick(user, ward(), 'cau giay')
    await user.type(street(), '12 Trần Duy Hưng')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'))
    const [post] = server.callsTo('POST /api/admin/users')
    expect(post?.body).toMatchObject({ role: 'user', addressParts: cauGiay })
    expect(post?.body).not.toHaveProperty('location')
  })
})
