import { and, desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../src/server/db/schema'
import { createUser, PASSWORD } from '../factories'
import {
  demoUser,
  loginAt,
  newPage,
  PHONE,
  plain,
  seriousViolations,
  shot,
  startE2E,
  type E2E,
} from './harness'

/**
 * Gift vouchers at 390 px (docs/rules/gift-vouchers.md): the demo client buys one for Awa and pays
 * it through the fake Wave; the page waits for the provider's status query, then says it was
 * sent; another client opens the SMS's link (the code read from the outbox) and adds it to its
 * store credit.
 */
let e: E2E
beforeAll(async () => {
  e = await startE2E()
  e.t.deps.payments.origin = e.baseUrl
})
afterAll(() => e?.close())

async function looked(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, `gift-vouchers/${name}-390`)
  expect(await seriousViolations(page)).toEqual([])
}

describe('gift vouchers', () => {
  it('buy one with the fake wallet; another client uses its code from the SMS link', async () => {
    const { page } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/client/login')
    await page.goto('/bons-cadeaux')
    await page.getByLabel('Montant (F CFA)').fill('15000')
    await page.getByLabel('Prénom de la personne').fill('Awa')
    await page.getByLabel('Son numéro de téléphone').fill('77 123 45 67')
    await page.getByLabel('Un petit mot (facultatif)').fill('Bonne fête !')
    await page.getByLabel('Wave').check()
    await looked(page, 'buy')
    await page.getByRole('button', { name: 'Payer et envoyer le bon cadeau' }).click()
    await page.waitForURL((u) => u.pathname.startsWith('/simulation/wave/'))
    await page.getByRole('button', { name: 'Simuler le paiement' }).click()
    await page.waitForURL((u) => u.pathname === '/bons-cadeaux' && u.searchParams.has('bon'))
    await expect.poll(() => page.getByTestId('voucher-paid').isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await page.getByTestId('voucher-paid').textContent()).toContain('+221 77 123 45 67')
    await looked(page, 'paid')

    // The SMS to Awa, as the outbox holds it until it is sent.
    const buyer = await demoUser(e, 'client@etal.demo')
    const [sms] = await e.t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, buyer.id), eq(outboxMessages.kind, 'voucher_gift')))
      .orderBy(desc(outboxMessages.id))
      .limit(1)
    expect(sms!.recipient).toBe('+221 77 123 45 67')
    const code = (sms!.facts as { code: string }).code

    const friend = await createUser(e.t.db, { role: 'client', country: 'SN', displayName: 'Awa Ndiaye' })
    const other = await newPage(e, PHONE)
    await loginAt(other.page, '/client/login', friend.email, PASSWORD)
    await other.page.waitForURL((u) => u.pathname !== '/client/login')
    // A wrong code first: said in French, nothing added.
    await other.page.goto('/bons-cadeaux/utiliser')
    await other.page.getByLabel('Code du bon cadeau').fill('ACDE-FGHJ-KMNP')
    await other.page.getByRole('button', { name: 'Ajouter à mon avoir' }).click()
    await expect
      .poll(() => other.page.getByRole('alert').filter({ hasText: 'Aucun bon cadeau' }).isVisible())
      .toBe(true)
    await looked(other.page, 'redeem-wrong')
    // The SMS's link: the code prefilled.
    await other.page.goto(`/bons-cadeaux/utiliser?code=${code}`)
    await expect
      .poll(() => other.page.getByLabel('Code du bon cadeau').inputValue())
      .toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`)
    await other.page.getByRole('button', { name: 'Ajouter à mon avoir' }).click()
    await expect.poll(() => other.page.getByTestId('voucher-redeemed').isVisible()).toBe(true)
    expect(plain(await other.page.getByTestId('voucher-redeemed').textContent())).toContain(
      '15 000 F CFA ajoutés',
    )
    await looked(other.page, 'redeemed')
    const credit = await other.page.evaluate(async () => (await fetch('/_api/account/credit')).text())
    expect(credit).toContain('"balance":15000')
  })
})
