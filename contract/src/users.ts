import { z } from 'zod'
import {
  email,
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  imagePath,
  isoDate,
  isRealDate,
  listEnvelope,
  listQuery,
  optionalText,
  password,
  phoneNumber,
  recordVersion,
  requiredText,
  sentVersion,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { GENDERS, ROLES, SPEC_ROLES } from './enums.ts'
import { csvAnswer, csvResponses, optionalChoice, optionalDay, ordered, sortParam } from './list-params.ts'
import { messageRef, messages } from './messages.ts'
import { addressParts } from './places.ts'

export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const
export type UserSortField = (typeof USER_SORT_FIELDS)[number]

/** `role` narrows the list to customers (`user`, what the user list always sends) or administrators (`admin`). */
const userFilterShape = {
  name: listQuery.shape.name,
  phone: z.string().max(40, messages.tooLong(40)).optional().meta({
    description: 'Customers with this phone number, in any common writing (0909 123 456, +84 909 123 456)',
  }),
  sortBy: sortParam(USER_SORT_FIELDS),
  role: z
    .union([z.literal(''), z.enum(SPEC_ROLES)], { error: messages.oneOf(SPEC_ROLES) })
    .optional()
    .transform((v) => v || undefined),
  gender: optionalChoice(['1', '2']).meta({ description: '1 female, 2 male' }),
  from: optionalDay.meta({ description: 'Joined on or after this day (YYYY-MM-DD, STORE_TZ)' }),
  to: optionalDay.meta({ description: 'Joined on or before this day (YYYY-MM-DD, STORE_TZ)' }),
}
const userRanges = ordered([['from', 'to']])
export const userListQuery = listQuery.extend(userFilterShape).superRefine(userRanges)
export type UserListQuery = z.infer<typeof userListQuery>
export const userExportQuery = z.object(userFilterShape).superRefine(userRanges)
export type UserExportQuery = z.infer<typeof userExportQuery>

export const user = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** 1 female, 2 male. */
  gender: z.literal(GENDERS).nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  location: z.string().nullable(),
  /** The address by the 2025 units, when it was given so (CONTRACT 5.6); `location` is its text. */
  addressParts: addressParts.nullable(),
  avatar: z.string().nullable(),
  isEmailVerified: z.boolean(),
  lastLoginAt: isoDate.nullable(),
  role: z.enum(ROLES),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type User = z.infer<typeof user>

/** 1 or 2; an HTML select sends it as text, so '1' is 1. */
export const gender = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? messages.required : messages.oneOf(GENDERS)),
  })
  .transform((v, ctx) => {
    const n = typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v
    if (n !== 1 && n !== 2) {
      ctx.addIssue({
        code: 'custom',
        message: typeof v === 'string' && v.trim() === '' ? messages.required : messages.oneOf(GENDERS),
      })
      return z.NEVER
    }
    return n as (typeof GENDERS)[number]
  })

/**
 * A date of birth: YYYY-MM-DD, a real date. Empty or null means "not given". Whether it lies in the future
 * depends on the store's calendar, so the server checks that against its own clock.
 */
export const dateOfBirth = z
  .string({ error: messageRef('dateFormat') })
  .nullable()
  .transform((v, ctx) => {
    const value = v?.trim() ?? ''
    if (value === '') return null
    if (!isRealDate(value)) {
      ctx.addIssue({ code: 'custom', message: messageRef('realDate') })
      return z.NEVER
    }
    return value
  })

/** Free text where empty and null both mean "not given". */
const optionalLine = optionalText(255)
  .nullable()
  .transform((v) => v || null)

/** The add-user form. The admin form creates customers only (spec section 6). */
export const userCreateBody = z.object({
  name: requiredText(120),
  email,
  password,
  phoneNumber,
  gender,
  role: z.literal('user', { error: messageRef('customersOnly') }).optional(),
  dob: dateOfBirth.optional(),
  location: optionalLine.optional(),
  /** The address by the 2025 units: the server writes `location` from it. */
  addressParts: addressParts.nullable().optional(),
})
export type UserCreateBody = z.infer<typeof userCreateBody>

/**
 * The edit-user form and the Setting dialog: every field optional, each checked when present. `role` may be
 * sent back as read, but not changed; a password is changed through change-password only.
 */
export const userUpdateBody = z.object({
  name: requiredText(120).optional(),
  email: email.optional(),
  phoneNumber: phoneNumber.optional(),
  gender: gender.optional(),
  dob: dateOfBirth.optional(),
  location: optionalLine.optional(),
  /** The address by the 2025 units: the server writes `location` from it; `location` sent alone drops it. */
  addressParts: addressParts.nullable().optional(),
  avatar: imagePath.nullable().optional(),
  role: z.enum(ROLES, { error: messages.oneOf(ROLES) }).optional(),
  password: z.undefined({ error: messageRef('passwordNotHere') }).optional(),
  version: sentVersion,
})
export type UserUpdateBody = z.infer<typeof userUpdateBody>

export const userAnswer = envelope(user)
export const userList = listEnvelope(user)

export const userEndpoints = defineEndpoints('users', {
  list: {
    method: 'GET',
    path: '/admin/users',
    permission: 'customers:read',
    summary: 'A page of users, sorted and filtered; role=user for customers, role=admin for staff',
    query: userListQuery,
    answer: userList,
  },
  export: {
    method: 'GET',
    path: '/admin/users/export',
    permission: 'customers:read',
    summary: 'Every user the filters match, as a CSV file in the list’s order (customers only for staff)',
    query: userExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  emailTaken: {
    method: 'GET',
    path: '/admin/users/email-taken',
    permission: 'customers:write',
    summary: 'Whether an email is already an account’s (any role, any case)',
    description:
      'Lets an add form (a customer, a member of staff) name a taken email together with the rules its other ' +
      'fields break, in one save: the save itself is refused with those rules before the server looks at the ' +
      'email. The save still checks it (409 `emailTaken`).',
    query: z.object({ email }),
    answer: envelope(z.object({ taken: z.boolean() })),
  },
  get: {
    method: 'GET',
    path: '/admin/users/:id',
    permission: 'customers:read',
    summary: 'One user',
    params: idParams,
    answer: userAnswer,
  },
  create: {
    method: 'POST',
    path: '/admin/users',
    permission: 'customers:write',
    summary: 'Create a customer account',
    body: userCreateBody,
    status: 201,
    answer: userAnswer,
    audit: { entity: 'user', action: 'create' },
  },
  update: {
    method: 'PUT',
    path: '/admin/users/:id',
    permission: 'customers:write',
    summary: 'Change some of a user’s profile fields (also the Setting dialog’s own-name edit)',
    params: idParams,
    body: userUpdateBody,
    answer: userAnswer,
    audit: { entity: 'user', action: 'update' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/users/:id',
    permission: 'customers:write',
    summary: 'Delete a user without orders, with their reviews and sessions',
    params: idParams,
    answer: emptyEnvelope,
    audit: { entity: 'user', action: 'delete' },
  },
})
