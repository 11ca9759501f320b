import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPath } from '../../src/shared/product-links'
import { createProduct, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A line's steppers and "Retirer" before the script (docs/rules/catalogue.md#before-the-script,
 * docs/decisions/0081): `POST /panier/quantite` sets a line of the cart cookie to the quantity
 * its button leads to, by the one rule of a line's quantity (src/shared/domain/line-quantity.ts);
 * bad input is a French 400 that sets nothing. The pages with the cookie draw each product's lines
 * under its "Ajouter", in a `<noscript>` a browser with a script never shows. The cookie is
 * written here by hand from the rule (`<product>-<preparation or 0>-<quantity>`, joined by `_`).
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  })
const setTo = (form: Record<string, string>, cookie: string, headers: Record<string, string> = {}) =>
  send('/panier/quantite', form, { cookie: `etal_panier=${cookie}`, ...headers })
const cartOf = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
  res.cookies.find((c) => c.name === 'etal_panier')

describe('POST /panier/quantite', () => {
  it('steps a line up and down by its unit’s step, and takes it out under its least', async () => {
    const kg = await createProduct(t.db, { name: 'Gigot', unitType: 'kg', minQuantity: 1 })
    const unit = await createProduct(t.db, { name: 'Poulet', unitType: 'unit' })
    const cookie = `${kg.id}-0-1_${unit.id}-0-2`
    const up = await setTo(
      { product: String(kg.id), preparation: '', quantity: '1.5', back: '/cart' },
      cookie,
    )
    expect(up.statusCode).toBe(303)
    expect(up.headers.location).toBe('/cart')
    expect(cartOf(up)?.value).toBe(`${kg.id}-0-1.5_${unit.id}-0-2`)
    // Under the product's least (1 kg): the line goes, as the cart's own stepper takes it out.
    const out = await setTo({ product: String(kg.id), quantity: '0.5', back: '/products' }, cookie)
    expect(cartOf(out)?.value).toBe(`${unit.id}-0-2`)
    // "Retirer" (0) of the last line: the cookie is cleared.
    const last = await setTo({ product: String(unit.id), quantity: '0' }, `${unit.id}-0-2`)
    expect(last.statusCode).toBe(303)
    expect(last.headers.location).toBe('/products')
    expect(cartOf(last)).toMatchObject({ value: '', maxAge: 0 })
  })

  it('refuses bad input with a French page (400) and changes nothing', async () => {
    const p = await createProduct(t.db, { name: 'Côte de bœuf', unitType: 'kg' })
    const cookie = `${p.id}-0-1`
    for (const [form, message] of [
      [{ product: 'abc', quantity: '1' }, 'Produit invalide.'],
      [{ product: String(p.id), preparation: 'x', quantity: '1' }, 'Produit invalide.'],
      [{ product: String(p.id), quantity: '' }, 'Quantité invalide.'],
      [{ product: String(p.id), quantity: 'beaucoup' }, 'Quantité invalide.'],
      [{ product: String(p.id), quantity: '-1' }, 'Quantité invalide.'],
      [{ product: String(p.id), quantity: '5000' }, 'Quantité invalide.'],
      [{ product: String(p.id), quantity: '1.25' }, 'Quantité invalide pour Côte de bœuf.'],
      [
        { product: String(p.id), preparation: '7', quantity: '1' },
        'Cet article n’est plus dans votre panier.',
      ],
      [{ product: '99999999', quantity: '1' }, 'Cet article n’est plus dans votre panier.'],
    ] as const) {
      const res = await setTo({ ...form, back: '/cart' }, cookie)
      expect(res.statusCode, JSON.stringify(form)).toBe(400)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('Panier non modifié')
      expect(res.body).toContain(message)
      expect(res.body).toContain('href="/cart"')
      expect(cartOf(res)).toBeUndefined()
    }
  })

  it('stops at today’s stock, by the same rule as the cart', async () => {
    const p = await createProduct(t.db, { name: 'Merguez', unitType: 'unit' })
    const manager = await signedIn(t, 'super_admin', 'SN')
    const stock = await post(
      t,
      '/_api/admin/products/stock',
      { id: p.id, outOfStock: 'no', dailyQuantity: 3 },
      manager.cookie,
    )
    expect(stock.statusCode).toBe(200)
    expect((await setTo({ product: String(p.id), quantity: '3' }, `${p.id}-0-2`)).statusCode).toBe(303)
    const past = await setTo({ product: String(p.id), quantity: '4' }, `${p.id}-0-3`)
    expect(past.statusCode).toBe(400)
    expect(past.body).toContain('Quantité invalide pour Merguez.')
    // The card's "+" at the most is drawn off, from the same rule.
    const page = await get(t, '/products', `etal_panier=${p.id}-0-3`)
    const slot = page.body.match(new RegExp(`<noscript data-cart-lines="${p.id}">(.*?)</noscript>`))
    expect(slot?.[1]).toMatch(/aria-label="Augmenter la quantité de Merguez" disabled/)
  })

  it('refuses a form posted from another site, and staff (403)', async () => {
    const p = await createProduct(t.db, { name: 'Foie', unitType: 'unit' })
    const form = { product: String(p.id), quantity: '2' }
    const cookie = `${p.id}-0-1`
    expect((await setTo(form, cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await setTo(form, cookie, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await setTo(form, cookie, { origin: 'not a url' })).statusCode).toBe(403)
    const staff = await signedIn(t, 'admin', 'SN')
    const res = await setTo(form, cookie, { cookie: `${staff.cookie}; etal_panier=${cookie}` })
    expect(res.statusCode).toBe(403)
    expect(cartOf(res)).toBeUndefined()
  })
})

describe('the cookie’s bounds', () => {
  it('holds 30 lines at most: a 31st is refused, a longer cookie is read to its 30 first', async () => {
    const products = await Promise.all(
      Array.from({ length: 31 }, (_, i) => createProduct(t.db, { name: `Pièce ${i}`, unitType: 'unit' })),
    )
    const thirty = products.slice(0, 30).map((p) => `${p.id}-0-1000`)
    const full = thirty.join('_')
    // Each line at its longest quantity: the cookie stays far under a browser's 4 KB.
    expect(`etal_panier=${full}`.length).toBeLessThan(1024)
    const refused = await send(
      '/panier/ajouter',
      { product: String(products[30]!.id), quantity: '1' },
      { cookie: `etal_panier=${full}` },
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Votre panier est plein : passez d’abord commande.')
    expect(cartOf(refused)).toBeUndefined()
    // A cookie of 31 lines written elsewhere: the page counts 30, a step writes back 30.
    const longer = `${full}_${products[30]!.id}-0-1`
    expect((await get(t, '/products', `etal_panier=${longer}`)).body).toMatch(
      /data-testid="cart-badge"[^>]*>30</,
    )
    const stepped = await setTo({ product: String(products[0]!.id), quantity: '999' }, longer)
    expect(stepped.statusCode).toBe(303)
    expect(cartOf(stepped)!.value.split('_')).toHaveLength(30)
  })

  it('refuses a form larger than 2 KB without reading it', async () => {
    const p = await createProduct(t.db, { name: 'Dibi', unitType: 'unit' })
    const res = await setTo(
      { product: String(p.id), quantity: '1', back: `/${'x'.repeat(3000)}` },
      `${p.id}-0-1`,
    )
    expect(res.statusCode).toBe(413)
    expect(cartOf(res)).toBeUndefined()
  })
})

describe('the pages with the cart cookie, for a browser without script', () => {
  it('draw each product’s lines under its "Ajouter", in a <noscript>; without the cookie, empty', async () => {
    const p = await createProduct(t.db, { name: 'Agneau', pricePerUnit: 4000, unitType: 'kg' })
    const plain = await get(t, '/products')
    expect(plain.body).toContain(`<noscript data-cart-lines="${p.id}"></noscript>`)
    const page = await get(t, '/products', `etal_panier=${p.id}-0-1.5`)
    expect(page.headers['cache-control']).toBe('private, no-cache')
    const slot = page.body.match(new RegExp(`<noscript data-cart-lines="${p.id}">(.*?)</noscript>`))![1]!
    expect(slot).toContain('Dans votre panier')
    expect(slot).toContain('action="/panier/quantite"')
    expect(slot).toContain('name="back" value="/products"')
    // − leads to 1 kg, + to 2 kg, "Retirer" to 0.
    expect(slot).toMatch(/name="quantity" value="1" [^>]*aria-label="Diminuer la quantité de Agneau"/)
    expect(slot).toMatch(/name="quantity" value="2" [^>]*aria-label="Augmenter la quantité de Agneau"/)
    expect(slot).toMatch(/name="quantity" value="0"[^>]*>Retirer/)
    // The to-add stepper's choice is not posted without script: hidden then (the head's noscript style).
    expect(page.body).toContain(
      '<noscript><style>[data-needs-script]{display:none!important}</style></noscript>',
    )
  })

  it('draw a product page’s lines under its "Ajouter", coming back to that page', async () => {
    const p = await createProduct(t.db, { name: 'Poulet fermier', unitType: 'unit' })
    const path = productPath(p)
    expect((await get(t, path)).body).toContain(`<noscript data-cart-lines="${p.id}"></noscript>`)
    const page = await get(t, path, `etal_panier=${p.id}-0-2`)
    const slot = page.body.match(new RegExp(`<noscript data-cart-lines="${p.id}">(.*?)</noscript>`))![1]!
    expect(slot).toContain(`name="back" value="${path}"`)
    expect(slot).toContain('2 unités')
  })
})
