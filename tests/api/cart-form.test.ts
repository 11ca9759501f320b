import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparations, productPreparations } from '../../src/server/db/schema'
import { countryByCode, createProduct, get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * "Ajouter" before the script (docs/rules/catalogue.md#before-the-script): the form posts to the
 * server, which keeps the line in the cart cookie and sends the browser back to its page; every
 * page then draws the header's cart link with the cookie's count. What the cookie holds is written
 * here by hand from the rule (`<product>-<preparation or 0>-<quantity>`, lines joined by `_`).
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const add = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/panier/ajouter',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  })
const cartOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'etal_panier')?.value

describe('the form behind "Ajouter"', () => {
  it('keeps the line in the cart cookie and sends the browser back to its page (303)', async () => {
    const p = await createProduct(t.db, { name: 'Poulet fermier', pricePerUnit: 4500, unitType: 'unit' })
    const res = await add({ product: String(p.id), quantity: '2', back: '/products' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/products')
    expect(cartOf(res)).toBe(`${p.id}-0-2`)
    const cookie = res.cookies.find((c) => c.name === 'etal_panier')!
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' })
    expect(cookie.httpOnly).toBeFalsy()

    // The same product again: one line, its quantity raised; another product: a second line.
    const again = await add(
      { product: String(p.id), quantity: '1', back: '/' },
      { cookie: `etal_panier=${cartOf(res)}` },
    )
    expect(again.headers.location).toBe('/')
    expect(cartOf(again)).toBe(`${p.id}-0-3`)
    const other = await createProduct(t.db, { name: 'Gigot', pricePerUnit: 6000, unitType: 'kg' })
    const both = await add(
      { product: String(other.id), quantity: '1.5', back: '/products' },
      { cookie: `etal_panier=${cartOf(again)}` },
    )
    expect(cartOf(both)).toBe(`${p.id}-0-3_${other.id}-0-1.5`)
  })

  it('keeps the preparation picked, the product’s default when none is posted, none for ""', async () => {
    const p = await createProduct(t.db, { name: 'Bœuf à brochettes', pricePerUnit: 5000, unitType: 'kg' })
    const [cut, mince] = await t.db
      .insert(preparations)
      .values([
        { name: 'Cubes à brochettes', countryId: (await countryByCode(t.db, 'SN')).id },
        { name: 'Haché très fin', countryId: (await countryByCode(t.db, 'SN')).id },
      ])
      .returning()
    await t.db.insert(productPreparations).values([
      { productId: p.id, preparationId: cut!.id, isDefault: true },
      { productId: p.id, preparationId: mince!.id },
    ])
    expect(cartOf(await add({ product: String(p.id), quantity: '1' }))).toBe(`${p.id}-${cut!.id}-1`)
    expect(cartOf(await add({ product: String(p.id), quantity: '1', preparation: String(mince!.id) }))).toBe(
      `${p.id}-${mince!.id}-1`,
    )
    expect(cartOf(await add({ product: String(p.id), quantity: '1', preparation: '' }))).toBe(`${p.id}-0-1`)
    const refused = await add({ product: String(p.id), quantity: '1', preparation: '999999' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Cette préparation n’est pas proposée pour Bœuf à brochettes.')
  })

  it('refuses bad input with a French page (400) and sets nothing', async () => {
    const p = await createProduct(t.db, { name: 'Côtelettes', pricePerUnit: 7000, unitType: 'kg' })
    for (const [form, message] of [
      [{ product: 'abc', quantity: '1' }, 'Produit invalide.'],
      [{ product: '99999999', quantity: '1' }, 'Ce produit n’est plus en vente.'],
      [{ product: String(p.id), quantity: '0.3' }, 'Quantité invalide pour Côtelettes.'],
      [{ product: String(p.id), quantity: '5000' }, 'Quantité invalide pour Côtelettes.'],
      [{ product: String(p.id), quantity: 'beaucoup' }, 'Quantité invalide pour Côtelettes.'],
    ] as const) {
      const res = await add({ ...form, back: '/products' })
      expect(res.statusCode, JSON.stringify(form)).toBe(400)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain(message)
      expect(res.body).toContain('href="/products"')
      expect(cartOf(res)).toBeUndefined()
    }
  })

  it('goes back to a page of this site only', async () => {
    const p = await createProduct(t.db, { name: 'Merguez', pricePerUnit: 3000, unitType: 'unit' })
    for (const back of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'products'])
      expect((await add({ product: String(p.id), quantity: '1', back })).headers.location).toBe('/products')
  })

  it('refuses a form posted from another site, and staff (403)', async () => {
    const p = await createProduct(t.db, { name: 'Foie', pricePerUnit: 2500, unitType: 'unit' })
    const form = { product: String(p.id), quantity: '1' }
    expect((await add(form, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await add(form, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await add(form, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303)
    const staff = await signedIn(t, 'admin', 'SN')
    const res = await add(form, { cookie: staff.cookie })
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain('Commande réservée aux clients.')
  })
})

describe('the same form posted by the page’s early script (before the app’s code runs)', () => {
  const early = { 'x-etal-early': '1' }
  it('answers JSON: the count and the message; the cookie as without script', async () => {
    const p = await createProduct(t.db, { name: 'Côtes d’agneau', pricePerUnit: 7000, unitType: 'unit' })
    const res = await add({ product: String(p.id), quantity: '2', back: '/products' }, early)
    expect(res.statusCode).toBe(200)
    expect(res.headers.location).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
    expect(cartOf(res)).toBe(`${p.id}-0-2`)
    expect(res.json()).toEqual({ count: 1, message: 'Côtes d’agneau a été ajouté au panier' })
    const again = await add(
      { product: String(p.id), quantity: '1' },
      { ...early, cookie: `etal_panier=${cartOf(res)}` },
    )
    expect(again.json().count).toBe(1)
    expect(cartOf(again)).toBe(`${p.id}-0-3`)
  })

  it('refuses as without script, the message alone, and changes nothing', async () => {
    const p = await createProduct(t.db, { name: 'Rognons', pricePerUnit: 2000, unitType: 'unit' })
    const bad = await add({ product: 'abc', quantity: '1' }, early)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ error: 'Produit invalide.' })
    expect(cartOf(bad)).toBeUndefined()
    const odd = await add({ product: String(p.id), quantity: '0.5' }, early)
    expect(odd.statusCode).toBe(400)
    expect(odd.json()).toEqual({ error: 'Quantité invalide pour Rognons.' })
    const elsewhere = await add(
      { product: String(p.id), quantity: '1' },
      { ...early, origin: 'https://evil.example' },
    )
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.json()).toEqual({ error: 'Ce formulaire doit être envoyé depuis Étal.' })
    expect(cartOf(elsewhere)).toBeUndefined()
  })
})

describe('the pages with the cart cookie', () => {
  it('draw the header’s cart link with the cookie’s count, privately; without it, as for everyone', async () => {
    const a = await createProduct(t.db, { name: 'Dibi', pricePerUnit: 4000, unitType: 'unit' })
    const b = await createProduct(t.db, { name: 'Thiof', pricePerUnit: 4000, unitType: 'unit' })
    const cookie = `etal_panier=${a.id}-0-1_${b.id}-0-2`
    for (const url of ['/products', '/']) {
      const plain = await get(t, url)
      expect(plain.body, url).toContain('<span class="sr-only">Panier (0)</span>')
      const counted = await get(t, url, cookie)
      expect(counted.statusCode).toBe(200)
      expect(counted.body, url).not.toContain('Panier (0)')
      expect(counted.body).toMatch(
        /<span class="sr-only">Panier \(<\/span><span data-testid="cart-badge"[^>]*>2<\/span>/,
      )
      expect(counted.headers['cache-control']).toBe('private, no-cache')
      expect(counted.headers.etag).not.toBe(plain.headers.etag)
    }
    // The counted link the page's early script draws from, whatever the cookie.
    expect((await get(t, '/products')).body).toMatch(
      /<template id="etal-cart-link">.*<span data-testid="cart-badge"[^>]*>1<\/span>.*<\/template>/s,
    )
    // A malformed cookie counts nothing.
    expect((await get(t, '/products', 'etal_panier=x-y-z')).body).toContain('Panier (0)')
  })
})
