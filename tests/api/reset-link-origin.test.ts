import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { createUser } from '../factories'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The reset e-mail's link is absolute, whatever the configuration (docs/rules/people.md#accounts):
 * a mail client has no page to read a relative link against. PUBLIC_ORIGIN when set; unset,
 * outside production, the request's origin; in production never a Host header's (it would send
 * the token to whoever wrote it), but this machine's address.
 */

let smtp: SmtpInbox
const apps: TestApp[] = []

beforeAll(async () => {
  smtp = await startSmtpInbox()
})
afterEach(() => smtp.reset())
afterAll(async () => {
  for (const a of apps) await a.close()
  await smtp.stop()
})

/** The link of the reset e-mail asked for with this Host header. */
async function mailedLink(env: Record<string, string>, host: string) {
  const t = await createTestApp(env)
  apps.push(t)
  const user = await createUser(t.db, { role: 'client', country: 'SN' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/_api/auth/password/forgot',
    headers: { host },
    payload: { identifier: user.email },
  })
  expect(res.statusCode, res.body).toBe(200)
  await drainOutbox(t.db, {
    sender: smtpSender(smtp.url),
    from: 'Étal <commandes@etal.example>',
    retryBaseMs: 1,
  })
  expect(smtp.mails).toHaveLength(1)
  await t.db.delete(outboxMessages)
  const m = /(\S*)\/reset-password\?token=[\w.-]+/.exec(smtp.mails[0]!.text)
  expect(m, smtp.mails[0]!.text).not.toBeNull()
  return m![0]
}

describe('the reset e-mail’s link', () => {
  it('is absolute from the request’s origin without PUBLIC_ORIGIN, outside production', async () => {
    const link = await mailedLink({}, 'etal.lan:3000')
    expect(link).toMatch(/^http:\/\/etal\.lan:3000\/reset-password\?token=/)
    expect(new URL(link).pathname).toBe('/reset-password')
  })

  it('is on PUBLIC_ORIGIN when it is set, whatever the Host header', async () => {
    const link = await mailedLink({ PUBLIC_ORIGIN: 'https://etal.example' }, 'ailleurs.example')
    expect(link).toMatch(/^https:\/\/etal\.example\/reset-password\?token=/)
  })

  it('in production without PUBLIC_ORIGIN, never follows a Host header, and is absolute still', async () => {
    const link = await mailedLink({ NODE_ENV: 'production', PORT: '3107' }, 'pirate.example')
    expect(link).not.toContain('pirate.example')
    expect(link).toMatch(/^http:\/\/localhost:3107\/reset-password\?token=/)
  })
})
