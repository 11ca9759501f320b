import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderItems, orders, users } from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { weighOrder } from '../../src/server/services/orders/weighin'
import { createOrder } from '../factories'
import { axeViolations, DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

// The weigh-in (docs/rules/orders.md#weigh-in): staff weigh, the order is repriced; beyond the
// tolerance the client agrees on its order page before the order may leave.

const e = e2eApp()

/** An order of the demo client in preparation: Gigot 1,5 kg at 5 000 F and 2 merguez at 2 000 F (11 500 F). */
async function orderInPreparation(name: string) {
  const [client] = await e.t.db.select().from(users).where(eq(users.email, 'client@etal.demo'))
  return createOrder(e.t.db, {
    user: client!,
    status: 'in_preparation',
    lines: [
      { price: 5000, quantity: 1.5, name },
      { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
    ],
  })
}

const seriousViolations = async (page: Parameters<typeof axeViolations>[0]) =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id)

describe('the weigh-in', () => {
  it('staff weigh 1,62 kg within the tolerance; a heavier order waits for the client, who accepts; it then leaves', async () => {
    const first = await orderInPreparation('Gigot pesé')
    const second = await orderInPreparation('Gigot lourd')
    expect(first.totalAmount).toBe(11_500)

    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${first.id}`)
    // Unweighed: the status control says why it may not leave, and offers no delivery.
    const blocker = staff.page.getByTestId('status-blocker')
    await expect.poll(() => blocker.textContent()).toContain('Pesée manquante (Gigot pesé)')
    expect(await staff.page.locator('#order-status option[value="in_delivery"]').isDisabled()).toBe(true)
    expect(await seriousViolations(staff.page)).toEqual([])

    // Found by the screen-by-screen walk-through: the field starts empty (not the ordered weight); saving it empty
    // records nothing and says, on the field, what to do.
    const weight = staff.page.getByLabel('Poids pesé — Gigot pesé (kg)')
    expect(await weight.inputValue()).toBe('')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect
      .poll(() =>
        staff.page.getByText('Pesez cet article et indiquez son poids en kilos (ex. 1,62).').isVisible(),
      )
      .toBe(true)
    expect(await weight.getAttribute('aria-invalid')).toBe('true')
    const lines = await e.t.db.select().from(orderItems).where(eq(orderItems.orderId, first.id))
    expect(lines.every((l) => l.weighedQuantity === null)).toBe(true)
    await shot(staff.page, 'weighin-empty-1280')
    await weight.fill('1,62')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect.poll(() => staff.page.getByText('Pesée enregistrée.').isVisible()).toBe(true)
    await expect
      .poll(() => staff.page.getByText('Pesée : Gigot pesé 1,5 kg → 1,62 kg').isVisible())
      .toBe(true)
    const articles = staff.page.getByRole('table', { name: 'Articles' })
    expect(await articles.textContent()).toContain('commandé 1,5 kg — pesé 1,62 kg')
    expect(await staff.page.getByTestId('ordered-total').textContent()).toContain(formatMoney(12_100))
    expect(await blocker.count()).toBe(0)
    await shot(staff.page, 'weighin-staff-1280')
    await staff.page.getByLabel('Changer le statut').selectOption('in_delivery')
    await expect.poll(() => staff.page.getByText('Statut mis à jour : En livraison').isVisible()).toBe(true)

    // 2,5 kg: +43 %, beyond 10 %: the order waits.
    await staff.page.goto(`/admin/orders/${second.id}`)
    await staff.page.getByLabel('Poids pesé — Gigot lourd (kg)').fill('2,5')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect
      .poll(() =>
        staff.page.getByText('Pesée enregistrée : le nouveau montant attend l’accord du client.').isVisible(),
      )
      .toBe(true)
    await expect.poll(() => blocker.textContent()).toContain('attend l’accord du client')
    await shot(staff.page, 'weighin-awaiting-1280')

    // The client accepts on its order page.
    const client = await newPage(e, PHONE)
    await loginAt(client.page, '/client/login', 'client@etal.demo')
    await client.page.waitForURL((u) => u.pathname === '/dashboard')
    await client.page.goto(`/order-confirmation/${second.id}`)
    const card = client.page.getByTestId('weigh-approval')
    await expect.poll(() => card.textContent()).toContain(formatMoney(16_500))
    expect(await client.page.getByRole('list', { name: 'Articles de la commande' }).textContent()).toContain(
      'commandé 1,5 kg — pesé 2,5 kg',
    )
    expect(await seriousViolations(client.page)).toEqual([])
    await shot(client.page, 'weighin-client-390')
    await client.page.getByRole('button', { name: 'Accepter le nouveau montant' }).click()
    await expect
      .poll(() => client.page.getByText('Merci : le nouveau montant est accepté.').isVisible())
      .toBe(true)
    expect(await card.count()).toBe(0)
    // The history shows the weighed line and the final amount.
    await client.page.goto('/orders')
    const listed = client.page.getByTestId('order-card').filter({ hasText: 'Gigot pesé' })
    await expect.poll(() => listed.textContent()).toContain('commandé 1,5 kg — pesé 1,62 kg')
    expect(await listed.textContent()).toContain(formatMoney(12_100))
    await shot(client.page, 'weighin-client-orders-390')
    await client.context.close()

    // Staff may now send it.
    await staff.page.reload()
    await expect
      .poll(() => staff.page.getByText('Le client a accepté le montant pesé.').isVisible())
      .toBe(true)
    await staff.page.getByLabel('Changer le statut').selectOption('in_delivery')
    await expect.poll(() => staff.page.getByText('Statut mis à jour : En livraison').isVisible()).toBe(true)
    await staff.context.close()
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, second.id))
    expect(row).toMatchObject({ status: 'in_delivery', totalAmount: 16_500, weighApproval: 'accepted' })
  })

  it('a click on an amount the shop has since weighed again accepts nothing: the client is told the new total and answers that one (docs/security/outside-attack.md item 1)', async () => {
    const order = await orderInPreparation('Gigot repesé')
    const [kg] = await e.t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id)
    const [admin] = await e.t.db.select().from(users).where(eq(users.email, 'admin@etal.demo'))
    await weighOrder(e.t.db, admin!.id, order.id, [{ itemId: kg!.id, weighedQuantity: 1.8 }])

    const client = await newPage(e, PHONE)
    await loginAt(client.page, '/client/login', 'client@etal.demo')
    await client.page.waitForURL((u) => u.pathname === '/dashboard')
    await client.page.goto(`/order-confirmation/${order.id}`)
    const card = client.page.getByTestId('weigh-approval')
    await expect.poll(() => card.textContent()).toContain(formatMoney(13_000))

    // While the client reads 13 000 F, the shop weighs again: 6 kg, 34 000 F.
    await weighOrder(e.t.db, admin!.id, order.id, [{ itemId: kg!.id, weighedQuantity: 6 }])
    await client.page.getByRole('button', { name: 'Accepter le nouveau montant' }).click()
    await expect
      .poll(() => client.page.getByText(`son total est maintenant de ${formatMoney(34_000)}`).isVisible())
      .toBe(true)
    // The card now shows the amount to answer, and nothing was accepted.
    await expect.poll(() => card.textContent()).toContain(formatMoney(34_000))
    expect((await e.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.weighApproval).toBe(
      'awaiting',
    )
    await shot(client.page, 'weighin-total-changed-390')

    await client.page.getByRole('button', { name: 'Accepter le nouveau montant' }).click()
    await expect
      .poll(() => client.page.getByText('Merci : le nouveau montant est accepté.').isVisible())
      .toBe(true)
    await client.context.close()
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ totalAmount: 34_000, weighApproval: 'accepted' })
  })
})
