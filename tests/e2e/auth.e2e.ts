import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, shot, e2eApp } from './harness'

const e = e2eApp()

describe('sign-up, sign-in and sign-out', () => {
  it('registers a client, greets it, logs it out', async () => {
    const { page, context } = await newPage(e)
    await page.goto('/register')
    await expect.poll(() => page.getByLabel('Pays').locator('option').count()).toBeGreaterThan(18)
    await shot(page, 'register-390')
    // Submitting empty shows the spec's messages and sends nothing.
    await page.getByRole('button', { name: 'Créer mon compte' }).click()
    await expect.poll(() => page.getByText("Le nom d'affichage est requis").isVisible()).toBe(true)
    await expect
      .poll(() => page.getByText('Le mot de passe doit contenir au moins 8 caractères').isVisible())
      .toBe(true)

    await page.getByLabel('Nom complet').fill('Khady Sarr')
    await page.getByLabel('Email').fill('khady.sarr@exemple.sn')
    await page.getByLabel('Mot de passe').fill('motdepasse-solide')
    await page.getByLabel('Pays').selectOption('Sénégal')
    await expect.poll(() => page.getByTestId('dial-code').textContent()).toBe('+221')
    await page.getByLabel('Ville').fill('Dakar')
    await page.getByLabel('Téléphone').fill('77 555 44 33')
    await page.getByRole('button', { name: 'Créer mon compte' }).click()
    await page.waitForURL('**/dashboard')
    await expect.poll(() => page.getByText('Bonjour, Khady Sarr').filter({ visible: true }).count()).toBe(1)

    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(() => page.getByRole('link', { name: 'Connexion' }).first().isVisible()).toBe(true)
    // The old session is gone on the server too.
    const res = await page.request.get('/_api/auth/session')
    expect(res.status()).toBe(401)
    await context.close()
  })

  it('shows the taken-email message (docs/rules/orders.md#validation-messages)', async () => {
    const { page, context } = await newPage(e)
    await page.goto('/register')
    await page.getByLabel('Nom complet').fill('Aminata Ba')
    await page.getByLabel('Email').fill('client@etal.demo')
    await page.getByLabel('Mot de passe').fill('motdepasse-solide')
    await page.getByLabel('Pays').selectOption('Sénégal')
    await page.getByLabel('Ville').fill('Dakar')
    await page.getByLabel('Téléphone').fill('77 000 00 00')
    await page.getByRole('button', { name: 'Créer mon compte' }).click()
    await expect
      .poll(() =>
        page
          .getByText('Cette adresse email est déjà utilisée. Veuillez essayer de vous connecter.')
          .isVisible(),
      )
      .toBe(true)
    await context.close()
  })

  it.each([
    ['/client/login', 'client@etal.demo', '/dashboard'],
    ['/client/login', 'client.ml@etal.demo', '/dashboard'],
    ['/delivery/login', 'livreur@etal.demo', '/dashboard'],
    ['/employee/login', 'livreur@etal.demo', '/delivery/dashboard'],
    ['/employee/login', 'root@etal.demo', '/root/dashboard'],
    ['/employee/login', 'superadmin@etal.demo', '/admin/dashboard'],
    ['/employee/login', 'admin@etal.demo', '/admin/orders-only'],
    ['/employee/login', 'admin.ml@etal.demo', '/admin/orders-only'],
  ])('at %s, %s lands on %s', async (loginPath, email, target) => {
    const { page, context } = await newPage(e)
    await loginAt(page, loginPath, email)
    await page.waitForURL((u) => u.pathname === target)
    expect(new URL(page.url()).pathname).toBe(target)
    await context.close()
  })

  it('refuses a role at a gate that does not take it, and signs it out again', async () => {
    const { page, context } = await newPage(e)
    await loginAt(page, '/client/login', 'admin@etal.demo')
    await expect
      .poll(() => page.getByText('Accès refusé. Seuls les clients sont autorisés.').isVisible())
      .toBe(true)
    expect(new URL(page.url()).pathname).toBe('/client/login')
    expect((await page.request.get('/_api/auth/session')).status()).toBe(401)
    await context.close()
  })

  it('shows the wrong-password message and stays on the page', async () => {
    const { page, context } = await newPage(e)
    await loginAt(page, '/client/login', 'client@etal.demo', 'mauvais-mot-de-passe')
    await expect.poll(() => page.getByText('Email ou mot de passe incorrect.').isVisible()).toBe(true)
    await shot(page, 'client-login-error-390')
    await context.close()
  })

  it('shows the Not Found page with a link home, and /dashboard signed out', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await page.goto('/nulle-part')
    await expect.poll(() => page.getByText('Page introuvable').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: "Retour à l'accueil" }).isVisible()).toBe(true)
    await page.goto('/dashboard')
    await expect.poll(() => page.getByText('Non authentifié').isVisible()).toBe(true)
    await shot(page, 'dashboard-signed-out-1280')
    await context.close()
  })
})
