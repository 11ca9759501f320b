import nodemailer from 'nodemailer'
import type { Config } from '@/server/config'
import type { MailSender, OutboxOptions } from './outbox'

/**
 * The mail server of SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start), through
 * nodemailer. Its timeouts are shorter than the outbox's lease, so that an attempt ends before
 * another worker may claim the message again.
 */
export function smtpSender(url: string): MailSender & { close(): void } {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as object)
  return {
    async send(mail) {
      await transport.sendMail(mail)
    },
    close: () => transport.close(),
  }
}

/** The outbox's options from the configuration (docs/rules.md#messages). */
export function outboxOptions(
  config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'OUTBOX_RETRY_MS' | 'PUBLIC_ORIGIN'>,
) {
  const sender = config.SMTP_URL ? smtpSender(config.SMTP_URL) : null
  const options: OutboxOptions = {
    sender,
    from: config.SMTP_FROM,
    retryBaseMs: config.OUTBOX_RETRY_MS,
    messageIdDomain: config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).hostname : undefined,
  }
  return { options, close: () => sender?.close() }
}
