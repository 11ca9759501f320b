import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { cashEntries } from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { createOrder } from '../factories'
import {
  demoUser,
  DESKTOP,
  francs,
  loginAt,
  newPage,
  PHONE,
  seriousViolations,
  shot,
  e2eApp,
} from './harness'

/**
 * The drivers' cash (docs/rules/money.md#drivers-cash), end to end: the driver delivers and records
 * another amount than due, with its reason; staff record its handover, short of what it holds;
 * the daily report adds up.
 */
const e = e2eApp()

/** A screenshot in the suite's artifacts (tests/e2e/artifacts/drivers-cash/). */
const look = (page: Page, name: string) => shot(page, `drivers-cash/${name}`)

describe('the drivers’ cash', () => {
  it('the driver records what it collected, staff record the handover, the daily report adds up', async () => {
    const driver = await demoUser(e, 'livreur@etal.demo')
    const client = await demoUser(e, 'client@etal.demo')
    const order = await createOrder(e.t.db, {
      user: client,
      status: 'in_delivery',
      driverId: driver.id,
      lines: [{ price: 12_000, quantity: 1, name: 'Côte de bœuf' }],
    })

    // The driver, on its phone: the cash in hand, then the delivery with another amount.
    const d = await newPage(e, PHONE)
    await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
    await d.page.waitForURL((u) => u.pathname === '/dashboard')
    const balance = d.page.getByTestId('driver-cash-balance')
    await expect.poll(() => balance.isVisible()).toBe(true)
    const before = francs(await balance.textContent())
    expect(before).toBeGreaterThan(500) // the demo's deliveries of today and its 500 F shortfall
    const card = d.page.getByTestId(`delivery-order-${order.id}`)
    expect(await card.textContent()).toContain(formatMoney(12_000))
    await look(d.page, 'driver-dashboard-390')
    await card.getByRole('button', { name: 'Confirmer la livraison' }).click()
    const amount = d.page.getByLabel('Montant encaissé (F CFA)')
    await expect.poll(() => amount.inputValue()).toBe('12000')
    await amount.fill('11500')
    await d.page.getByRole('button', { name: 'Oui, confirmer' }).click()
    const needReason = `Indiquez la raison de la différence avec le montant dû (${formatMoney(12_000)}).`
    await expect.poll(() => d.page.getByText(needReason).isVisible()).toBe(true)
    expect(await e.t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))).toEqual([])
    await d.page.getByLabel('Raison de la différence').fill('Le client n’avait que 11 500 F')
    await look(d.page, 'driver-confirm-390')
    expect(await seriousViolations(d.page)).toEqual([])
    await d.page.getByRole('button', { name: 'Oui, confirmer' }).click()
    await expect.poll(async () => francs(await balance.textContent())).toBe(before + 11_500)
    const [entry] = await e.t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))
    expect(entry).toMatchObject({
      amount: 11_500,
      amountDue: 12_000,
      reason: 'Le client n’avait que 11 500 F',
    })
    await look(d.page, 'driver-after-confirm-390')

    // The admin of Sénégal, at a desk: the report, then the handover, 1 000 F short.
    const s = await newPage(e, DESKTOP)
    await loginAt(s.page, '/employee/login', 'admin@etal.demo')
    await s.page.waitForURL((u) => u.pathname === '/admin/orders-only')
    await s.page.getByRole('link', { name: 'Caisse des livreurs' }).first().click()
    await s.page.waitForURL('**/admin/cash')
    const row = s.page.getByTestId(`cash-driver-${driver.id}`)
    await expect.poll(() => row.isVisible()).toBe(true)
    await look(s.page, 'cash-report-1280')
    expect(await seriousViolations(s.page)).toEqual([])
    await row.getByRole('button', { name: `Remise de ${driver.displayName}` }).click()
    const handed = s.page.getByLabel('Montant remis (F CFA)')
    const held = before + 11_500
    await expect.poll(() => handed.inputValue()).toBe(String(held))
    await handed.fill(String(held - 1_000))
    await expect
      .poll(() => s.page.getByText(`Écart : ${formatMoney(-1_000)}`, { exact: false }).isVisible())
      .toBe(true)
    await s.page.getByLabel('Note (facultative)').fill('Compté deux fois')
    await look(s.page, 'cash-handover-1280')
    expect(await seriousViolations(s.page)).toEqual([])
    await s.page.getByRole('button', { name: 'Enregistrer la remise' }).click()
    await expect.poll(() => s.page.getByText(/Remise de .* enregistrée pour/).isVisible()).toBe(true)

    // The report adds up: per driver and in total, the day's rule holds, nothing is lost.
    const figure = async (id: string) => francs(await s.page.getByTestId(id).textContent())
    await expect.poll(() => figure('total-closing')).toBe(1_000)
    const t = {
      opening: await figure('total-opening'),
      collected: await figure('total-collected'),
      corrections: await figure('total-corrections'),
      handedOver: await figure('total-handed-over'),
      closing: await figure('total-closing'),
      ecart: await figure('total-ecart'),
    }
    expect(t.opening + t.collected + t.corrections - t.handedOver).toBe(t.closing)
    expect(t.handedOver).toBe(held - 1_000)
    // docs/rules/money.md#partly-paid: the 500 F short at the door and the 1 000 F short at the handover.
    expect(t.ecart).toBe(-1_500)
    const entries = await e.t.db.select().from(cashEntries).where(eq(cashEntries.driverId, driver.id))
    expect(entries.reduce((sum, x) => sum + x.amount, 0)).toBe(1_000)
    expect(await s.page.getByRole('table', { name: 'Mouvements du jour' }).textContent()).toContain(
      'Compté deux fois',
    )
    await look(s.page, 'cash-report-after-1280')

    // The same page on a phone, and the driver's balance after the handover.
    const phone = await newPage(e, PHONE)
    await loginAt(phone.page, '/employee/login', 'admin@etal.demo')
    await phone.page.waitForURL((u) => u.pathname === '/admin/orders-only')
    await phone.page.goto('/admin/cash')
    await expect.poll(() => phone.page.getByTestId(`cash-driver-${driver.id}`).isVisible()).toBe(true)
    await look(phone.page, 'cash-report-390')
    await d.page.reload()
    await expect.poll(async () => francs(await balance.textContent())).toBe(1_000)
    await look(d.page, 'driver-after-handover-390')
    for (const c of [d.context, s.context, phone.context]) await c.close()
  })
})
