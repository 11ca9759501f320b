import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { outboxMessages, users } from '../../src/server/db/schema'
import { drainOutbox, type OutboxOptions } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { infobipSender } from '../../src/server/services/messages/sms'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import { createUser, get } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'

/**
 * What the account files share (accounts.test.ts, accounts-phones, accounts-sms): the app with a
 * real SMTP server in this process and the fake SMS provider (it speaks Infobip's protocol), the
 * outbox drained into them, clients with their own phone numbers, and the steps of a reset.
 */
export let t: TestApp
export let smtp: SmtpInbox
export let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>

export const outbox = (): OutboxOptions => ({
  sender: smtpSender(smtp.url),
  sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
  from: 'Étal <commandes@etal.example>',
  retryBaseMs: 1,
})
export const drain = () => drainOutbox(t.db, outbox())

/**
 * Each file's own app, mail and SMS servers. Called at the top of each file: the API files share
 * their worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function useAccountsApp() {
  beforeAll(async () => {
    phoneSeq = 0
    // The per-IP limit high: every injected request comes from one address (its own test sets it low).
    t = await createTestApp({ RESET_PER_IP: '1000' })
    smtp = await startSmtpInbox()
    sms = await startFakeSmsProvider()
  })
  afterAll(async () => {
    await smtp?.stop()
    await sms.close()
    await t.close()
  })
  afterEach(async () => {
    smtp.reset()
    sms.inbox.length = 0
    await t.db.delete(outboxMessages)
  })
}

let phoneSeq = 0
/** A client with its own phone number (the factory's users share one). */
export async function clientWithPhone(opts: { isActive?: boolean } = {}) {
  phoneSeq += 1
  const local = `77 6${String(phoneSeq).padStart(2, '0')} ${String(10 + phoneSeq).slice(-2)} 45`
  const user = await createUser(t.db, { role: 'client', country: 'SN', isActive: opts.isActive })
  const phone = `+221 ${local}`
  await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id))
  return { ...user, phoneNumber: phone, local }
}

export const forgot = (identifier: string) =>
  t.app.inject({ method: 'POST', url: '/_api/auth/password/forgot', payload: { identifier } })
export const sessionOf = (cookie: string) => get(t, '/_api/auth/session', cookie)
export const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `etal_session=${res.cookies.find((c) => c.name === 'etal_session')!.value}`

export function linkToken(text: string) {
  const m = /\/reset-password\?token=([\w.-]+)/.exec(text)
  expect(m, text).not.toBeNull()
  return m![1]!
}
