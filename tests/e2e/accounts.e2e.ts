import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { infobipSender } from '../../src/server/services/messages/sms'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import {
  DEMO_PASSWORD,
  DESKTOP,
  loginAt,
  newPage,
  PHONE,
  seriousViolations,
  shot,
  startE2E,
  type E2E,
} from './harness'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'

/**
 * Accounts people can get back into (docs/rules/people.md#accounts), in the browser: "Mot de passe
 * oublié ?" from a sign-in page, the link read from a real SMTP server in this process, the new
 * password, signed in at once; the SMS code way with the fake provider; sign-in by phone; the
 * client's "Me prévenir par" card. Each new page is axe-clean, at 390 and 1280 px.
 */
let e: E2E
let smtp: SmtpInbox
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>

beforeAll(async () => {
  smtp = await startSmtpInbox()
  sms = await startFakeSmsProvider()
  e = await startE2E()
})
afterAll(async () => {
  await e?.close()
  await sms?.close()
  await smtp?.stop()
})

/** What the outbox worker does every 2 s on a running shop. */
const drain = () =>
  drainOutbox(e.t.db, {
    sender: smtpSender(smtp.url),
    sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
    from: 'Étal <commandes@etal.example>',
  })

describe('a forgotten password', () => {
  it('by e-mail at 390 px: the link from the mail sets a new password and signs the client in', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/client/login')
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
    await page.waitForURL('**/forgot-password?door=client')
    await expect.poll(() => page.getByLabel('Email ou téléphone').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'forgot-password-390')

    await page.getByLabel('Email ou téléphone').fill('client@etal.demo')
    await page.getByRole('button', { name: 'Recevoir un lien ou un code' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Si un compte existe')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'forgot-password-sent-390')

    await drain()
    // The latest: a journey tried again finds the first try's link in the box, already used.
    const mail = smtp.mails.findLast((m) => m.to === 'client@etal.demo')
    expect(mail).toBeDefined()
    const link = /(https?:\/\/\S+\/reset-password\?token=[\w.-]+)/.exec(mail!.text)![1]!
    expect(link.startsWith(e.baseUrl)).toBe(true)

    await page.goto(link)
    await expect.poll(() => page.getByLabel('Nouveau mot de passe').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'reset-password-390')
    // Two different passwords: said on the field, nothing sent.
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-2026!')
    await page.getByLabel('Confirmez le mot de passe').fill('Autre-2026!')
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
    await expect
      .poll(() => page.getByText('Les deux mots de passe ne sont pas identiques.').isVisible())
      .toBe(true)
    await page.getByLabel('Confirmez le mot de passe').fill('Nouveau-2026!')
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
    await page.waitForURL('**/dashboard')
    await expect.poll(() => page.getByText('Bonjour,').filter({ visible: true }).count()).toBe(1)

    // The link served once: opened again, it says so.
    await page.goto(link)
    await page.getByLabel('Nouveau mot de passe').fill('Encore-2026!')
    await page.getByLabel('Confirmez le mot de passe').fill('Encore-2026!')
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Ce lien ne marche plus')
    await context.close()

    // The new password opens the account; the old one no more.
    const { page: other, context: second } = await newPage(e, PHONE)
    await loginAt(other, '/client/login', 'client@etal.demo', DEMO_PASSWORD)
    await expect.poll(() => other.getByRole('alert').first().textContent()).toContain('incorrect')
    await loginAt(other, '/client/login', 'client@etal.demo', 'Nouveau-2026!')
    await other.waitForURL('**/dashboard')
    await second.close()
  })

  it('by SMS at 1280 px: the code from the fake provider, then the new password', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await page.goto('/delivery/login')
    await shot(page, 'delivery-login-1280')
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
    // The sign-in page has an "Email ou téléphone" too: type once the new page is there.
    await page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).waitFor()
    await page.getByLabel('Email ou téléphone').fill('77 100 00 04')
    await shot(page, 'forgot-password-1280')
    await page.getByRole('button', { name: 'Recevoir un lien ou un code' }).click()
    await expect.poll(() => page.getByLabel('Code reçu par SMS').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await drain()
    const got = sms.inbox.find((m) => m.to === '221771000004')
    expect(got?.text).toMatch(/^Étal: votre code pour un nouveau mot de passe est \d{6}\./)
    const code = /(\d{6})/.exec(got!.text)![1]!
    await page.getByLabel('Code reçu par SMS').fill(code === '000000' ? '111111' : '000000')
    await page.getByLabel('Nouveau mot de passe').fill('Livreur-2026!')
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Code incorrect')
    await shot(page, 'forgot-password-code-1280')
    await page.getByLabel('Code reçu par SMS').fill(code)
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
    await page.waitForURL('**/delivery/dashboard')
    await context.close()
  })

  it('the reset page at 1280 px and without its token', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await page.goto('/reset-password?token=abcdefghijkl.mnopqrstuvwxyz')
    await expect.poll(() => page.getByLabel('Nouveau mot de passe').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'reset-password-1280')
    await page.goto('/reset-password')
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Ce lien est incomplet')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})

describe('sign-in by phone and the client’s messages', () => {
  it('signs in with a phone number typed as in the country, and saves "Me prévenir par : SMS"', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', '77 100 00 03')
      await page.waitForURL('**/admin/orders-only')
      await context.close()
    }
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', '+223 70 00 00 05')
    await page.waitForURL('**/dashboard')
    const sms = page.getByRole('checkbox', { name: 'SMS' })
    await expect.poll(() => sms.isVisible()).toBe(true)
    expect(await sms.isChecked()).toBe(false)
    await sms.check()
    await expect.poll(() => page.getByText('Préférence enregistrée.').isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByRole('checkbox', { name: 'SMS' }).isChecked()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'client-dashboard-messages-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'client-dashboard-messages-1280')
    await context.close()
  })
})
