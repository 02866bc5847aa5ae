import type { FastifyInstance } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Services } from '../types.ts'
import { type MailContent, oneLine } from './messages.ts'
import { DEFAULT_MAIL_FROM } from './settings.ts'

/** Where a mail goes: the account's email address, with its name beside it. */
export interface Recipient {
  name: string
  address: string
}

/** What the mailer reports: a sent message, a failure (with the error), never the message's content. */
export interface MailLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

/**
 * Sends the back-office's emails through the SMTP server of `SMTP_URL`. A message holds no user text in a header
 * but the recipient, given to nodemailer as an address object so that it encodes the name and not we.
 */
export interface Mailer {
  /** Sends and waits; throws when the server refuses or cannot be reached within the timeouts. */
  send(to: Recipient, content: MailContent): Promise<void>
  /** Sends without waiting: the caller answers at once, and a failure is logged, not thrown. */
  sendLater(to: Recipient, content: MailContent, what: string): void
  /** Waits for the mails still on their way, then lets the connection go. */
  close(): Promise<void>
}

/**
 * How long a mail may take at each step: connecting, the server's greeting, and any silence after. An SMTP server
 * that does not answer then fails the send instead of holding the call (and its transaction) for minutes.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 }

/** A mailer for `SMTP_URL`, or null when it is unset: then nothing is sent and links are only handed out. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: MailLog): Mailer | null {
  if (!config.SMTP_URL) return null
  const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...TIMEOUTS })
  const from = config.MAIL_FROM ?? DEFAULT_MAIL_FROM
  const pending = new Set<Promise<void>>()

  const send = async (to: Recipient, content: MailContent) => {
    const info = await transport.sendMail({
      from,
      to: { name: oneLine(to.name), address: to.address },
      subject: content.subject,
      text: content.text,
      html: content.html,
    })
    log.info({ messageId: info.messageId }, 'email sent')
  }

  return {
    send,
    sendLater(to, content, what) {
      const sending = send(to, content)
        .catch((err: unknown) => log.error({ err, mail: what }, 'mail not sent'))
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async close() {
      await Promise.allSettled([...pending])
      transport.close()
    },
  }
}

const mailers = new WeakMap<Services, Mailer | null>()

/**
 * The app's one mailer, made on first use from its settings and closed with it: the modules that send mail share
 * it, and a mail still on its way when the server stops is waited for.
 */
export function mailerOf(app: FastifyInstance): Mailer | null {
  const { services } = app
  if (mailers.has(services)) return mailers.get(services)!
  const mailer = createMailer(services.config, app.log)
  mailers.set(services, mailer)
  if (mailer) app.addHook('onClose', () => mailer.close())
  return mailer
}
