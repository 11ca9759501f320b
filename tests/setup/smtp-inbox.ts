import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the inbox received it. */
export type ReceivedMail = { to: string; subject: string; text: string; messageId: string }

/**
 * A real SMTP server in the test's own process (smtp-server, no TLS, no login), keeping what it
 * receives parsed (mailparser) in `mails`. The outbox sends to `url` as it sends to the shop's own
 * mail server (docs/rules/orders.md#messages). `refuse` makes it answer 550 to a recipient with the
 * reason it returns; `slowMs` holds each message that long before accepting it (a slow server);
 * `stop` and `start(port)` take it down and bring it back on the same port (a server that was down).
 */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = []
  let server: SMTPServer
  let port = 0
  const inbox = {
    mails,
    refuse: null as ((to: string) => string | null) | null,
    slowMs: 0,
    get port() {
      return port
    },
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    /** Empties the inbox and puts refusals and slowness back to none. */
    reset() {
      mails.length = 0
      inbox.refuse = null
      inbox.slowMs = 0
    },
    start(onPort = 0) {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          const why = inbox.refuse?.(address.address)
          if (why) return callback(Object.assign(new Error(why), { responseCode: 550 }))
          callback()
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then(async (mail) => {
              if (inbox.slowMs) await new Promise((r) => setTimeout(r, inbox.slowMs))
              const to = Array.isArray(mail.to) ? mail.to[0]!.text : (mail.to?.text ?? '')
              mails.push({
                to,
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                messageId: mail.messageId ?? '',
              })
              callback()
            })
            .catch(callback)
        },
      })
      return new Promise<void>((resolve) =>
        server.listen(onPort, '127.0.0.1', () => {
          port = (server.server.address() as AddressInfo).port
          resolve()
        }),
      )
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  await inbox.start()
  return inbox
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>
