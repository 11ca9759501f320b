import nodemailer from 'nodemailer'
import type { Config } from '@/server/config'
import type { MailSender, OutboxOptions } from './outbox'
import { infobipSender } from './sms'

/**
 * The mail server of SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start), through
 * nodemailer. A server that does not answer ends the attempt after these timeouts; one that
 * answers slowly keeps it going, under a claim the outbox renews meanwhile (outbox.ts). `npm run
 * doctor` checks its login through the same transport (`verify()`).
 */
export function smtpTransport(url: string) {
  return nodemailer.createTransport(url, {
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as object)
}

export function smtpSender(url: string): MailSender & { close(): void } {
  const transport = smtpTransport(url)
  return {
    async send(mail) {
      await transport.sendMail(mail)
    },
    close: () => transport.close(),
  }
}

/**
 * The outbox's options from the configuration (docs/rules/orders.md#messages). In development, a
 * message with no server to take it is written whole to `log` (the development mail catcher).
 */
export function outboxOptions(
  config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'OUTBOX_RETRY_MS' | 'PUBLIC_ORIGIN'> &
    Partial<Pick<Config, 'SMS_URL' | 'SMS_API_KEY' | 'SMS_FROM' | 'NODE_ENV' | 'PORT'>>,
  log?: { info(msg: string): void },
) {
  const sender = config.SMTP_URL ? smtpSender(config.SMTP_URL) : null
  const options: OutboxOptions = {
    sender,
    sms: config.SMS_URL
      ? infobipSender({
          baseUrl: config.SMS_URL,
          apiKey: config.SMS_API_KEY ?? '',
          from: config.SMS_FROM ?? 'Etal',
        })
      : null,
    from: config.SMTP_FROM,
    retryBaseMs: config.OUTBOX_RETRY_MS,
    origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT ?? 3000}`,
    messageIdDomain: config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).hostname : undefined,
    show:
      log && config.NODE_ENV === 'development'
        ? (m) =>
            log.info(
              m.channel === 'sms'
                ? `SMS non envoyé (aucun SMS_URL), pour ${m.to} :\n${m.text}`
                : `E-mail non envoyé (aucun SMTP_URL), pour ${m.to} : ${m.subject}\n${m.text}`,
            )
        : undefined,
  }
  return { options, close: () => sender?.close() }
}
