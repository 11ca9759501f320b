import { mkdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { totpCode } from '../../src/server/services/people/two-factor'
import { createUser, PASSWORD } from '../factories'
import { freshCode, secretOf } from '../two-factor'
import { DESKTOP, loginAt, newPage, passSecondStep, PHONE, seriousViolations, shot, e2eApp } from './harness'

/**
 * Staff two-factor in the browser (docs/rules/people.md#accounts): a super admin that never
 * enrolled is stopped at sign-in until it scans (here: computes from the secret shown) an
 * authenticator; it keeps its ten recovery codes; then signs in with a code, then with a
 * recovery code; its sessions page lists this device and another, and ends the other. The new
 * steps and page are axe-clean, at 390 and 1280 px.
 */
const e = e2eApp()

const SHOTS = process.env.TWO_FACTOR_SHOTS
/** Also copies a screenshot where the helper asked to look at them (not in the repo). */
async function look(page: Page, name: string) {
  await shot(page, `two-factor/${name}`)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
  }
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/employee/login')
  await page.getByLabel('Email ou téléphone').fill(email)
  await page.getByLabel('Mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: /se connecter/i }).click()
}

describe('a super admin and its second factor', () => {
  it('enrols at its first sign-in, then signs in with a code, then with a recovery code', async () => {
    const sa = await createUser(e.t.db, { role: 'super_admin', enrolled: false, displayName: 'Mariama Ba' })
    const { page, context } = await newPage(e, PHONE)
    await passwordStep(page, sa.email)

    // Stopped: the QR code and the secret as text, nothing of the back-office.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Activez la double authentification' }).isVisible())
      .toBe(true)
    await page.getByRole('img', { name: /QR code/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/employee/login')
    expect((await page.request.get('/_api/auth/session')).status()).toBe(401)
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'enrol-390')

    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
    // A wrong code first: said, and still no session.
    await page.getByLabel('Code à 6 chiffres').fill('000000')
    await page.getByRole('button', { name: 'Activer', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/ne correspond pas/)
    await page.getByLabel('Code à 6 chiffres').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Activer', exact: true }).click()

    // Ten recovery codes, shown once.
    const list = page.getByRole('list', { name: 'Codes de secours' })
    await list.waitFor()
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim())
    expect(codes).toHaveLength(10)
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'recovery-codes-390')
    await page.getByRole('button', { name: /J’ai noté mes codes de secours/ }).click()
    await page.waitForURL('**/admin/dashboard')
    expect(await secretOf(e.t.db, sa.id, e.t.config)).toBe(secret)

    // Signed out; signed in again: the password, then the code of the app.
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await expect.poll(async () => (await page.request.get('/_api/auth/session')).status()).toBe(401)
    await passwordStep(page, sa.email)
    const code = page.getByLabel('Code de vérification')
    await code.waitFor()
    expect((await page.request.get('/_api/auth/session')).status()).toBe(401)
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'code-step-390')
    // A wrong code: said, and the step stays.
    await code.fill('000000')
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Code incorrect ou déjà utilisé.')
    await code.fill(await freshCode(e.t.db, sa.id, secret))
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await page.waitForURL('**/admin/dashboard')

    // Once more, with a recovery code instead (a lost phone).
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await expect.poll(async () => (await page.request.get('/_api/auth/session')).status()).toBe(401)
    await passwordStep(page, sa.email)
    await page.getByLabel('Code de vérification').fill(codes[0]!)
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await page.waitForURL('**/admin/dashboard')
    await context.close()

    // The same recovery code does not serve twice.
    const other = await newPage(e, PHONE)
    await passwordStep(other.page, sa.email)
    await other.page.getByLabel('Code de vérification').fill(codes[0]!)
    await other.page.getByRole('button', { name: 'Vérifier' }).click()
    await expect
      .poll(() => other.page.getByRole('alert').textContent())
      .toBe('Code incorrect ou déjà utilisé.')
    await other.context.close()
  }, 240_000)

  it('the code step at 1280 px', async () => {
    const sa = await createUser(e.t.db, { role: 'super_admin' })
    const { page, context } = await newPage(e, DESKTOP)
    await passwordStep(page, sa.email)
    await page.getByLabel('Code de vérification').waitFor()
    await look(page, 'code-step-1280')
    await context.close()
    const enrol = await newPage(e, DESKTOP)
    const fresh = await createUser(e.t.db, { role: 'root', enrolled: false })
    await passwordStep(enrol.page, fresh.email)
    await enrol.page.getByRole('img', { name: /QR code/ }).waitFor()
    await look(enrol.page, 'enrol-1280')
    await enrol.context.close()
  }, 180_000)
})

describe('reaching it, and root resetting it', () => {
  it('a driver opens "Sécurité du compte" from its deliveries and may enrol there', async () => {
    const driver = await createUser(e.t.db, { role: 'delivery_driver', displayName: 'Ibou Livreur' })
    const { page, context } = await newPage(e, PHONE)
    await passwordStep(page, driver.email)
    await page.waitForURL('**/delivery/dashboard')
    await page.getByRole('link', { name: 'Sécurité du compte' }).click()
    await page.waitForURL('**/account/security')
    await page.getByRole('heading', { name: 'Sécurité du compte', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Activer la double authentification' }).waitFor()
    await page.getByRole('list', { name: 'Sessions actives' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'driver-security-390')
    await context.close()
  }, 120_000)

  it('root resets an admin’s second factor from its history: confirmed, said, and the admin enrols again', async () => {
    const admin = await createUser(e.t.db, {
      role: 'admin',
      enrolled: true,
      displayName: 'Awa Téléphone Perdu',
    })
    expect(await secretOf(e.t.db, admin.id, e.t.config)).not.toBeNull()
    // The admin is signed in elsewhere: the reset ends that session too.
    const elsewhere = await newPage(e, PHONE)
    await passwordStep(elsewhere.page, admin.email)
    await passSecondStep(elsewhere.page, admin.email)
    await elsewhere.page.waitForURL('**/admin/orders-only')

    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL('**/root/dashboard')
    await page.goto(`/admin/users/${admin.id}/history`)
    await page.getByRole('button', { name: 'Réinitialiser la double authentification' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect.poll(() => dialog.textContent()).toMatch(/Awa Téléphone Perdu sera déconnecté/)
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click()
    await expect
      .poll(() => page.getByText('Double authentification réinitialisée.').first().isVisible())
      .toBe(true)
    const history = page.getByRole('list', { name: 'Historique de la double authentification' })
    await expect.poll(() => history.textContent()).toMatch(/Double authentification réinitialisée par /)
    await expect.poll(() => page.getByText('Non activée.').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'root-reset-1280')
    expect(await secretOf(e.t.db, admin.id, e.t.config)).toBeNull()
    expect((await elsewhere.page.request.get('/_api/auth/session')).status()).toBe(401)
    await elsewhere.context.close()
    await context.close()
  }, 180_000)
})

describe('the sessions page', () => {
  it('lists this device and another, ends the other: its cookie opens nothing after', async () => {
    const admin = await createUser(e.t.db, { role: 'admin', displayName: 'Fatou Admin' })
    // Another device signed in first.
    const phone = await newPage(e, PHONE)
    await passwordStep(phone.page, admin.email)
    await phone.page.waitForURL('**/admin/orders-only')

    for (const [viewport, name] of [
      [DESKTOP, '1280'],
      [PHONE, '390'],
    ] as const) {
      const { page, context } = await newPage(e, viewport)
      await passwordStep(page, admin.email)
      await page.waitForURL('**/admin/orders-only')
      await page.goto('/account/security')
      const list = page.getByRole('list', { name: 'Sessions actives' })
      await list.waitFor()
      await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(2)
      expect(await list.getByText('Cet appareil').count()).toBe(1)
      await expect.poll(() => list.getByText(/Chrome|Chromium|Appareil/).count()).toBeGreaterThanOrEqual(2)
      expect(await list.getByText(/Adresse IP : 127\.0\.0\.1/).count()).toBeGreaterThanOrEqual(2)
      await page.getByRole('button', { name: 'Activer la double authentification' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await look(page, `sessions-${name}`)
      if (name === '390') {
        await page.getByRole('button', { name: 'Terminer toutes les autres sessions' }).click()
        await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
        // The other device is signed out; this one is not.
        expect((await phone.page.request.get('/_api/auth/session')).status()).toBe(401)
        expect((await page.request.get('/_api/auth/session')).status()).toBe(200)
      }
      await context.close()
    }
    await phone.context.close()
  }, 240_000)

  it('an admin enrols from it, then moves to another app with a recovery code', async () => {
    const admin = await createUser(e.t.db, { role: 'admin' })
    const { page, context } = await newPage(e, PHONE)
    await passwordStep(page, admin.email)
    await page.waitForURL('**/admin/orders-only')
    await page.goto('/account/security')
    await page.getByRole('button', { name: 'Activer la double authentification' }).click()
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'security-enrol-390')
    await page.getByLabel('Code à 6 chiffres').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Activer', exact: true }).click()
    const codes = page.getByRole('list', { name: 'Codes de secours' })
    await codes.waitFor()
    const recovery = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim())
    expect(recovery).toHaveLength(10)
    await page.getByRole('button', { name: 'J’ai noté mes codes de secours' }).click()
    await expect.poll(() => page.getByText('Activée.').isVisible()).toBe(true)
    await look(page, 'security-enrolled-390')
    expect(await secretOf(e.t.db, admin.id, e.t.config)).toBe(secret)

    // A new phone: the new app's code, and one of the current app (here a recovery code).
    await page.getByRole('button', { name: 'Changer d’application' }).click()
    await page.getByRole('heading', { name: 'Changez d’application d’authentification' }).waitFor()
    const next = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
    expect(next).not.toBe(secret)
    await page.getByLabel('Code à 6 chiffres').fill(totpCode(next))
    await page.getByRole('button', { name: 'Changer d’application', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/application actuelle/)
    expect(await seriousViolations(page)).toEqual([])
    await look(page, 'security-replace-390')
    await page.getByLabel('Code de l’application actuelle, ou un code de secours').fill(recovery[0]!)
    await page.getByRole('button', { name: 'Changer d’application', exact: true }).click()
    await page.getByRole('list', { name: 'Codes de secours' }).waitFor()
    await page.getByRole('button', { name: 'J’ai noté mes codes de secours' }).click()
    await expect.poll(() => page.getByText('Activée.').isVisible()).toBe(true)
    expect(await secretOf(e.t.db, admin.id, e.t.config)).toBe(next)
    await context.close()
  }, 180_000)
})
