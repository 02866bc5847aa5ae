import { endpoints } from '@store/contract'
import type { FastifyBaseLogger } from 'fastify'
import { implement } from '../../lib/endpoints.ts'
import { conflict } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import { type Mailer, mailerOf } from '../../mail/mailer.ts'
import { type PasswordLinkKind, passwordMail } from '../../mail/messages.ts'
import { mailLanguageOf, passwordLinkOf } from '../../mail/settings.ts'
import type { Services } from '../../types.ts'
import { endPasswordLinks, LINK_MINUTES, makePasswordLink } from '../auth/password-links.ts'
import { revokeAll } from '../auth/tokens.ts'
import {
  createStaff,
  editable,
  findStaff,
  listStaff,
  type StaffRow,
  toStaffMember,
  updateStaff,
} from './repository.ts'

/**
 * Mails a member their link when mail is set up, and says whether it went. The call waits for the SMTP server
 * (within the mailer's timeouts) so that it can tell the administrator; a failure is logged and answered as
 * `emailed: false`, with the link still shown to hand over another way.
 */
async function mailLink(
  mailer: Mailer | null,
  services: Services,
  log: FastifyBaseLogger,
  member: StaffRow,
  kind: PasswordLinkKind,
  link: string,
): Promise<boolean> {
  if (!mailer) return false
  const content = passwordMail({
    kind,
    language: mailLanguageOf(services.config, member.language),
    name: member.name,
    link,
    validMinutes: LINK_MINUTES[kind],
  })
  try {
    await mailer.send({ name: member.name, address: member.email }, content)
    return true
  } catch (err) {
    log.error({ err, mail: kind, staffId: member.id }, 'mail not sent')
    return false
  }
}

/** Staff accounts (CONTRACT 4.2): administrators only, by the `staff:manage` permission of every call. */
export const staffRoutes = implement(endpoints.staff, (app) => {
  const { services } = app
  const mailer = mailerOf(app)

  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listStaff(db, request.query)),
      message: 'OK',
    }),

    get: async (request, _reply, { db }) => ({
      status: true,
      data: toStaffMember(await findStaff(db, toDbId(request.params.id))),
      message: 'OK',
    }),

    create: async (request, _reply, { db, audit }) => {
      const now = services.now()
      const member = await createStaff(db, request.body, now)
      const { token, expiresAt } = await makePasswordLink(db, member.id, 'setup', now)
      const setupLink = passwordLinkOf(
        services.config,
        token,
        mailLanguageOf(services.config, member.language),
      )
      const emailed = await mailLink(mailer, services, request.log, member, 'setup', setupLink)
      // The link is a secret of the new member's: the log says it was made and whether it was mailed, never what.
      audit.created({ ...editable(member), email: member.email }).set('emailed', null, emailed)
      return {
        status: true,
        data: { ...toStaffMember(member), setupLink, setupLinkExpiresAt: expiresAt.toISOString(), emailed },
        message: 'Staff member added',
      }
    },

    update: async (request, _reply, { db, audit }) => {
      const now = services.now()
      const { before, after } = await updateStaff(
        db,
        toDbId(request.params.id),
        request.body,
        request.admin.id,
        now,
        sentVersion(request),
      )
      if (before.active && !after.active) {
        // Disabled: every session ends now, not when its access token expires, and no link works any more.
        await revokeAll(db, services, after.id)
        await endPasswordLinks(db, [after.id], now)
      }
      audit.diff(editable(before), editable(after))
      return { status: true, data: toStaffMember(after), message: 'Staff member updated' }
    },

    resetLink: async (request, _reply, { db, audit }) => {
      const now = services.now()
      const member = await findStaff(db, toDbId(request.params.id))
      // A disabled account cannot use a link (reset-password refuses it), so none is made that would only fail.
      if (!member.active) throw conflict('accountDisabled')
      const { token, expiresAt } = await makePasswordLink(db, member.id, 'adminReset', now)
      const link = passwordLinkOf(services.config, token, mailLanguageOf(services.config, member.language))
      const emailed = await mailLink(mailer, services, request.log, member, 'adminReset', link)
      audit.name = member.name
      audit.set('emailed', null, emailed)
      return {
        status: true,
        data: { link, expiresAt: expiresAt.toISOString(), emailed },
        message: 'Reset link made',
      }
    },
  }
})
