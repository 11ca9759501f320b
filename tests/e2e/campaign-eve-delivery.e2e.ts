import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaignReservations, campaignSlots, cashEntries } from '../../src/server/db/schema'
import { decode, post, signedIn } from '../factories'
import { addAnimal, openCampaign, reserveAnimal } from '../api/campaign-fixtures'
import { demoUser, e2eApp, loginAt, newPage, PHONE, plain, seriousViolations, shot } from './harness'

// docs/rules/campaigns-operations.md#delivery-on-the-eve: staff give a ready animal of a delivery
// slot to a driver on the operations page; the driver delivers it from its dashboard, collecting
// the balance in cash.

const e = e2eApp()
const DAY = 86_400_000

describe('animals delivered on the eve', () => {
  it('at 390 px: staff assign the driver, the driver delivers collecting the balance', async () => {
    const driver = await demoUser(e, 'livreur@etal.demo')
    const staffCookie = (await signedIn(e.t, 'admin', 'SN')).cookie
    const campaign = await openCampaign(e.t, staffCookie, { name: 'Tabaski de la veille' })
    const animal = await addAnimal(e.t, staffCookie, campaign.id, 150_000)
    const client = (await signedIn(e.t, 'client', 'SN')).cookie
    const r = await reserveAnimal(e.t, client, animal.id)
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
      .set({
        slotId: slot!.id,
        slaughter: true,
        recipientName: 'Awa Diop',
        recipientPhone: '+221770000001',
        recipientAddress: 'Plateau, rue 3',
      })
      .where(eq(campaignReservations.id, r.id))
    // The deposit taken at the shop, the animal slaughtered and cut.
    await post(
      e.t,
      '/_api/admin/campaigns/reservations/cash',
      { reservationId: r.id, amount: 45_000 },
      staffCookie,
    )
    const ready = await post(
      e.t,
      '/_api/admin/campaigns/reservations/step',
      { reservationId: r.id, step: 'ready' },
      staffCookie,
    )
    expect(ready.statusCode, ready.body).toBe(200)
    const tag = decode<{ reservation: { tag: string } }>(ready.body).reservation.tag

    const staff = await newPage(e, PHONE)
    await loginAt(staff.page, '/employee/login', 'admin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname !== '/employee/login')
    await staff.page.goto(`/admin/campagnes/${campaign.id}/reservations`)
    const row = staff.page.getByTestId(`reservation-${r.id}`)
    await row.waitFor()
    await row.getByLabel(`Livreur Boucle ${tag}`).selectOption({ label: driver.displayName })
    await staff.page.getByText('Livreur affecté.').waitFor()
    await expect
      .poll(
        async () =>
          (await e.t.db.select().from(campaignReservations).where(eq(campaignReservations.id, r.id)))[0]!
            .deliveryDriverId,
      )
      .toBe(driver.id)
    await shot(staff.page, 'campaign-eve-assign-390')
    expect(await seriousViolations(staff.page)).toEqual([])

    const d = await newPage(e, PHONE)
    await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
    const card = d.page.getByTestId(`eve-${r.id}`)
    await card.waitFor()
    await d.page.getByRole('heading', { name: /Fête : animaux à livrer/ }).waitFor()
    const text = plain(await card.textContent())
    expect(text).toContain(`Boucle ${tag}`)
    expect(text).toContain('Awa Diop')
    expect(text).toContain('Plateau, rue 3')
    expect(text).toContain('À encaisser : 105 000 F CFA')
    expect(await card.getByRole('link', { name: '+221770000001' }).getAttribute('href')).toBe(
      'tel:+221770000001',
    )
    await shot(d.page, 'campaign-eve-driver-390')
    expect(await seriousViolations(d.page)).toEqual([])

    await card.getByRole('button', { name: 'Livré' }).click()
    const confirm = d.page.getByRole('alertdialog')
    expect(plain(await confirm.textContent())).toContain('Vous avez encaissé 105 000 F CFA')
    await shot(d.page, 'campaign-eve-confirm-390')
    await confirm.getByRole('button', { name: /^Livré, 105/ }).click()
    const toast = d.page.getByText(/^Animal livré/)
    await toast.waitFor()
    expect(plain(await toast.textContent())).toContain('105 000 F CFA encaissés')
    await expect.poll(() => card.count()).toBe(0)

    const [after] = await e.t.db.select().from(campaignReservations).where(eq(campaignReservations.id, r.id))
    expect(after).toMatchObject({ status: 'delivered', amountPaid: 150_000 })
    const entries = await e.t.db.select().from(cashEntries).where(eq(cashEntries.reservationId, r.id))
    expect(entries.map((x) => [x.driverId, x.amount])).toEqual([[driver.id, 105_000]])
    await shot(d.page, 'campaign-eve-delivered-390')
    for (const c of [staff.context, d.context]) await c.close()
  })
})
