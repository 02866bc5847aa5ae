import { zodResolver } from '@hookform/resolvers/zod'
import {
  addressParts,
  dateOfBirth,
  email,
  gender,
  messages,
  phoneNumber,
  requiredText,
  type User,
  type UserCreateBody,
  type UserUpdateBody,
  userCreateBody,
  userUpdateBody,
} from '@store/contract'
import type { Path, Resolver } from 'react-hook-form'
import { z } from 'zod'
import {
  type AddressValue,
  emptyAddressParts,
  toAddressValue,
  unchosenUnits,
} from '../../components/address-value.ts'
import { placeRenamed } from '../../lib/forms.ts'

/** What the user form's inputs hold: text, as HTML inputs give it. The schemas turn it into a request body. */
export interface UserFormValues {
  name: string
  email: string
  /** Add user only: the edit screen has no password (it changes through change password). */
  password: string
  phoneNumber: string
  /** '' (Select...), '1' female or '2' male. */
  gender: string
  /** YYYY-MM-DD from a date input, or '' when not given. */
  dob: string
  /** The address picker's value: by the 2025 units, or the free text of an address written before them. */
  address: AddressValue
}

export const emptyUserForm: UserFormValues = {
  name: '',
  email: '',
  password: '',
  phoneNumber: '',
  gender: '',
  dob: '',
  // A new address is given by the 2025 units; free text stays one switch away.
  address: emptyAddressParts,
}

/** The address as a save sends it: `location` and `addressParts` of the contract's bodies. */
type SentAddress = Pick<UserUpdateBody, 'location' | 'addressParts'>

/**
 * A customer's address as the picker holds it, into what the API takes (CONTRACT 5.6): by the units, the parts
 * alone (the server writes `location` from them); free text as `location` with no parts, so codes kept from
 * before are dropped. Empty text, or units with nothing chosen or typed, is no address, as an empty Location was.
 * The rules are the contract's; a unit not chosen yet is required.
 */
export const customerAddress = z.custom<AddressValue>().transform((value, ctx): SentAddress => {
  if (typeof value === 'string') {
    const text = userUpdateBody.shape.location.safeParse(value)
    if (text.success) return { location: text.data ?? null, addressParts: null }
    for (const issue of text.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
    return z.NEVER
  }
  const unchosen = unchosenUnits(value)
  if (unchosen.length === 2 && value.street.trim() === '') return { location: null, addressParts: null }
  const parts = addressParts.safeParse(value)
  if (parts.success) return { addressParts: parts.data }
  for (const issue of parts.error.issues) {
    // An empty code is a unit not chosen yet, rather than a malformed one.
    const missing = unchosen.includes(issue.path[0] as (typeof unchosen)[number])
    ctx.addIssue({ code: 'custom', path: issue.path, message: missing ? messages.required : issue.message })
  }
  return z.NEVER
})

/** The body with the address's fields in place of the form's one. */
const withAddress = <T extends { address: SentAddress }>({ address, ...rest }: T) => ({ ...rest, ...address })

/** Add user (spec section 5): the contract's own rules, the same the server applies, with the address picker. */
export const userCreateForm = userCreateBody
  .omit({ location: true, addressParts: true })
  .extend({ address: customerAddress })
  .transform(withAddress)

/**
 * Edit user (spec section 5): name, email and phone required, each with its rule; gender turned into a number,
 * and left unchanged when none is chosen (the spec does not require it on edit); no password. The contract's
 * update body makes every field optional for partial saves, so the form's required rules are spelled here.
 */
export const userEditForm = z
  .object({
    name: requiredText(120),
    email,
    phoneNumber,
    gender: z.union([z.literal('').transform(() => undefined), gender]),
    dob: dateOfBirth,
    address: customerAddress,
  })
  .transform(withAddress)
export type UserEditBody = z.output<typeof userEditForm>

/*
 * The schemas accept more than text (a number for gender, null for an empty date) and the edit schema knows no
 * password, so their resolvers are typed for the inputs the form really holds.
 */
export const userCreateResolver = zodResolver(userCreateForm) as unknown as Resolver<
  UserFormValues,
  unknown,
  UserCreateBody
>
export const userEditResolver = zodResolver(userEditForm) as unknown as Resolver<
  UserFormValues,
  unknown,
  UserEditBody
>

/** The edit form's starting values from a loaded user; a missing value is an empty input. */
export const toUserFormValues = (user: User): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  phoneNumber: user.phoneNumber ?? '',
  gender: user.gender === null ? '' : String(user.gender),
  dob: user.dob ?? '',
  // By the units when given so; an address written before them stays the text it is; none is picked afresh.
  address: toAddressValue(user.addressParts, user.location, emptyAddressParts),
})

/**
 * A refusal of the user form's save, on its fields: the server names the address's parts `addressParts.*` and
 * its text `location`, which the form holds as one picker (`address`).
 */
export const placeUserRefusal = placeRenamed<UserFormValues>({
  'addressParts.street': 'address.street',
  'addressParts.wardCode': 'address.wardCode',
  'addressParts.provinceCode': 'address.provinceCode',
  addressParts: 'address',
  location: 'address',
} satisfies Record<string, Path<UserFormValues>>)

/**
 * The `enums.gender` key of a code for the list's Gender column: spec section 2 says 1 is female and anything
 * else male; an account with no gender recorded (possible only for accounts made outside the admin form) shows
 * nothing rather than a guess.
 */
export const genderKey = (code: number | null | undefined): '1' | '2' | null =>
  code === null || code === undefined ? null : code === 1 ? '1' : '2'
