import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  campaignAnimals,
  campaignPreparations,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  preparations,
} from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { countryByCode } from '../factories'
import {
  DESKTOP,
  francs,
  PHONE,
  newPage,
  passSecondStep,
  seriousViolations,
  shot,
  startE2E,
  type E2E,
} from './harness'

/**
 * The client's and the payer's side of a campaign at 390 px (docs/rules/campaigns-client.md):
 * a client opens the campaign from the home page, signs in from 'Réserver' and comes back,
 * reserves an animal, pays the deposit through the fake Wave, chooses slaughter, cutting, keeping
 * and a slot; a visitor without an account opens the pay link and pays an instalment; the balance
 * shown drops.
 */
let e: E2E
const DAY = 86_400_000
let campaignId: number
beforeAll(async () => {
  e = await startE2E()
  e.t.deps.payments.origin = e.baseUrl
  const sn = await countryByCode(e.t.db, 'SN')
  const [c] = await e.t.db
    .insert(campaigns)
    .values({
      countryId: sn.id,
      // Not the demo's Tabaski, which the home page also offers (src/server/seed/demo-campaigns.ts).
      name: 'Korité 2027',
      feastDate: new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10),
      opensAt: new Date(Date.now() - DAY),
      closesAt: new Date(Date.now() + 30 * DAY),
      balanceDueAt: new Date(Date.now() + 35 * DAY),
      slaughterPrice: 5_000,
      keepingPerNight: 1_000,
    })
    .returning()
  campaignId = c!.id
  const [prep] = await e.t.db
    .insert(preparations)
    .values({ countryId: sn.id, name: 'En quartiers (fête)' })
    .returning()
  await e.t.db.insert(campaignPreparations).values({ campaignId, preparationId: prep!.id, price: 3_000 })
  await e.t.db.insert(campaignAnimals).values([
    { campaignId, tag: 'SN-101', breed: 'Ladoum', weightKg: 85, ageMonths: 20, price: 350_000 },
    { campaignId, tag: 'SN-102', breed: 'Touabire', weightKg: 60, ageMonths: 16, price: 150_000 },
    { campaignId, tag: 'SN-103', breed: 'Touabire', weightKg: 45, ageMonths: 12, price: 100_000 },
  ])
  await e.t.db
    .insert(campaignShares)
    .values({ campaignId, name: 'Un quart de bœuf', price: 60_000, stock: 4 })
  await e.t.db.insert(campaignSlots).values({
    campaignId,
    kind: 'collection',
    startsAt: new Date(Date.now() + 39 * DAY),
    endsAt: new Date(Date.now() + 39 * DAY + 3 * 3_600_000),
    capacity: 20,
  })
})
afterAll(() => e?.close())

async function shots(page: Page, name: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0)
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, `campaigns-client/${name}-390`)
  await page.setViewportSize(DESKTOP)
  await shot(page, `campaigns-client/${name}-1280`)
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize(PHONE)
}

/** Pays `amount` on the form of the page it is on, with Wave, through the fake's page. */
async function payWithWave(page: Page, amount: number | null, back: (u: URL) => boolean) {
  if (amount !== null) await page.getByLabel('Montant à payer (F CFA)').fill(String(amount))
  await page.getByLabel('Wave').check()
  await page.getByRole('button', { name: 'Payer', exact: true }).click()
  await page.waitForURL((u) => u.pathname.startsWith('/simulation/wave/'))
  await page.getByRole('button', { name: 'Simuler le paiement' }).click()
  await page.waitForURL(back)
}

describe('a campaign, from the client and from a payer without an account', () => {
  it('reserve, pay the deposit, choose the services; a visitor pays an instalment from the link', async () => {
    const { page } = await newPage(e, PHONE)
    // The home page offers the open campaign.
    await page.goto('/')
    const banner = page.getByTestId('campaign-banner').filter({ hasText: 'Korité 2027' })
    await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(true)
    await banner.getByRole('link', { name: /Korité 2027/ }).click()
    await page.waitForURL(`**/campagnes/${campaignId}`)
    const cards = page.getByTestId('animal-card')
    await expect.poll(() => cards.count()).toBe(3)
    // Filters: the breed, then the top price.
    await page.getByLabel('Race').selectOption('Touabire')
    await expect.poll(() => cards.count()).toBe(2)
    await page.getByLabel('Prix maximum (F CFA)').fill('120000')
    await expect.poll(() => cards.count()).toBe(1)
    await page.getByLabel('Prix maximum (F CFA)').fill('')
    await page.getByLabel('Race').selectOption('')
    await expect.poll(() => cards.count()).toBe(3)
    await shots(page, 'campaign')

    // 'Réserver' signed out: the sign-in, then back to the campaign.
    await page.getByRole('button', { name: 'Réserver Touabire n° SN-102' }).click()
    await page.waitForURL((u) => u.pathname === '/client/login')
    await page.getByLabel('Email').fill('client@etal.demo')
    await page.getByLabel('Mot de passe').fill('Demo-2026!')
    await page.getByRole('button', { name: /se connecter/i }).click()
    await passSecondStep(page, 'client@etal.demo')
    await page.waitForURL(`**/campagnes/${campaignId}`)
    await page.getByRole('button', { name: 'Réserver Touabire n° SN-102' }).click()

    // The pay link's page: the deposit (30 % of 150 000 F) asked first.
    await page.waitForURL((u) => u.pathname === '/campagnes/payer')
    const payLink = page.url()
    const amount = page.getByLabel('Montant à payer (F CFA)')
    await expect.poll(() => amount.inputValue()).toBe('45000')
    await expect.poll(() => page.getByTestId('reservation-status').textContent()).toBe('Acompte à payer')
    await shots(page, 'pay-deposit')
    // Less than the deposit: said before anything is sent.
    await amount.fill('20000')
    await page.getByLabel('Wave').check()
    await page.getByRole('button', { name: 'Payer', exact: true }).click()
    await expect
      .poll(() =>
        page.getByText(`Le premier paiement couvre au moins l’acompte : ${formatMoney(45_000)}.`).count(),
      )
      .toBeGreaterThan(0)
    await payWithWave(page, 45_000, (u) => u.pathname === '/campagnes/payer')
    const status = page.getByTestId('reservation-status')
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Acompte payé')
    expect(francs(await page.getByTestId('reservation-balance').textContent())).toBe(105_000)

    // Mes réservations, then the services: slaughter, cutting, two nights, the collection slot.
    await page.goto('/reservations')
    // The demo client's reservations of the demo's campaign are listed too: this one is SN-102.
    const card = page.getByTestId('reservation-card').filter({ hasText: 'SN-102' })
    await expect.poll(() => card.count()).toBe(1)
    await shots(page, 'my-reservations')
    await card.getByRole('link').click()
    await page.waitForURL(/\/reservations\/\d+$/)
    const form = page.getByTestId('services-form')
    await expect.poll(() => form.isVisible()).toBe(true)
    await form.getByLabel(/Faire abattre l’animal/).check()
    await form.getByLabel('Découpe').selectOption({ label: `En quartiers (fête) (${formatMoney(3_000)})` })
    await form.getByLabel('Nuits de garde').fill('2')
    await form.getByLabel(/Retrait à la boutique/).check()
    await expect.poll(() => page.getByTestId('choice-total').textContent()).toContain(formatMoney(160_000))
    await form.getByRole('button', { name: 'Enregistrer mes choix' }).click()
    const balance = page.getByTestId('reservation-balance')
    await expect.poll(() => balance.textContent().then(francs)).toBe(115_000)
    const [row] = await e.t.db
      .select()
      .from(campaignReservations)
      .where(
        and(eq(campaignReservations.campaignId, campaignId), eq(campaignReservations.amountPaid, 45_000)),
      )
    expect(row).toMatchObject({ servicesAmount: 10_000, slaughter: true, keepingNights: 2 })
    expect(row!.slotId).not.toBeNull()
    await shots(page, 'services')

    // A visitor without an account opens the link and pays 10 000 F.
    const visitor = await newPage(e, PHONE)
    await visitor.page.goto(payLink)
    const vBalance = visitor.page.getByTestId('reservation-balance')
    await expect.poll(() => vBalance.textContent().then(francs)).toBe(115_000)
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toMatch(
      /^La réservation de \S+$/,
    )
    await shots(visitor.page, 'pay-link-visitor')
    await payWithWave(visitor.page, 10_000, (u) => u.pathname === '/campagnes/payer')
    await expect.poll(() => vBalance.textContent().then(francs), { timeout: 30_000 }).toBe(105_000)
    expect(francs(await visitor.page.getByTestId('reservation-paid').textContent())).toBe(55_000)
    await shots(visitor.page, 'pay-link-paid')

    // The client's own page shows it too.
    await page.reload()
    await expect.poll(() => balance.textContent().then(francs)).toBe(105_000)
    // And its space: 'Mes réservations', what is left.
    await page.goto('/dashboard')
    const section = page.getByTestId('account-reservations')
    await expect.poll(() => section.textContent()).toContain(`reste ${formatMoney(105_000)}`)
  })
})
