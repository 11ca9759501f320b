import { eq } from 'drizzle-orm'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { describe, expect, it } from 'vitest'
import { orderItems, outboxMessages, users } from '../../src/server/db/schema'
import { changeOrderStatus } from '../../src/server/services/orders/order-status'
import { weighOrder } from '../../src/server/services/orders/weighin'
import { gsm7Length } from '../../src/server/services/messages/sms'
import { createUser, decode, deliveryIn, get, login, post, postOrder, createProduct } from '../factories'
import { clientWithPhone, drain, sms, t, useAccountsApp } from './accounts-setup'

/**
 * SMS, the outbox's second channel (docs/rules/orders.md#messages): through the fake provider,
 * which speaks Infobip's protocol.
 */
useAccountsApp()

describe('SMS, the second channel', () => {
  it('tells a client who chose SMS of its order by SMS too: one GSM-7 segment, signed, with STOP', async () => {
    const client = await clientWithPhone()
    const cookie = await login(t, client.email)
    expect(decode((await get(t, '/_api/account/notifications', cookie)).body)).toEqual({
      prefs: { email: true, sms: false },
      phoneNumber: client.phoneNumber,
    })
    const set = await post(t, '/_api/account/notifications', { email: true, sms: true }, cookie)
    expect(set.statusCode, set.body).toBe(200)
    const product = await createProduct(t.db, { name: 'Côte de bœuf', pricePerUnit: 12000, unitType: 'kg' })
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1 }], pointsToUse: 0 },
      cookie,
    )
    expect(res.statusCode, res.body).toBe(201)
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const reason =
      'Rupture de stock imprévue sur la côte de bœuf, nous sommes désolés et vous proposons une autre pièce très bientôt'
    await changeOrderStatus(t.db, staff.id, orderId, 'cancelled', undefined, undefined, undefined, reason)
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))
    expect(rows.map((r) => [r.kind, r.channel]).sort()).toEqual([
      ['cancelled', 'email'],
      ['cancelled', 'sms'],
      ['order_received', 'email'],
      ['order_received', 'sms'],
    ])
    await drain()
    expect(sms.inbox).toHaveLength(2)
    for (const m of sms.inbox) {
      expect(m.text.startsWith('Étal: ')).toBe(true)
      expect(m.text).toContain('STOP SMS: Mon compte')
      expect(gsm7Length(m.text), m.text).not.toBeNull()
      expect(gsm7Length(m.text)!, m.text).toBeLessThanOrEqual(160)
    }
    expect(sms.inbox[0]!.text).toContain(`commande ${orderId}`)
    // The money first (nothing was taken), then the reason in the room left.
    expect(sms.inbox[1]!.text).toContain("annulée. Rien n'a été débité, vous ne devez rien.")
    expect(sms.inbox[1]!.text).toContain('Raison: Rupture de stock')

    // Staff read each SMS on the order's page, with its channel.
    const root = await createUser(t.db, { role: 'root' })
    const messages = decode<{ messages: { channel: string; body: string; state: string }[] }>(
      (await get(t, `/_api/admin/orders/messages?orderId=${orderId}`, await login(t, root.email))).body,
    ).messages
    expect(messages.filter((m) => m.channel === 'sms').map((m) => m.state)).toEqual(['sent', 'sent'])
  })

  it('writes weighed (new total), out for delivery (driver and phone) and delivered in one segment each', async () => {
    const client = await clientWithPhone()
    await t.db.update(users).set({ notifyBySms: true }).where(eq(users.id, client.id))
    const cookie = await login(t, client.email)
    const product = await createProduct(t.db, {
      name: 'Gigot d’agneau',
      pricePerUnit: 9000,
      unitType: 'kg',
      minQuantity: 0.5,
    })
    const res = await postOrder(
      t,
      {
        ...(await deliveryIn(t.db, 'SN')),
        items: [{ productId: product.id, quantity: 1.5 }],
        pointsToUse: 0,
      },
      cookie,
    )
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const driver = await createUser(t.db, {
      role: 'delivery_driver',
      country: 'SN',
      displayName: 'Mouhamadou-Moustapha-Abdoulaye Ndiaye',
    })
    await t.db.update(users).set({ phoneNumber: '+221 78 123 45 67' }).where(eq(users.id, driver.id))
    await changeOrderStatus(t.db, staff.id, orderId, 'in_preparation')
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
    await weighOrder(t.db, staff.id, orderId, [{ itemId: line!.id, weighedQuantity: 1.55 }])
    await t.db.execute(`update orders set delivery_driver_id = ${driver.id} where id = ${orderId}`)
    await changeOrderStatus(t.db, staff.id, orderId, 'in_delivery')
    await changeOrderStatus(t.db, driver.id, orderId, 'delivered')
    await drain()
    const texts = sms.inbox.map((m) => m.text)
    expect(texts).toHaveLength(4)
    for (const text of texts) {
      expect(gsm7Length(text), text).not.toBeNull()
      expect(gsm7Length(text)!, text).toBeLessThanOrEqual(160)
      expect(text).toMatch(/^Étal: .* STOP SMS: Mon compte$/)
    }
    expect(texts[1]).toMatch(/pesée\. Nouveau total: 13 950 F CFA \(avant: 13 500 F CFA\)/)
    expect(texts[2]).toContain('(+221 78 123 45 67)')
    expect(texts[2]).toContain('en route avec Mouhamadou')
    expect(texts[3]).toContain('livrée')
  })

  it('keeps an SMS as "not sent" with its text when no provider is configured', async () => {
    const client = await clientWithPhone()
    await t.db.update(users).set({ notifyBySms: true, notifyByEmail: false }).where(eq(users.id, client.id))
    const cookie = await login(t, client.email)
    const product = await createProduct(t.db, { name: 'Poulet', pricePerUnit: 3500, unitType: 'unit' })
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1 }], pointsToUse: 0 },
      cookie,
    )
    const orderId = decode<{ order: { id: number } }>(res.body).order.id
    expect(await drainOutbox(t.db, { sender: null, sms: null, from: 'x@y.z' })).toMatchObject({ notSent: 1 })
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))
    expect(row).toMatchObject({ channel: 'sms', state: 'not_sent', recipient: client.phoneNumber })
    expect(row!.body).toMatch(/^Étal: votre commande \d+ est enregistrée/)
    expect(row!.lastError).toContain('SMS_URL')
  })

  it('saves the preference; refuses no channel at all, and SMS without a phone', async () => {
    const client = await clientWithPhone()
    const cookie = await login(t, client.email)
    const none = await post(t, '/_api/account/notifications', { email: false, sms: false }, cookie)
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'Choisissez au moins un moyen : e-mail ou SMS.' })
    await t.db.update(users).set({ phoneNumber: null }).where(eq(users.id, client.id))
    const noPhone = await post(
      t,
      '/_api/account/notifications',
      { email: true, sms: true },
      await login(t, client.email),
    )
    expect(noPhone.statusCode).toBe(400)
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id))
    expect(row).toMatchObject({ notifyByEmail: true, notifyBySms: false })
  })
})
