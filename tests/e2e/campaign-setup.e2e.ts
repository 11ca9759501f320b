import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { campaignAnimals, campaignReservations, paymentAttempts, users } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/http/session'
import { DESKTOP, e2eApp, loginAt, newPage, PHONE, plain, seriousViolations, shot } from './harness'

// docs/rules/campaigns-staff.md: an admin creates a campaign, adds an animal with a photo, a share
// and a slot on its setup page, then reads its board, which leads to its reservations.

const e = e2eApp()
const DAY = 86_400_000
/** What a `datetime-local` input takes, in the machine's zone (the browser's). */
function local(ms: number) {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`
}

describe('campaigns: the staff’s setup and board', () => {
  it('at 390 px: a campaign, an animal with its photo, a share, a slot, then the board', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'admin@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/employee/login')
    await page.goto('/admin/campagnes')
    await page.getByRole('heading', { level: 1, name: 'Campagnes' }).waitFor()

    await page.getByRole('button', { name: 'Nouvelle campagne' }).click()
    const create = page.getByRole('dialog', { name: 'Nouvelle campagne' })
    // Sent empty: each required field says why, in French, under it.
    await create.getByRole('button', { name: 'Créer la campagne' }).click()
    await create.getByText('Le nom de la campagne est requis (2 caractères au moins).').waitFor()
    await create.getByLabel('Nom', { exact: true }).fill('Tabaski 2027')
    await create.getByLabel('Jour de la fête').fill(local(Date.now() + 40 * DAY).slice(0, 10))
    await create.getByLabel('Ouverture des commandes').fill(local(Date.now() - DAY))
    await create.getByLabel('Fermeture des commandes').fill(local(Date.now() + 30 * DAY))
    await create.getByLabel('Solde à payer avant le').fill(local(Date.now() + 35 * DAY))
    await create.getByLabel('Acompte (%)').fill('40')
    await create.getByLabel('Abattage (F CFA)').fill('5000')
    await shot(page, 'campaign-create-390')
    await create.getByRole('button', { name: 'Créer la campagne' }).click()
    await page.waitForURL(/\/admin\/campagnes\/\d+$/)
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByRole('heading', { level: 1, name: 'Tabaski 2027' }).waitFor()
    expect(plain(await page.locator('dl').textContent())).toContain('40 % du prix')

    // An animal, then its photo.
    await page.getByRole('button', { name: 'Ajouter un animal' }).click()
    const animal = page.getByRole('dialog', { name: 'Ajouter un animal' })
    await animal.getByLabel('Numéro de boucle').fill('SN-TAB-001')
    await animal.getByLabel('Race').fill('Ladoum')
    await animal.getByLabel('Poids vif estimé (kg)').fill('85')
    await animal.getByLabel('Âge (mois)').fill('20')
    await animal.getByLabel('Prix (F CFA)').fill('350000')
    await animal.getByRole('button', { name: 'Ajouter l’animal' }).click()
    const animals = page.getByRole('list', { name: 'Animaux' })
    await expect.poll(async () => plain(await animals.textContent())).toContain('SN-TAB-001 · Ladoum')
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer()
    await page
      .getByLabel('Ajouter une photo à SN-TAB-001')
      .setInputFiles({ name: 'mouton.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    const photo = page.getByRole('img', { name: 'Photo 1 de SN-TAB-001' })
    await photo.waitFor()
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    // Taken off, then given again.
    await page.getByRole('button', { name: 'Retirer la photo 1 de SN-TAB-001' }).click()
    await expect.poll(() => photo.count()).toBe(0)
    await page
      .getByLabel('Ajouter une photo à SN-TAB-001')
      .setInputFiles({ name: 'mouton.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    await photo.waitFor()

    // A share.
    await page.getByRole('button', { name: 'Ajouter une part' }).click()
    const share = page.getByRole('dialog', { name: 'Ajouter une part' })
    await share.getByLabel('Nom', { exact: true }).fill('Un quart')
    await share.getByLabel('Prix (F CFA)').fill('90000')
    await share.getByLabel('Stock').fill('8')
    await share.getByRole('button', { name: 'Ajouter la part' }).click()
    const shares = page.getByRole('table', { name: 'Parts' })
    await expect.poll(async () => plain(await shares.textContent())).toContain('Un quart')

    // A slot: its end before its start is refused under the field, then mended.
    await page.getByRole('button', { name: 'Ajouter un créneau' }).click()
    const slot = page.getByRole('dialog', { name: 'Ajouter un créneau' })
    await slot.getByLabel('Début').fill(local(Date.now() + 39 * DAY))
    await slot.getByLabel('Fin').fill(local(Date.now() + 38 * DAY))
    await slot.getByLabel('Capacité').fill('12')
    await slot.getByLabel('Prix (F CFA)').fill('2000')
    await slot.getByRole('button', { name: 'Ajouter le créneau' }).click()
    await slot.getByText('La fin du créneau doit suivre son début.').waitFor()
    await shot(page, 'campaign-slot-error-390')
    await slot.getByLabel('Fin').fill(local(Date.now() + 39 * DAY + 4 * 3_600_000))
    await slot.getByRole('button', { name: 'Ajouter le créneau' }).click()
    const slots = page.getByRole('table', { name: 'Créneaux' })
    await expect.poll(async () => plain(await slots.textContent())).toContain('0 / 12')
    await shot(page, 'campaign-setup-390')
    expect(await seriousViolations(page)).toEqual([])

    // A client's reservation whose deposit Wave paid (as the payment machinery writes it): the board counts it.
    const [client] = await e.t.db.select().from(users).where(eq(users.email, 'client@etal.demo'))
    const [row] = await e.t.db.select().from(campaignAnimals).where(eq(campaignAnimals.tag, 'SN-TAB-001'))
    await e.t.db.update(campaignAnimals).set({ status: 'booked' }).where(eq(campaignAnimals.id, row!.id))
    const [r] = await e.t.db
      .insert(campaignReservations)
      .values({
        campaignId,
        userId: client!.id,
        animalId: row!.id,
        status: 'booked',
        price: 350_000,
        depositAmount: 140_000,
        amountPaid: 140_000,
        payTokenHash: hashToken(randomBytes(32).toString('base64url')),
        holdExpiresAt: new Date(),
      })
      .returning()
    await e.t.db.insert(paymentAttempts).values({
      reservationId: r!.id,
      reference: `ETALR${r!.id}XE2E`,
      provider: 'wave',
      wallet: 'Wave',
      countryCode: 'SN',
      amount: 140_000,
      currency: 'XOF',
      status: 'paid',
      expiresAt: new Date(),
      nextCheckAt: new Date(),
    })

    // The board, and its link to the reservations.
    await page.getByRole('link', { name: 'Tableau', exact: true }).click()
    await page.waitForURL(`**/admin/campagnes/${campaignId}/tableau`)
    await page.getByRole('heading', { level: 1, name: 'Tableau · Tabaski 2027' }).waitFor()
    const states = page.getByRole('table', { name: 'Réservations par état' })
    await expect.poll(async () => plain(await states.textContent())).toContain('Acompte payé')
    const figures = plain(await page.getByRole('list', { name: 'Chiffres clés' }).textContent())
    expect(figures).toContain('Reçu140 000 F CFA')
    expect(figures).toContain('Reste à payer210 000 F CFA')
    const wallets = page.getByRole('table', { name: 'Encaissements par moyen de paiement' })
    expect(plain(await wallets.textContent())).toContain('Wave')
    const link = page.getByRole('link', { name: 'Voir les réservations' })
    expect(await link.getAttribute('href')).toBe(`/admin/campagnes/${campaignId}/reservations`)
    await shot(page, 'campaign-board-390')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()

    const wide = await newPage(e, DESKTOP)
    await loginAt(wide.page, '/employee/login', 'admin@etal.demo')
    await wide.page.waitForURL((u) => u.pathname !== '/employee/login')
    await wide.page.goto(`/admin/campagnes/${campaignId}`)
    await wide.page.getByRole('img', { name: 'Photo 1 de SN-TAB-001' }).waitFor()
    await shot(wide.page, 'campaign-setup-1280')
    await wide.page.goto(`/admin/campagnes/${campaignId}/tableau`)
    await wide.page.getByRole('table', { name: 'Réservations par état' }).waitFor()
    await shot(wide.page, 'campaign-board-1280')
    await wide.page.goto('/admin/campagnes')
    await wide.page.getByRole('table', { name: 'Campagnes' }).waitFor()
    await shot(wide.page, 'campaigns-list-1280')
    await wide.context.close()
  })
})
