import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { createOrder } from '../factories'
import {
  demoUser,
  DESKTOP,
  francs,
  loginAt,
  newPage,
  PHONE,
  plain,
  seriousViolations,
  shot,
  e2eApp,
  orderCard,
} from './harness'

/**
 * Every franc short is owed (docs/rules/money.md#partly-paid), end to end: the driver collects
 * 8 000 F of a 9 000 F order; the client reads what it still owes; the staff's daily report lists
 * the order and counts the gap in its écart; staff record the rest from the order page, and the
 * order is paid.
 */
const e = e2eApp()

const look = (page: Page, name: string) => shot(page, `partly-paid/${name}`)

describe('a short collection', () => {
  it('is owed: shown to the client, listed on the staff report, then paid by staff', async () => {
    const driver = await demoUser(e, 'livreur@etal.demo')
    const client = await demoUser(e, 'client@etal.demo')
    const order = await createOrder(e.t.db, {
      user: client,
      status: 'in_delivery',
      driverId: driver.id,
      lines: [{ price: 9_000, quantity: 1, name: 'Gigot d’agneau', unitType: 'unit' }],
    })

    // The driver, on its phone, collects 8 000 F and says why.
    const d = await newPage(e, PHONE)
    await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
    await d.page.waitForURL((u) => u.pathname === '/dashboard')
    const card = d.page.getByTestId(`delivery-order-${order.id}`)
    await card.getByRole('button', { name: 'Confirmer la livraison' }).click()
    await d.page.getByLabel('Montant encaissé (F CFA)').fill('8000')
    await d.page.getByLabel('Raison de la différence').fill('Le client paiera le reste demain')
    await d.page.getByRole('button', { name: 'Oui, confirmer' }).click()
    const owedOnCard = card.getByTestId('amount-owed')
    await expect.poll(() => owedOnCard.isVisible()).toBe(true)
    expect(francs(await owedOnCard.textContent())).toBe(1_000)
    expect(plain(await card.textContent())).toContain('Payé en partie')
    // The confirmation's toast gone (axe reads it mid-fade), the card as it stays.
    await expect
      .poll(() => d.page.getByText(`Livraison de la commande #${order.id} confirmée.`).count())
      .toBe(0)
    await card.scrollIntoViewIfNeeded()
    await look(d.page, 'driver-owed-390')
    expect(await seriousViolations(d.page)).toEqual([])

    // The client reads what it still owes, on its order and in its history.
    const c = await newPage(e, PHONE)
    await loginAt(c.page, '/client/login', 'client@etal.demo')
    await c.page.waitForURL((u) => u.pathname === '/dashboard')
    await c.page.goto(`/order-confirmation/${order.id}`)
    const owed = c.page.getByTestId('amount-owed')
    await expect.poll(() => owed.isVisible()).toBe(true)
    expect(plain(await owed.textContent())).toBe(`Reste à payer${plain(formatMoney(1_000))}`)
    expect(plain(await c.page.locator('main').textContent())).toContain(
      `Vous avez payé ${plain(formatMoney(8_000))} : il reste ${plain(formatMoney(1_000))} à payer`,
    )
    await look(c.page, 'client-order-390')
    expect(await seriousViolations(c.page)).toEqual([])
    await c.page.goto('/orders')
    const mine = orderCard(c.page, order.id)
    await expect.poll(() => mine.getByTestId('amount-owed').isVisible()).toBe(true)
    await look(c.page, 'client-history-390')

    // Staff, at a desk: the daily report lists the order, the écart counts the gap.
    const s = await newPage(e, DESKTOP)
    await loginAt(s.page, '/employee/login', 'admin@etal.demo')
    await s.page.waitForURL((u) => u.pathname === '/admin/orders-only')
    await s.page.goto('/admin/cash')
    const listed = s.page.getByTestId(`owed-${order.id}`)
    await expect.poll(() => listed.isVisible()).toBe(true)
    expect(plain(await listed.textContent())).toContain(plain(formatMoney(1_000)))
    expect(francs(await s.page.getByTestId(`ecart-${driver.id}`).locator('span').first().textContent())).toBe(
      -1_000,
    )
    await look(s.page, 'cash-report-1280')
    expect(await seriousViolations(s.page)).toEqual([])
    // Printed, the report stands alone; its CSV is the same report.
    await s.page.emulateMedia({ media: 'print' })
    await look(s.page, 'cash-report-print-1280')
    expect(await s.page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false)
    await s.page.emulateMedia({ media: 'screen' })
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('link', { name: 'Exporter en CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^caisse-\d{4}-\d{2}-\d{2}/)

    // The rest, recorded by staff from the order page.
    await listed.getByRole('link', { name: `#${order.id}` }).click()
    await s.page.waitForURL(`**/admin/orders/${order.id}`)
    await expect.poll(() => s.page.getByTestId('amount-owed').isVisible()).toBe(true)
    await look(s.page, 'order-owed-1280')
    await s.page.getByRole('button', { name: 'Encaisser le reste' }).click()
    const amount = s.page.getByLabel('Montant reçu (F CFA)')
    await expect.poll(() => amount.inputValue()).toBe('1000')
    await look(s.page, 'collect-rest-1280')
    expect(await seriousViolations(s.page)).toEqual([])
    await s.page.getByRole('button', { name: 'Enregistrer le paiement' }).click()
    await expect
      .poll(() => s.page.getByText('Reste encaissé : la commande est payée.').isVisible())
      .toBe(true)
    await expect.poll(() => s.page.getByTestId('amount-owed').count()).toBe(0)
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ paymentStatus: 'paid', amountPaid: 9_000, pointsEarned: 90 })

    // Off the report; the client's order is paid.
    await s.page.goto('/admin/cash')
    await expect
      .poll(() => s.page.getByRole('heading', { name: /Reste dû par les clients/ }).isVisible())
      .toBe(true)
    expect(await s.page.getByTestId(`owed-${order.id}`).count()).toBe(0)
    await c.page.goto(`/order-confirmation/${order.id}`)
    await expect
      .poll(() => c.page.getByText('Votre commande a été livrée et payée.', { exact: false }).isVisible())
      .toBe(true)
    expect(await c.page.getByTestId('amount-owed').count()).toBe(0)

    // The report on a phone.
    const phone = await newPage(e, PHONE)
    await loginAt(phone.page, '/employee/login', 'admin@etal.demo')
    await phone.page.waitForURL((u) => u.pathname === '/admin/orders-only')
    await phone.page.goto('/admin/cash')
    await expect.poll(() => phone.page.getByTestId(`cash-driver-${driver.id}`).isVisible()).toBe(true)
    await look(phone.page, 'cash-report-390')
    for (const x of [d.context, c.context, s.context, phone.context]) await x.close()
  }, 300_000)
})
