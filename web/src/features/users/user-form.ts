import { zodResolver } from '@hookform/resolvers/zod'
import {
  dateOfBirth,
  email,
  gender,
  phoneNumber,
  requiredText,
  type User,
  type UserCreateBody,
  userCreateBody,
  userUpdateBody,
} from '@store/contract'
import type { Resolver } from 'react-hook-form'
import { z } from 'zod'

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
  location: string
}

export const emptyUserForm: UserFormValues = {
  name: '',
  email: '',
  password: '',
  phoneNumber: '',
  gender: '',
  dob: '',
  location: '',
}

/** Add user (spec section 5): the contract's own rules, the same the server applies. */
export const userCreateForm = userCreateBody

/**
 * Edit user (spec section 5): name, e-mail and phone required, each with its rule; gender turned into a number,
 * and left unchanged when none is chosen (the spec does not require it on edit); no password. The contract's
 * update body makes every field optional for partial saves, so the form's required rules are spelled here.
 */
export const userEditForm = z.object({
  name: requiredText(120),
  email,
  phoneNumber,
  gender: z.union([z.literal('').transform(() => undefined), gender]),
  dob: dateOfBirth,
  location: userUpdateBody.shape.location,
})
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
  location: user.location ?? '',
})

/**
 * The `enums.gender` key of a code for the list's Gender column: spec section 2 says 1 is female and anything
 * else male; an account with no gender recorded (possible only for accounts made outside the admin form) shows
 * nothing rather than a guess.
 */
export const genderKey = (code: number | null | undefined): '1' | '2' | null =>
  code === null || code === undefined ? null : code === 1 ? '1' : '2'
