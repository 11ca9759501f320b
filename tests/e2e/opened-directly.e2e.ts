import { and, desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { outboxMessages } from '../../src/server/db/schema'
import { requestReset } from '../../src/server/services/people/accounts'
import { createOrder } from '../factories'
import { demoUser, e2eApp, loginAt, newPage, PHONE, plain, seenPageErrors, shot } from './harness'

/**
 * Pages opened at their own address, as a link in an e-mail or a typed address opens them: their
 * first HTML is the build's shell, drawn at a sample address (scripts/prerender-shells.tsx), and
 * React takes it over at the real one without a mismatch (src/client/lib/page-url.ts,
 * docs/rules/phones-offline.md#phone-first-load). Found by a walk-through: the e-mailed reset link
 * and the client's receipt threw React's error #418, and the receipt first read 'Reçu de la
 * commande #0 · ID de commande non valide'. The harness fails any test during which a page throws.
 */
const e = e2eApp()

/** React holds the page once #root says it is ready (main.tsx). */
const takenOver = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.getElementById('root')!.dataset.ready === 'true')).toBe(true)

describe('a page opened at its own address', () => {
  it('the e-mailed reset link: its form, taken over without an error, sets the password', async () => {
    // Mali's demo client: the receipt's test below signs the other one in with its demo password.
    const client = await demoUser(e, 'client.ml@etal.demo')
    await requestReset(e.t.db, client.email, 'email', e.baseUrl)
    const [mail] = await e.t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, client.id), eq(outboxMessages.kind, 'password_reset_link')))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
    const link = (mail!.facts as { link: string }).link
    expect(link).toMatch(/\/reset-password\?token=[\w-]+\.[\w-]+$/)

    // The first HTML: the form, as the link opens it, not 'Ce lien est incomplet'.
    const html = await (await fetch(link)).text()
    expect(html).toContain('Nouveau mot de passe')
    expect(html).not.toContain('Ce lien est incomplet')

    const { page, context } = await newPage(e, PHONE)
    await page.goto(link)
    await takenOver(page)
    await expect.poll(() => page.getByLabel('Nouveau mot de passe').isVisible()).toBe(true)
    // The form answers (React holds it): two passwords that differ are said so.
    await page.getByLabel('Nouveau mot de passe').fill('Ouvert-2026!')
    await page.getByLabel('Confirmez le mot de passe').fill('Autre-2026!')
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
    await expect
      .poll(() => page.getByText('Les deux mots de passe ne sont pas identiques.').isVisible())
      .toBe(true)
    expect(await page.getByText('Ce lien est incomplet').count()).toBe(0)
    expect(seenPageErrors()).toEqual([])
    await shot(page, 'opened-directly-reset-password-390')
    await page.getByLabel('Confirmez le mot de passe').fill('Ouvert-2026!')
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
    await page.waitForURL('**/dashboard')
    await context.close()
  })

  it('the reset page without its token says so once taken over; "forgot" leads back to the door it came from', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/reset-password')
    await takenOver(page)
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Ce lien est incomplet')
    // A link's address drawn from the URL: the shell's (the client's door) is replaced, not kept.
    await page.goto('/forgot-password?door=delivery')
    await takenOver(page)
    await expect
      .poll(() => page.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href'))
      .toBe('/delivery/login')
    expect(seenPageErrors()).toEqual([])
    await context.close()
  })

  it('the client’s receipt: no order #0 in its first HTML, its order once taken over', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const order = await createOrder(e.t.db, {
      user: client,
      lines: [{ price: 9000, quantity: 1.5, name: 'Filet de bœuf' }],
    })
    const path = `/order-confirmation/${order.id}/receipt`
    const html = await (await fetch(`${e.baseUrl}${path}`)).text()
    expect(html).toContain('Reçu de la commande')
    expect(html).not.toContain('Reçu de la commande #0')
    expect(html).not.toContain('ID de commande non valide')

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    // Opened at its address (a bookmark, the address typed), not reached from the order's page.
    await page.goto(path)
    await takenOver(page)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Reçu de la commande #${order.id}`)
    const receipt = page.getByRole('article', { name: `Reçu de la commande n° ${order.id}` })
    await expect.poll(() => receipt.isVisible()).toBe(true)
    const text = plain(await receipt.textContent())
    expect(text).toContain('Filet de bœuf')
    expect(text).toContain('13 500 F CFA')
    expect(await page.getByText('ID de commande non valide').count()).toBe(0)
    expect(seenPageErrors()).toEqual([])
    await shot(page, 'opened-directly-receipt-390')
    // An address that names no order: said once the address is known.
    await page.goto('/order-confirmation/abc/receipt')
    await takenOver(page)
    await expect.poll(() => page.getByText('ID de commande non valide').isVisible()).toBe(true)
    await context.close()
  })
})
