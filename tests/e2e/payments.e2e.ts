import { desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderItems, orders } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { processRefunds } from '../../src/server/services/money/payments'
import { formatMoney } from '../../src/shared/format'
import {
  seriousViolations,
  demoUser,
  DESKTOP,
  loginAt,
  newPage,
  PHONE,
  plain,
  shot,
  startE2E,
  type E2E,
} from './harness'
import { fillPlateauDelivery } from './cart-steps'

/**
 * Mobile money from a 390 px phone (docs/rules/money.md#payments, docs/decisions/0042, 0043), against
 * the in-repo fakes: a Senegal client orders fillet by the kilo for Wave; staff weigh it beyond
 * the tolerance; the client agrees and pays in one step on the Wave simulation. A second order,
 * of pieces, is paid at once with Orange Money through CinetPay, the wallet asking for its PIN
 * a while. Staff see both paid (list, filters, order page, reconciliation, cash report); the
 * driver has nothing to collect; cancelling refunds the Wave one by Wave's API and leaves the
 * CinetPay one "Remboursement à faire".
 */
let e: E2E
let fake: FakeProviders
beforeAll(async () => {
  e = await startE2E()
  fake = e.t.deps.payments.fake!
  // The provider sends the client back to this very app (its port is known once it listens).
  e.t.deps.payments.origin = e.baseUrl
})
afterAll(() => e?.close())

/** Both widths of one page, looked at by a person (tests/e2e/artifacts/payments). */
async function shots(page: Page, name: string) {
  // A toast fading in or out is neither what the page shows nor something axe can measure.
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0)
  // From the top: a page scrolled down draws its sticky header in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, `payments/${name}-390`)
  await page.setViewportSize(DESKTOP)
  await shot(page, `payments/${name}-1280`)
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize(PHONE)
}

/** Orders one product from the storefront, to Plateau (Dakar), paying with the wallet named. */
async function fill(page: Page, product: string, search: string, payment: string) {
  await page.goto('/products')
  await page.getByLabel('Rechercher un produit').fill(search)
  const card = page.getByTestId('product-card').filter({ hasText: product })
  await expect.poll(() => card.count()).toBe(1)
  await card.getByRole('button', { name: `Ajouter ${product} au panier` }).click()
  await page.goto('/cart')
  await fillPlateauDelivery(page)
  const slot = page.locator('input[name=delivery-slot]:not([disabled])').first()
  if (await slot.count()) await slot.check()
  await page.getByLabel(payment).check()
}

async function order(page: Page, product: string, search: string, payment: string) {
  await fill(page, product, search, payment)
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await page.waitForURL(/\/order-confirmation\/\d+$/)
  return Number(new URL(page.url()).pathname.split('/').pop())
}

async function toStatus(page: Page, status: 'in_preparation' | 'in_delivery', label: string) {
  await page.getByLabel('Changer le statut').selectOption(status)
  await expect.poll(() => page.getByText(`Statut mis à jour : ${label}`).isVisible()).toBe(true)
}

async function cancel(page: Page, orderId: number) {
  await page.goto(`/admin/orders/${orderId}`)
  await page.getByLabel('Changer le statut').selectOption('cancelled')
  await page.getByLabel('Raison de l’annulation').fill('Client absent, commande annulée')
  await page.getByRole('button', { name: 'Annuler la commande' }).click()
  await expect.poll(() => page.getByText('Statut mis à jour : Annulée').isVisible()).toBe(true)
}

const row = async (id: number) => (await e.t.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('mobile money in the browser', () => {
  it(
    'a weighed order paid with Wave, another with CinetPay: staff see them paid, the driver collects nothing, a cancellation refunds',
    async () => {
      const driver = await demoUser(e, 'livreur@etal.demo')
      const clientRow = await demoUser(e, 'client@etal.demo')
      const client = await newPage(e, PHONE)
      await loginAt(client.page, '/client/login', 'client@etal.demo')
      await client.page.waitForURL('**/dashboard')

      // 1. Fillet by the kilo for Wave: nothing to pay yet, and no cash at the door.
      const kgId = await order(client.page, 'Filet de bœuf', 'filet de', 'Mobile money : Wave')
      expect(await row(kgId)).toMatchObject({ paymentMethod: 'mobile_money', paymentWallet: 'Wave' })
      const progress = client.page.getByTestId('order-progress')
      const payCard = client.page.getByTestId('pay-card')
      await expect.poll(() => progress.textContent()).toContain('Une fois vos articles au kilo pesés')
      expect(await progress.textContent()).not.toMatch(/à la livraison|espèces/)
      expect(await client.page.getByText('Total à payer par mobile money').isVisible()).toBe(true)
      expect(await client.page.getByTestId('pay-card').count()).toBe(0)
      await shots(client.page, 'kg-order-placed')

      // 2. Brochettes (pieces) with Orange Money, through CinetPay: paid right after checkout. The
      // wallet asks for the PIN a while: the provider's status query answers WAITING_FOR_CUSTOMER.
      fake.set({ waiting: true })
      await fill(client.page, 'Brochettes de bœuf (x10)', 'brochettes', 'Mobile money : Orange Money')
      await client.page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await client.page.waitForURL((u) => u.pathname.startsWith('/simulation/cinetpay/'))
      const [latest] = await e.t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, clientRow.id))
        .orderBy(desc(orders.id))
        .limit(1)
      const piecesId = latest!.id
      const pieces = await row(piecesId)
      expect(pieces).toMatchObject({ paymentMethod: 'mobile_money', paymentWallet: 'Orange Money' })
      // The fake's page says plainly that it is a simulation.
      expect(await client.page.title()).toContain('Simulation CinetPay — aucun paiement réel')
      expect(await client.page.getByRole('alert').textContent()).toContain(
        'SIMULATION — ceci n’est pas CinetPay. Aucun argent ne sera débité.',
      )
      expect(plain(await client.page.locator('main').textContent())).toContain(
        `${plain(formatMoney(Math.floor(pieces.totalAmount / 5) * 5)).replace(' F CFA', '')} XOF`,
      )
      await shots(client.page, 'simulation-cinetpay')
      await client.page.getByRole('button', { name: 'Simuler le paiement' }).click()
      // As CinetPay does, its page brings the client back with a POST form to return_url.
      await client.page.getByRole('button', { name: 'Retour à la boutique' }).click()
      await client.page.waitForURL((u) => u.pathname === `/order-confirmation/${piecesId}/paiement`)
      const waiting = client.page.getByTestId('payment-waiting')
      await expect.poll(() => waiting.isVisible()).toBe(true)
      expect(await waiting.textContent()).toContain('Validez le paiement sur votre téléphone')
      expect((await row(piecesId)).paymentStatus).toBe('pending')
      await shots(client.page, 'waiting')
      // The PIN is given: the page, asking every 3 s, shows the payment once the server has it.
      fake.set({ waiting: false })
      const paid = client.page.getByTestId('payment-paid')
      await expect.poll(() => paid.isVisible(), { timeout: 20_000 }).toBe(true)
      expect(plain(await paid.textContent())).toContain('Le livreur n’aura rien à vous demander.')
      expect((await row(piecesId)).paymentStatus).toBe('paid')
      await shots(client.page, 'paid')

      // 3. Staff weigh the fillet beyond the tolerance: the client's agreement and payment are one step.
      const staff = await newPage(e, PHONE)
      await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
      await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
      await staff.page.goto(`/admin/orders/${kgId}`)
      await toStatus(staff.page, 'in_preparation', 'En préparation')
      const [line] = await e.t.db.select().from(orderItems).where(eq(orderItems.orderId, kgId))
      const heavier = String(line!.quantity * 2).replace('.', ',')
      await staff.page.getByLabel(/^Poids pesé — Filet de bœuf/).fill(heavier)
      await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
      await expect
        .poll(() => staff.page.getByTestId('status-blocker').textContent())
        .toContain('attend l’accord')
      const weighed = await row(kgId)
      expect(weighed.weighApproval).toBe('awaiting')

      await client.page.goto(`/order-confirmation/${kgId}`)
      const agree = payCard.getByRole('button', {
        name: `Accepter et payer ${formatMoney(weighed.totalAmount)}`,
      })
      await expect.poll(() => agree.isVisible()).toBe(true)
      await expect.poll(() => progress.textContent()).toContain('Payez-la maintenant par mobile money')
      await shots(client.page, 'pay-card-weighed')
      await agree.click()
      await client.page.waitForURL((u) => u.pathname.startsWith('/simulation/wave/'))
      expect(await client.page.getByRole('alert').textContent()).toContain(
        'SIMULATION — ceci n’est pas Wave.',
      )
      await client.page.getByRole('button', { name: 'Simuler le paiement' }).click()
      await client.page.waitForURL((u) => u.pathname === `/order-confirmation/${kgId}/paiement`)
      await expect.poll(() => paid.isVisible(), { timeout: 20_000 }).toBe(true)
      expect(await row(kgId)).toMatchObject({ paymentStatus: 'paid', weighApproval: 'accepted' })
      await client.page.goto(`/order-confirmation/${kgId}`)
      await expect.poll(() => progress.textContent()).toContain('c’est payé, il n’aura rien à vous demander')
      expect(await client.page.getByText('Total payé par mobile money').isVisible()).toBe(true)

      // The door's thanks page (where a provider sends whoever paid a driver's QR code).
      await client.page.goto('/paiement/merci')
      await expect.poll(() => client.page.getByRole('heading', { name: 'Merci !' }).isVisible()).toBe(true)
      await shots(client.page, 'thanks')

      // 4. Staff see both paid: the list, filtered by payment status and method, at 390 px.
      await staff.page.goto('/admin/orders')
      await staff.page.getByLabel('État du paiement').selectOption({ label: 'Payé' })
      await staff.page.getByLabel('Mode de paiement').selectOption({ label: 'Mobile money' })
      for (const id of [kgId, piecesId])
        await expect.poll(() => staff.page.getByTestId(`order-row-${id}`).isVisible()).toBe(true)
      await expect
        .poll(() => staff.page.getByTestId(`order-row-${kgId}`).getByText('Payé').first().isVisible())
        .toBe(true)
      expect(
        await staff.page.getByTestId(`order-row-${kgId}`).getByTestId('order-row-method').textContent(),
      ).toBe('Mobile money · Wave')
      await shots(staff.page, 'staff-orders-filtered')
      await staff.page.getByLabel('Mode de paiement').selectOption({ label: 'À la livraison (espèces)' })
      await expect.poll(() => staff.page.getByTestId(`order-row-${kgId}`).count()).toBe(0)
      expect(await staff.page.getByTestId(`order-row-${piecesId}`).count()).toBe(0)

      // The order page: the attempt, paid, and its events.
      await staff.page.goto(`/admin/orders/${kgId}`)
      const payments = staff.page.getByTestId('order-payments')
      await expect.poll(() => payments.textContent()).toContain('Wave')
      expect(plain(await payments.textContent())).toContain('Paiement : Mobile money (Wave)')
      await expect
        .poll(() => payments.getByRole('list', { name: 'Paiements mobile money' }).textContent())
        .toContain('Payé')
      expect(await payments.getByRole('list', { name: 'Historique du paiement' }).textContent()).toContain(
        'Payé',
      )
      // Wave's notification, as received (for a dispute), its raw body folded.
      await fake.idle()
      const notes = payments.getByRole('list', { name: 'Notifications reçues' })
      await expect.poll(() => notes.textContent()).toContain('Wave')
      expect(await notes.locator('details').first().getAttribute('open')).toBeNull()
      await shots(staff.page, 'staff-payments-card')

      // 5. The driver: nothing to collect for the paid order, no QR code to offer.
      await e.t.db.update(orders).set({ deliveryDriverId: driver.id }).where(eq(orders.id, kgId))
      await staff.page.reload()
      await toStatus(staff.page, 'in_delivery', 'En livraison')
      const d = await newPage(e, PHONE)
      await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
      await d.page.waitForURL((u) => u.pathname === '/dashboard')
      await d.page.goto('/delivery/dashboard')
      const card = d.page.getByTestId(`delivery-order-${kgId}`)
      await expect.poll(() => card.isVisible()).toBe(true)
      const toCollect = card.getByTestId('amount-to-collect')
      expect(plain(await toCollect.textContent())).toContain(plain(formatMoney(0)))
      expect(await toCollect.textContent()).toContain('Payée par mobile money : rien à encaisser')
      expect(await card.getByRole('button', { name: 'Faire payer par mobile money' }).count()).toBe(0)
      await shot(d.page, 'payments/driver-card-390')
      await d.context.close()

      // 6. The reconciliation: both payments as the providers said, against their orders.
      await staff.page.goto('/admin/payments')
      for (const id of [kgId, piecesId])
        await expect
          .poll(() => staff.page.getByTestId(`reconciliation-${id}`).textContent())
          .toContain('Concorde')
      expect(await staff.page.getByTestId('reconciliation-differing').textContent()).toBe('tout concorde')
      await shots(staff.page, 'reconciliation')
      // The daily cash report: the day's mobile money per provider beside the cash.
      await staff.page.goto('/admin/cash')
      await expect
        .poll(async () => plain(await staff.page.getByTestId('mobile-money-wave').textContent()))
        .toBe(plain(formatMoney(weighed.totalAmount)))
      expect(plain(await staff.page.getByTestId('mobile-money-cinetpay').textContent())).toBe(
        plain(formatMoney(Math.floor(pieces.totalAmount / 5) * 5)),
      )
      await shots(staff.page, 'cash-report')

      // 7. Cancelling: Wave refunds by its API; CinetPay is "Remboursement à faire".
      await cancel(staff.page, kgId)
      expect((await row(kgId)).paymentStatus).toBe('refunded')
      await processRefunds(e.t.db, e.t.deps.payments)
      await staff.page.reload()
      const history = payments.getByRole('list', { name: 'Historique du paiement' })
      await expect.poll(() => history.textContent()).toContain('Remboursement demandé')
      expect(await history.textContent()).toContain('Remboursé')
      expect(fake.refunds.length).toBe(1)

      await cancel(staff.page, piecesId)
      expect((await row(piecesId)).paymentStatus).toBe('refunded')
      await expect.poll(() => payments.textContent()).toContain('Remboursement à faire')
      await shots(staff.page, 'staff-refund-to-do')
      await staff.page.goto('/admin/payments')
      await expect
        .poll(() => staff.page.getByTestId(`reconciliation-${piecesId}`).textContent())
        .toContain('Remboursement à faire')
      expect(await staff.page.getByTestId(`reconciliation-${kgId}`).textContent()).toContain('Remboursé')
      await shots(staff.page, 'reconciliation-refunds')

      // The client reads it refunded once Wave gave it back (docs/rules/money-told.md#refunds-told).
      await client.page.goto(`/order-confirmation/${kgId}`)
      await expect.poll(() => progress.textContent()).toMatch(/vous ont été rendus sur votre compte Wave le /)
      await client.context.close()
      await staff.context.close()
    },
    // The whole of a payments day in one journey: 52 s alone on a slow 2-core machine, over 90 s
    // there beside another journey file (vitest.e2e.config.ts runs two at a time). The limit is
    // for a journey that hangs, not a measure of speed.
    240_000,
  )
})
