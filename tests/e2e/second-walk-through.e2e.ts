import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { countries, orders, outboxMessages } from '../../src/server/db/schema'
import { createOrder } from '../factories'
import { axeViolations, DESKTOP, demoUser, loginAt, newPage, PHONE, plain, shot, e2eApp } from './harness'

/** The screens people tripped on in the second walk-through (status changes, lists in French order), one journey each. */
const e = e2eApp()

describe('second walk-through', () => {
  it('"Annulée" asks first, in a dialog, for the reason the client then reads', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const order = await createOrder(e.t.db, {
      user: client,
      lines: [{ price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' }],
    })
    for (const [viewport, tag] of [
      [PHONE, '390'],
      [DESKTOP, '1280'],
    ] as const) {
      const staff = await newPage(e, viewport)
      await loginAt(staff.page, '/employee/login', 'admin@etal.demo')
      await staff.page.waitForURL('**/admin/orders-only')
      await staff.page.goto(`/admin/orders/${order.id}`)
      await staff.page.getByLabel('Changer le statut').selectOption('cancelled')
      const dialog = staff.page.getByRole('dialog', { name: 'Annuler la commande ?' })
      await expect.poll(() => dialog.isVisible()).toBe(true)
      // Nothing is sent before it is confirmed.
      const [still] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
      expect(still!.status).toBe('pending')
      // Confirmed without a reason: said on the field, still nothing sent.
      await dialog.getByRole('button', { name: 'Annuler la commande' }).click()
      await expect
        .poll(() => dialog.getByText('Indiquez la raison de l’annulation : le client la lira.').isVisible())
        .toBe(true)
      expect((await axeViolations(staff.page)).map((v) => v.id)).toEqual([])
      await shot(staff.page, `second-walk-through/cancel-dialog-${tag}`)
      if (tag === '390') {
        // Kept: closing the dialog cancels nothing.
        await dialog.getByRole('button', { name: 'Garder la commande' }).click()
        await expect.poll(() => dialog.count()).toBe(0)
        expect(await staff.page.getByLabel('Changer le statut').inputValue()).toBe('pending')
        await staff.context.close()
        continue
      }
      await dialog.getByLabel('Raison de l’annulation').fill('Plus de merguez aujourd’hui, désolés.')
      await dialog.getByRole('button', { name: 'Annuler la commande' }).click()
      await expect.poll(() => staff.page.getByText('Statut mis à jour : Annulée').isVisible()).toBe(true)
      expect(await staff.page.getByTestId('cancel-reason').textContent()).toContain(
        'Plus de merguez aujourd’hui, désolés.',
      )
      await staff.context.close()
    }
    const [cancelled] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Plus de merguez aujourd’hui, désolés.',
    })
    const messages = await e.t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))
    expect(messages.map((m) => m.kind)).toEqual(['cancelled'])

    // The client reads why, on its order's page.
    const mine = await newPage(e, PHONE)
    await loginAt(mine.page, '/client/login', 'client@etal.demo')
    await mine.page.waitForURL('**/dashboard')
    await mine.page.goto(`/order-confirmation/${order.id}`)
    await expect
      .poll(async () => plain(await mine.page.getByTestId('order-progress').textContent()))
      .toContain('Raison de l’annulation : Plus de merguez aujourd’hui, désolés.')
    await shot(mine.page, 'second-walk-through/cancelled-client-390')
    await mine.context.close()
  })

  it('the confirmation follows a refused weigh-in', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const order = await createOrder(e.t.db, { user: client, status: 'in_preparation' })
    await e.t.db
      .update(orders)
      .set({ weighApproval: 'refused', orderedTotalAmount: order.totalAmount })
      .where(eq(orders.id, order.id))
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto(`/order-confirmation/${order.id}`)
    const progress = page.getByTestId('order-progress')
    await expect
      .poll(async () => plain(await progress.textContent()))
      .toContain('Vous avez refusé le montant pesé')
    expect(await progress.textContent()).not.toContain('Nos bouchers préparent votre commande')
    await shot(page, 'second-walk-through/refused-weigh-in-390')
    await context.close()
  })

  it('the hero offers a signed-in person its space, not the sign-in', async () => {
    const visitor = await newPage(e, PHONE)
    await visitor.page.goto('/')
    const hero = visitor.page.locator('section').first()
    await expect.poll(() => hero.getByRole('link', { name: 'Se connecter' }).isVisible()).toBe(true)
    await visitor.context.close()
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/')
    const signedInHero = page.locator('section').first()
    await expect.poll(() => signedInHero.getByRole('link', { name: 'Mon espace' }).isVisible()).toBe(true)
    expect(await signedInHero.getByRole('link', { name: 'Se connecter' }).count()).toBe(0)
    expect(await signedInHero.getByRole('link', { name: 'Mon espace' }).getAttribute('href')).toBe(
      '/dashboard',
    )
    await shot(page, 'second-walk-through/hero-signed-in-390')
    await context.close()
  })

  it('the staff menu says the role, then the country it manages', async () => {
    for (const [email, home, want] of [
      ['root@etal.demo', '/root/dashboard', 'Root · Tous les pays'],
      ['admin.ml@etal.demo', '/admin/orders-only', 'Admin · Mali'],
    ] as const) {
      const { page, context } = await newPage(e, DESKTOP)
      await loginAt(page, '/employee/login', email)
      await page.waitForURL(`**${home}`)
      const menu = page.getByRole('navigation', { name: "Menu d'administration" })
      await expect.poll(async () => plain(await menu.locator('p').first().textContent())).toBe(want)
      await shot(page, `second-walk-through/menu${home.replace(/\//g, '-')}-1280`)
      await context.close()
    }
  })

  it('the contact page shows the caller’s country, or every country to a visitor who chose none', async () => {
    const active = await e.t.db.select().from(countries).where(eq(countries.isActive, true))
    const visitor = await newPage(e, PHONE)
    await visitor.page.goto('/contact')
    const sections = visitor.page.getByTestId('shop-country')
    const reachable = active.filter((c) => c.shopPhone || c.shopWhatsapp)
    expect(reachable.length).toBeGreaterThan(1)
    await expect.poll(() => sections.count()).toBe(reachable.length)
    const text = plain(await visitor.page.locator('main').textContent())
    expect(text).toContain('Étal Sénégal')
    expect(text).toContain('Étal Mali')
    expect(text).not.toContain('Dakar, Sénégal')
    await shot(visitor.page, 'second-walk-through/contact-visitor-390')
    await visitor.context.close()

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client.ml@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/contact')
    await expect
      .poll(() => page.getByTestId('shop-country').allTextContents())
      .toEqual([expect.stringContaining('Étal Mali')])
    expect(plain(await page.locator('main').textContent())).not.toContain('Sénégal')
    await shot(page, 'second-walk-through/contact-mali-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'second-walk-through/contact-mali-1280')
    await context.close()
  })
})
