import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaignReservations, campaignSlots } from '../../src/server/db/schema'
import { signedIn } from '../factories'
import { addAnimal, openCampaign, reserveAnimal } from '../api/campaign-fixtures'
import { DESKTOP, e2eApp, loginAt, newPage, PHONE, plain, seriousViolations, shot } from './harness'

// docs/rules/campaigns-operations.md: on the feast days staff open a campaign's reservations, take
// the balance in cash at the shop, mark the animal ready then delivered, and print its tag.

const e = e2eApp()
const DAY = 86_400_000

describe('campaign operations', () => {
  it('at 390 px: staff record cash, mark ready then delivered, open the tags', async () => {
    // The campaign of the demo admin's country (Sénégal), written through the staff's calls; a
    // client reserves an animal delivered on the eve.
    const staffCookie = (await signedIn(e.t, 'admin', 'SN')).cookie
    const campaign = await openCampaign(e.t, staffCookie, { name: 'Tabaski des tests' })
    const animal = await addAnimal(e.t, staffCookie, campaign.id, 150_000)
    const other = await addAnimal(e.t, staffCookie, campaign.id, 120_000)
    const client = (await signedIn(e.t, 'client', 'SN')).cookie
    const r = await reserveAnimal(e.t, client, animal.id)
    const r2 = await reserveAnimal(e.t, client, other.id)
    const [slot] = await e.t.db
      .insert(campaignSlots)
      .values({
        campaignId: campaign.id,
        kind: 'delivery',
        startsAt: new Date(Date.now() + 39 * DAY),
        endsAt: new Date(Date.now() + 39 * DAY + 4 * 3_600_000),
        capacity: 10,
        booked: 1,
      })
      .returning()
    await e.t.db
      .update(campaignReservations)
      .set({ slotId: slot!.id, slaughter: true, recipientName: 'Awa Diop', recipientPhone: '+221770000001' })
      .where(eq(campaignReservations.id, r.id))

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'admin@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/employee/login')
    await page.goto(`/admin/campagnes/${campaign.id}/reservations`)
    await page.getByRole('heading', { level: 1, name: 'Réservations — Tabaski des tests' }).waitFor()
    const row = page.getByTestId(`reservation-${r.id}`)
    await expect.poll(async () => plain(await row.textContent())).toContain('Acompte en cours')
    expect(plain(await row.textContent())).toContain('Awa Diop')
    await shot(page, 'campaign-reservations-390')
    expect(await seriousViolations(page)).toEqual([])

    // Cash at the shop: too little first (the deposit is the least), then the whole price.
    const tag = plain(await row.locator('td').first().textContent()).match(/Boucle (SN-\d+)/)![1]!
    await row.getByRole('button', { name: `Encaisser Boucle ${tag}` }).click()
    const dialog = page.getByRole('dialog', { name: `Encaisser en espèces — Boucle ${tag}` })
    await dialog.getByLabel('Montant reçu (F CFA)').fill('1000')
    await dialog.getByRole('button', { name: 'Enregistrer les espèces' }).click()
    await dialog.getByText('Le premier paiement couvre au moins l’acompte').waitFor()
    await shot(page, 'campaign-cash-390')
    await dialog.getByLabel('Montant reçu (F CFA)').fill('150000')
    await dialog.getByRole('button', { name: 'Enregistrer les espèces' }).click()
    await expect.poll(async () => plain(await row.textContent())).toContain('dont 150 000 F CFA en espèces')
    expect(plain(await row.textContent())).toContain('Payée')

    await row.getByRole('button', { name: `Prête Boucle ${tag}` }).click()
    await expect.poll(async () => plain(await row.textContent())).toContain('Prête')
    await row.getByRole('button', { name: `Livrée Boucle ${tag}` }).click()
    // The row's text holds "Livrée" from the start (the button's own): the button gone is the answer.
    await expect.poll(() => row.getByRole('button', { name: `Livrée Boucle ${tag}` }).count()).toBe(0)
    expect(plain(await row.textContent())).toContain('Livrée')
    await shot(page, 'campaign-delivered-390')

    // The filter "solde dû après l’échéance": nothing is overdue yet.
    await page.getByLabel('Solde dû après l’échéance').check()
    await page.getByText('Aucune réservation pour ces filtres').waitFor()
    await page.getByLabel('Solde dû après l’échéance').uncheck()

    await page.getByRole('link', { name: 'Étiquettes à imprimer' }).click()
    await page.waitForURL(`**/admin/campagnes/${campaign.id}/etiquettes`)
    const tags = page.getByRole('list', { name: 'Étiquettes' })
    // The delivered animal has left the shop: only the other one's tag (its deposit not paid: none).
    await page.getByText('Aucun animal réservé à étiqueter').waitFor()
    await page.goto(`/admin/campagnes/${campaign.id}/reservations`)
    const second = page.getByTestId(`reservation-${r2.id}`)
    await second.getByRole('button', { name: /^Encaisser/ }).click()
    await page.getByRole('dialog').getByLabel('Montant reçu (F CFA)').fill('36000')
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer les espèces' }).click()
    await expect.poll(async () => plain(await second.textContent())).toContain('Acompte payé')
    await page.goto(`/admin/campagnes/${campaign.id}/etiquettes`)
    await expect.poll(() => tags.getByRole('listitem').count()).toBe(1)
    expect(plain(await tags.textContent())).toContain('Reste à payer 84 000 F CFA')
    await page.getByRole('img', { name: /^Code QR de la réservation/ }).waitFor()
    await shot(page, 'campaign-tags-390')
    expect(await seriousViolations(page)).toEqual([])

    const wide = await newPage(e, DESKTOP)
    await loginAt(wide.page, '/employee/login', 'admin@etal.demo')
    await wide.page.waitForURL((u) => u.pathname !== '/employee/login')
    await wide.page.goto(`/admin/campagnes/${campaign.id}/reservations`)
    await wide.page.getByTestId(`reservation-${r.id}`).waitFor()
    await shot(wide.page, 'campaign-reservations-1280')
    await wide.page.goto(`/admin/campagnes/${campaign.id}/etiquettes`)
    await wide.page.getByRole('img', { name: /^Code QR de la réservation/ }).waitFor()
    await shot(wide.page, 'campaign-tags-1280')
    // On paper: the tags alone, no header, menu nor buttons.
    await wide.page.emulateMedia({ media: 'print' })
    expect(await wide.page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false)
    expect(await wide.page.getByRole('list', { name: 'Étiquettes' }).isVisible()).toBe(true)
    await shot(wide.page, 'campaign-tags-print')
    await wide.context.close()

    // The other client never pays the rest: staff cancel; this campaign refunds nothing (no
    // refundable date), which the confirmation says before anything is done.
    await page.goto(`/admin/campagnes/${campaign.id}/reservations`)
    await second.getByRole('button', { name: /^Annuler Boucle/ }).click()
    const confirm = page.getByRole('alertdialog')
    expect(plain(await confirm.textContent())).toContain(
      'Plus remboursable : la boutique garde les 36 000 F CFA payés.',
    )
    await shot(page, 'campaign-cancel-390')
    await confirm.getByRole('button', { name: 'Annuler la réservation' }).click()
    await expect
      .poll(async () => plain(await second.textContent()))
      .toContain('Gardé 36 000 F CFA · rendu 0 F CFA')
    await context.close()
  })
})
