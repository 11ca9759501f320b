import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, doorRefusals, orders } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { infobipSender } from '../../src/server/services/messages/sms'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import { createOrder, createProduct, decode, deliveryIn, login, postOrder } from '../factories'
import {
  DEMO_PASSWORD,
  DESKTOP,
  demoUser,
  loginAt,
  newPage,
  PHONE,
  plain,
  seriousViolations,
  shot,
  e2eApp,
  orderCard,
} from './harness'

// docs/rules/confirmation.md: staff see the delivery phone's record and "À confirmer" on an order
// paid at the door from a phone refused before; it goes into preparation only once staff record the
// client's word given on the phone.

const e = e2eApp()
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>
beforeAll(async () => {
  sms = await startFakeSmsProvider()
})
afterAll(() => sms?.close())

/** What the outbox worker does every 2 s on a running shop, the links to this app. */
const drain = () =>
  drainOutbox(e.t.db, {
    sender: null,
    sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
    from: 'Étal <commandes@etal.example>',
    origin: e.baseUrl,
  })

/** The demo client's checkout of a cash order above the country's amount: it waits for its client. */
async function waitingOrder(phone: string) {
  await e.t.db.update(countries).set({ confirmAbove: 10_000 }).where(eq(countries.code, 'SN'))
  const product = await createProduct(e.t.db, { unitType: 'unit', pricePerUnit: 6000, minQuantity: 1 })
  const cookie = await login(e.t, 'client@etal.demo', DEMO_PASSWORD)
  const res = await postOrder(
    e.t,
    {
      ...(await deliveryIn(e.t.db, 'SN')),
      deliveryPhone: phone,
      items: [{ productId: product.id, quantity: 2 }],
    },
    cookie,
  )
  await e.t.db.update(countries).set({ confirmAbove: null }).where(eq(countries.code, 'SN'))
  expect(res.statusCode, res.body).toBe(201)
  const order = decode<{ order: { id: number; needsConfirmation: boolean } }>(res.body).order
  expect(order.needsConfirmation).toBe(true)
  return order
}

describe('confirmed before the knife', () => {
  it('at 390 px: staff see the counts and "À confirmer", confirm by phone, then prepare', async () => {
    const u = await demoUser(e, 'client@etal.demo')
    const client = { id: u.id, displayName: u.displayName, countryId: u.countryId }
    const driver = await demoUser(e, 'livreur@etal.demo')
    const phone = '+221 77 600 00 09'
    const refused = await createOrder(e.t.db, { user: client, status: 'cancelled' })
    await e.t.db.update(orders).set({ deliveryPhone: phone }).where(eq(orders.id, refused.id))
    await e.t.db
      .insert(doorRefusals)
      .values({ orderId: refused.id, phone, reason: 'absent', driverId: driver.id })
    const order = await createOrder(e.t.db, { user: client })
    await e.t.db
      .update(orders)
      .set({ deliveryPhone: phone, needsConfirmation: true })
      .where(eq(orders.id, order.id))

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    // The list marks it too.
    await page.goto('/admin/orders')
    await expect
      .poll(() => page.getByTestId(`order-row-${order.id}`).getByTestId('order-row-to-confirm').isVisible())
      .toBe(true)
    await page.goto(`/admin/orders/${order.id}`)
    const panel = page.getByTestId('confirmation-panel')
    await expect
      .poll(async () => plain(await panel.textContent()))
      .toContain('Livrées : 0 · Refusées à la porte : 1')
    expect(plain(await panel.textContent())).toContain('À confirmer')
    await shot(page, 'confirmation-to-confirm-390')
    expect(await seriousViolations(page)).toEqual([])

    // Unconfirmed, the server refuses the preparation and says why.
    await page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect
      .poll(() => page.getByText('Commande à confirmer par le client avant la préparation.').isVisible())
      .toBe(true)

    await page.getByRole('button', { name: 'Confirmé par téléphone' }).click()
    await expect.poll(async () => plain(await panel.textContent())).toContain('Confirmée par téléphone')
    await page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect.poll(() => page.getByText('Statut mis à jour : En préparation').isVisible()).toBe(true)
    await shot(page, 'confirmation-confirmed-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'confirmation-confirmed-1280')
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect([row!.status, row!.confirmedBy]).toEqual(['in_preparation', 'phone'])
    await context.close()
  })

  it('at 390 px: a driver records "Refusé à la porte" with a reason, which counts for the phone', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const driver = await demoUser(e, 'livreur@etal.demo')
    const order = await createOrder(e.t.db, { user: client, status: 'in_delivery', driverId: driver.id })
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/delivery/login', 'livreur@etal.demo')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const card = page.getByTestId(`delivery-order-${order.id}`)
    await card.getByRole('button', { name: 'Refusé à la porte' }).click()
    const dialog = page.getByRole('dialog', { name: 'Refusé à la porte ?' })
    await dialog.waitFor()
    // Without a reason nothing is sent: the field says why.
    await dialog.getByRole('button', { name: 'Enregistrer le refus' }).click()
    await dialog.getByText('Choisissez la raison du refus.').waitFor()
    await dialog.getByLabel('Raison').selectOption('absent')
    await dialog.getByLabel('Précision (facultatif)').fill('Personne au portail')
    await shot(page, 'refused-at-door-390')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Enregistrer le refus' }).click()
    await expect.poll(() => card.count()).toBe(0)
    const rows = await e.t.db.select().from(doorRefusals).where(eq(doorRefusals.orderId, order.id))
    expect(rows.map((r) => [r.reason, r.note, r.driverId])).toEqual([
      ['absent', 'Personne au portail', driver.id],
    ])
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('cancelled')
    await context.close()
  })

  it('at 390 px: the client opens the SMS link, confirms, and staff can then prepare the order', async () => {
    const order = await waitingOrder('+221 77 600 00 21')
    await drain()
    const got = sms.inbox.find((m) => m.to === '221776000021')
    expect(got?.text).toContain(`commande ${order.id}`)
    const link = /(http\S+\/commande\/confirmer\?token=[A-Za-z0-9_-]{43})/.exec(got!.text)![1]!

    // Signed out: whoever holds the link.
    const { page, context } = await newPage(e, PHONE)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Confirmer ma commande', level: 1 }).waitFor()
    const summary = page.getByTestId('confirm-link-page')
    expect(plain(await summary.textContent())).toContain(`Commande n° ${order.id}`)
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'confirm-link-390')
    await page.getByRole('button', { name: 'Je confirme ma commande' }).click()
    await expect
      .poll(async () => plain(await page.getByTestId('confirmed').textContent()))
      .toContain('votre commande est confirmée')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'confirm-link-done-390')
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.confirmedBy).toBe('client')

    // The same link again: the order is already confirmed; a wrong one says so.
    await page.goto(link.replace(/token=.*/, `token=${'A'.repeat(43)}`))
    await page.getByRole('heading', { name: 'Lien de confirmation indisponible', level: 1 }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'confirm-link-wrong-390')
    await context.close()

    const staff = await newPage(e, PHONE)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((url) => url.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${order.id}`)
    const panel = staff.page.getByTestId('confirmation-panel')
    await expect.poll(async () => plain(await panel.textContent())).toContain('par le client (lien SMS)')
    await staff.page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect.poll(() => staff.page.getByText('Statut mis à jour : En préparation').isVisible()).toBe(true)
    await staff.context.close()
  })

  it('at 390 px: staff re-send the link; the client confirms from its own order page instead', async () => {
    const order = await waitingOrder('+221 77 600 00 22')
    const staff = await newPage(e, PHONE)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((url) => url.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${order.id}`)
    await staff.page.getByRole('button', { name: 'Renvoyer le lien' }).click()
    await expect.poll(() => staff.page.getByText('Nouveau lien envoyé par SMS').isVisible()).toBe(true)
    await shot(staff.page, 'confirmation-resend-390')
    await staff.context.close()
    await drain()
    expect(sms.inbox.filter((m) => m.to === '221776000022')).toHaveLength(2)

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    // Its list marks the order that waits, and leads to its page.
    await page.goto('/orders')
    const listed = orderCard(page, order.id)
    await expect
      .poll(async () => plain(await listed.getByTestId('order-to-confirm').textContent()))
      .toContain('En attente de votre confirmation')
    expect(await seriousViolations(page)).toEqual([])
    await listed.scrollIntoViewIfNeeded()
    await shot(page, 'client-orders-to-confirm-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'client-orders-to-confirm-1280')
    await page.setViewportSize(PHONE)
    await listed.getByRole('link', { name: 'Détails' }).click()
    await page.waitForURL((url) => url.pathname === `/order-confirmation/${order.id}`)
    const card = page.getByTestId('confirm-order')
    await expect
      .poll(async () => plain(await card.textContent()))
      .toContain('En attente de votre confirmation')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'client-order-to-confirm-390')
    await card.getByRole('button', { name: 'Je confirme ma commande' }).click()
    await expect.poll(() => card.count()).toBe(0)
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect([row!.confirmedBy, row!.confirmedAt !== null]).toEqual(['client', true])
    // Confirmed: the list no longer asks.
    await page.goBack()
    await expect.poll(() => listed.count()).toBe(1)
    await expect.poll(() => listed.getByTestId('order-to-confirm').count()).toBe(0)
    await context.close()
  })
})
