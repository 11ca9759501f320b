import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { demoUser, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

/**
 * A phone several people share (docs/security/outside-attack.md item 2; docs/security/sessions-and-devices.md, "A shared device"): what the
 * browser keeps for one client (local and session storage, the service worker's caches,
 * IndexedDB) holds nothing of it once it signed out, or once its session expired, and the next
 * client's checkout starts blank.
 */
const e = e2eApp()

/** What the first client typed: none of it may be found on the device afterwards. */
const first = {
  email: 'client@etal.demo',
  address: 'Villa 12, rue des Baobabs',
  phone: '77 555 12 34',
  notes: 'Code du portail 4711',
}

/** Every store of the browser, read whole, as one text: storage, caches (each answer's body), IndexedDB. */
async function everyStore(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = []
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!
        out.push(`${key}=${storage.getItem(key)}`)
      }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        // The built code is nobody's: its address alone.
        const code = /\/assets\/|__WB_REVISION__/.test(request.url)
        const answer = code ? undefined : await cache.match(request)
        out.push(`${name} ${request.url} ${answer ? await answer.text() : ''}`)
      }
    }
    // IndexedDB, every record of every store of every database.
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const databases = await indexedDB.databases()
    out.push(`indexedDB: ${databases.map((d) => d.name).join(',')}`)
    for (const { name } of databases) {
      const db = await read(indexedDB.open(name!))
      for (const store of db.objectStoreNames) {
        const records = await read(db.transaction(store).objectStore(store).getAll())
        out.push(`indexedDB ${name} ${store} ${JSON.stringify(records)}`)
      }
      db.close()
    }
    return out.join('\n')
  })
}

/** The first client fills its cart and its delivery details (kept on the device until it orders). */
async function firstClientShops(page: Page) {
  await loginAt(page, '/client/login', first.email)
  await page.waitForURL('**/dashboard')
  await page.goto('/products')
  await page.getByLabel('Rechercher un produit').fill('Filet de bœuf')
  await page.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
  await page.goto('/cart')
  await page.getByLabel('Adresse de livraison').fill(first.address)
  await page.getByLabel('Téléphone', { exact: true }).fill(first.phone)
  await page.getByLabel('Notes (facultatif)').fill(first.notes)
  // Precondition: the device holds them now (the checkout keeps them until an order succeeds),
  // and the worker holds the account's session answer.
  await expect.poll(() => everyStore(page)).toContain(first.notes)
  await expect.poll(() => everyStore(page)).toContain(first.address)
  expect(await everyStore(page)).toContain('Filet de bœuf')
}

/** Nothing the first client typed or owned is left in any store. */
async function expectNothingOfTheFirst(page: Page) {
  const stores = await everyStore(page)
  for (const secret of [first.address, first.phone, first.notes, first.email])
    expect(stores).not.toContain(secret)
  expect(await page.evaluate(() => localStorage.getItem('etal.shopping-cart'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('etal.delivery-info'))).toBeNull()
  // IndexedDB holds only the worker's note of when each kept copy was last used (Workbox's).
  expect(stores).toMatch(/^indexedDB: (workbox-expiration)?$/m)
}

/** The second client's checkout: its own cart, and no field filled from the first client. */
async function secondClientChecksOut(page: Page, name: string) {
  await loginAt(page, '/client/login', 'client.ml@etal.demo')
  await page.waitForURL('**/dashboard')
  await expectNothingOfTheFirst(page)
  await page.goto('/products')
  await page.getByRole('button', { name: 'Ajouter Poulet bicyclette au panier' }).click()
  await page.goto('/cart')
  await expect.poll(() => page.getByLabel('Adresse de livraison').isVisible()).toBe(true)
  expect(await page.getByTestId('cart-line').allTextContents()).toEqual([
    expect.stringContaining('Poulet bicyclette'),
  ])
  expect(await page.getByLabel('Adresse de livraison').inputValue()).toBe('')
  expect(await page.getByLabel('Notes (facultatif)').inputValue()).toBe('')
  expect(await page.getByLabel('Téléphone', { exact: true }).inputValue()).not.toContain('555')
  await shot(page, `shared-device/${name}-390`)
}

describe('a shared phone (docs/security/outside-attack.md item 2)', () => {
  it('keeps nothing of a client who signed out for the next one', async () => {
    const { page, context } = await newPage(e, PHONE)
    await firstClientShops(page)
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Connexion' }).count()).toBeGreaterThan(0)
    await expect.poll(() => everyStore(page)).not.toContain(first.address)
    await expectNothingOfTheFirst(page)
    await secondClientChecksOut(page, 'after-sign-out')
    await context.close()
  })

  it('keeps nothing of a client whose session expired (a 401 from the API), without a reload', async () => {
    const { page, context } = await newPage(e, PHONE)
    await firstClientShops(page)
    // The session ends on the server (expired, or signed out elsewhere); the page still shows it.
    const client = await demoUser(e, first.email)
    await e.t.db.delete(sessions).where(eq(sessions.userId, client.id))
    // The next call of the page, reached by links (no reload), is answered 401: the dashboard's
    // own read when its answer is stale (an order was just placed), else its orders'.
    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    const orders = page.getByRole('link', { name: 'Toutes mes commandes' })
    await expect
      .poll(
        async () =>
          (await orders.count()) > 0 || (await page.getByRole('link', { name: 'Connexion' }).count()) > 0,
      )
      .toBe(true)
    // The dashboard's other reads (its saved addresses) may meet the 401 first and sign out
    // while the link is being clicked: either way the next check holds.
    if ((await orders.count()) > 0) await orders.click({ timeout: 3_000 }).catch(() => undefined)
    await expect.poll(() => page.getByRole('link', { name: 'Connexion' }).count()).toBeGreaterThan(0)
    await expect.poll(() => everyStore(page)).not.toContain(first.address)
    await expectNothingOfTheFirst(page)
    await secondClientChecksOut(page, 'after-expiry')
    await context.close()
  })
})
