import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { orderItems } from '../../src/server/db/schema'
import { weighOrder } from '../../src/server/services/orders/weighin'
import { createOrder } from '../factories'
import { demoUser, DESKTOP, loginAt, newPage, plain, PHONE, seriousViolations, shot, e2eApp } from './harness'

/**
 * Receipts (docs/rules/orders.md#receipts): printed from the staff order page and from the client's
 * confirmation, on A4 or an 80 mm roll; the PDF Chromium prints holds the receipt's text.
 */
const e = e2eApp()

/** The page printed to PDF with its own page size: the text and the first page's width in points. */
async function printed(page: Page) {
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false })
  await page.emulateMedia({ media: 'screen' })
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  const { text } = await extractText(doc, { mergePages: true })
  const width = (await doc.getPage(1)).getViewport({ scale: 1 }).width
  return { text: plain(text), width, pages: doc.numPages }
}

describe('receipts', () => {
  it('staff print a weighed order on A4 and on an 80 mm roll; the client prints its own', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const staffUser = await demoUser(e, 'superadmin@etal.demo')
    const order = await createOrder(e.t.db, {
      user: client,
      status: 'in_preparation',
      lines: [
        { price: 9000, quantity: 1.5, name: 'Filet de bœuf' },
        { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
      ],
    })
    const [kg] = await e.t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    await weighOrder(e.t.db, staffUser.id, order.id, [{ itemId: kg!.id, weighedQuantity: 1.62 }])

    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${order.id}`)
    await staff.page.getByRole('link', { name: 'Imprimer le reçu' }).click()
    await staff.page.waitForURL(`**/admin/orders/${order.id}/receipt`)
    const receipt = staff.page.getByRole('article', { name: `Reçu de la commande n° ${order.id}` })
    await expect.poll(() => receipt.isVisible()).toBe(true)
    expect(await seriousViolations(staff.page)).toEqual([])
    await shot(staff.page, 'receipt-staff-1280')

    // 1,62 kg × 9 000 F = 14 580 F, and 2 × 2 000 F: 18 580 F.
    const a4 = await printed(staff.page)
    expect(a4.width).toBeCloseTo(595, 0) // A4: 210 mm
    for (const want of [
      'Étal — Boucherie en ligne',
      `Commande n° ${order.id}`,
      'Filet de bœuf',
      'commandé 1,5 kg',
      'pesé 1,62 kg',
      '14 580 F CFA',
      'Merguez',
      'Livraison',
      'Total',
      '18 580 F CFA',
      'Paiement',
      'En attente',
    ])
      expect(a4.text).toContain(want)
    // No page furniture on paper: the staff menu and the buttons stay on screen.
    expect(a4.text).not.toContain('Imprimer le reçu')
    expect(a4.text).not.toContain('Tableau de bord')

    await staff.page.getByLabel('Ticket 80 mm').check()
    const ticket = await printed(staff.page)
    expect(ticket.width).toBeCloseTo(227, 0) // 80 mm
    // One ticket, no blank page after it (the screen-by-screen walk-through); and one A4 sheet.
    expect(ticket.pages).toBe(1)
    expect(a4.pages).toBe(1)
    expect(ticket.text).toContain('pesé 1,62 kg')
    expect(ticket.text).toContain('18 580 F CFA')
    // An order number that is none: said at once, not a skeleton forever.
    await staff.page.goto('/admin/orders/abc/receipt')
    await expect
      .poll(() => staff.page.getByText('ID de commande manquant ou invalide.').isVisible())
      .toBe(true)
    await staff.context.close()

    const shopper = await newPage(e, PHONE)
    await loginAt(shopper.page, '/client/login', 'client@etal.demo')
    await shopper.page.waitForURL((u) => u.pathname === '/dashboard')
    await shopper.page.goto(`/order-confirmation/${order.id}`)
    await shopper.page.getByRole('link', { name: 'Imprimer le reçu' }).click()
    await shopper.page.waitForURL(`**/order-confirmation/${order.id}/receipt`)
    await expect
      .poll(() =>
        shopper.page.getByRole('article', { name: `Reçu de la commande n° ${order.id}` }).isVisible(),
      )
      .toBe(true)
    await shot(shopper.page, 'receipt-client-390')
    const own = await printed(shopper.page)
    expect(own.text).toContain(`Commande n° ${order.id}`)
    expect(own.text).toContain('18 580 F CFA')
    // Another client's order is not its receipt.
    await shopper.page.goto('/order-confirmation/999999/receipt')
    await expect.poll(() => shopper.page.getByRole('alert').first().isVisible()).toBe(true)
    await shopper.context.close()
  })
})
