import { z } from 'zod'
import {
  email,
  entityIds,
  envelope,
  idParams,
  isoDate,
  listEnvelope,
  listQuery,
  recordVersion,
  requiredText,
  sentVersion,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { messages } from './messages.ts'
import { STAFF_ROLES } from './permissions.ts'

/** Sortable fields of the staff list, `field:asc|desc`; ties fall to the id. */
export const STAFF_SORT_FIELDS = ['name', 'email', 'createdAt'] as const
const SORTS = STAFF_SORT_FIELDS.flatMap((f) => [`${f}:asc`, `${f}:desc`]) as [string, ...string[]]

export const staffListQuery = listQuery.extend({
  role: z
    .union([z.literal(''), z.enum(STAFF_ROLES)], { error: messages.oneOf(STAFF_ROLES) })
    .optional()
    .transform((v) => v || undefined),
  active: z
    .union([z.literal(''), z.enum(['true', 'false'])], { error: messages.oneOf(['true', 'false']) })
    .optional()
    .transform((v) => (v ? v === 'true' : undefined)),
  sortBy: z
    .union([z.literal(''), z.enum(SORTS)], { error: messages.oneOf(SORTS) })
    .optional()
    .transform((v) => v || 'createdAt:desc'),
})
export type StaffListQuery = z.infer<typeof staffListQuery>

export const staffMember = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  /** Whether two-step sign-in is on. */
  twoFactor: z.boolean(),
  lastLoginAt: isoDate.nullable(),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type StaffMember = z.infer<typeof staffMember>

const role = z.enum(STAFF_ROLES, { error: messages.oneOf(STAFF_ROLES) })

export const staffCreateBody = z.object({ name: requiredText(120), email, role })
export type StaffCreateBody = z.infer<typeof staffCreateBody>

export const staffUpdateBody = z.object({
  name: requiredText(120).optional(),
  role: role.optional(),
  active: z.boolean({ error: messages.oneOf(['true', 'false']) }).optional(),
  version: sentVersion,
})
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>

/** A one-time link to choose a password, and whether it was also emailed to the member. */
const link = { link: z.string(), expiresAt: isoDate, emailed: z.boolean() }

export const staffAnswer = envelope(staffMember)
export const staffCreateAnswer = envelope(
  staffMember.extend({ setupLink: z.string(), setupLinkExpiresAt: isoDate, emailed: z.boolean() }),
)
export const resetLinkAnswer = envelope(z.object(link))
export const staffList = listEnvelope(staffMember)

export const staffEndpoints = defineEndpoints('staff', {
  list: {
    method: 'GET',
    path: '/admin/staff',
    permission: 'staff:manage',
    summary: 'A page of staff accounts; `name` searches name and email; filters by role and active',
    query: staffListQuery,
    answer: staffList,
  },
  get: {
    method: 'GET',
    path: '/admin/staff/:id',
    permission: 'staff:manage',
    summary: 'One staff account',
    params: idParams,
    answer: staffAnswer,
  },
  create: {
    method: 'POST',
    path: '/admin/staff',
    permission: 'staff:manage',
    summary: 'Add a member of staff; answers a one-time link to choose a password (72 hours)',
    description:
      'The link is also emailed when SMTP_URL is set (`emailed` says whether it was sent). The account has ' +
      'no password until the link is followed.',
    body: staffCreateBody,
    status: 201,
    answer: staffCreateAnswer,
    audit: { entity: 'staff', action: 'create' },
  },
  update: {
    method: 'PUT',
    path: '/admin/staff/:id',
    permission: 'staff:manage',
    summary: 'Change a member’s name, role or active flag; disabling ends every session at once',
    description:
      'The last active administrator cannot be demoted or disabled, and nobody changes their own role or ' +
      'disables themselves (409).',
    params: idParams,
    body: staffUpdateBody,
    answer: staffAnswer,
    audit: { entity: 'staff', action: 'update' },
  },
  resetLink: {
    method: 'POST',
    path: '/admin/staff/:id/reset-link',
    permission: 'staff:manage',
    summary: 'Make a one-time link for a member to choose a new password (24 hours)',
    params: idParams,
    answer: resetLinkAnswer,
    audit: { entity: 'staff', action: 'resetLink' },
  },
})
