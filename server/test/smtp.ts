import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on a loopback port, for the tests of the emails the back-office sends: it takes every
// message, keeps the bytes exactly as they arrived with the SMTP envelope and login beside them, and parses
// them as a mail program would (mailparser).

export interface ReceivedMail {
  /** The SMTP envelope: who the client said it sends from and to, apart from the message's own headers. */
  envelope: { from: string | null; to: string[] }
  /** The user the client signed in as, when it did. */
  user: string | null
  /** The message as it went over the wire. */
  raw: string
  parsed: ParsedMail
}

export interface TestSmtp {
  /** `smtp://user:password@127.0.0.1:port`, to give the app as SMTP_URL. */
  url: string
  port: number
  /** Every message received so far, in order. */
  messages: ReceivedMail[]
  /**
   * The first message that `match` accepts among those received from the `from`-th on (all by default), or the
   * first such message still to come; rejects after `ms`.
   */
  waitFor(
    match: (mail: ReceivedMail) => boolean,
    options?: { from?: number; ms?: number },
  ): Promise<ReceivedMail>
  close(): Promise<void>
}

export const SMTP_USER = { user: 'mailer', password: 'p@ss:word/1' }

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = []
  const waiting = new Set<() => void>()
  const server = new SMTPServer({
    // Plain SMTP on loopback with a login, as a relay inside a private network takes it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    banner: 'test mail server',
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER.user && auth.password === SMTP_USER.password) {
        callback(null, { user: auth.username })
      } else {
        callback(new Error('Invalid username or password'))
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              user: typeof session.user === 'string' ? session.user : null,
              raw: raw.toString('utf8'),
              parsed,
            })
            for (const wake of waiting) wake()
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  const credentials = `${encodeURIComponent(SMTP_USER.user)}:${encodeURIComponent(SMTP_USER.password)}`

  return {
    url: `smtp://${credentials}@127.0.0.1:${port}`,
    port,
    messages,
    waitFor: (match, { from = 0, ms = 15_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match)
          if (!found) return
          done()
          resolve(found)
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no such message within ${ms} ms; received ${messages.length}`))
        }, ms)
        const done = () => {
          clearTimeout(timer)
          waiting.delete(check)
        }
        waiting.add(check)
        check()
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The message's headers as they went over the wire, each folded header on one line. */
export function headerLines(mail: ReceivedMail): string[] {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')
}

/** A match for `waitFor`: a message whose envelope has `address` among its recipients, whatever the case. */
export const sentTo = (address: string) => (mail: ReceivedMail) =>
  mail.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase())

/** The one-time link a mail carries (`…/reset-password?token=…&lang=…`), from its plain text. */
export function linkIn(mail: ReceivedMail): string {
  const found = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+(&lang=(en|vi))?/.exec(
    mail.parsed.text ?? '',
  )
  if (!found) throw new Error(`no link in the mail:\n${mail.parsed.text}`)
  return found[0]
}

/** The token of a one-time link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!
