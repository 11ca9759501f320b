import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, products } from '../../src/server/db/schema'
import { FIRST_PAGE_DATA_ID } from '../../src/shared/first-page'
import { formatMoney } from '../../src/shared/format'
import { productPath, productSlug } from '../../src/shared/product-links'
import { provenanceMessages } from '../../src/shared/schemas/products'
import type { ProductImportAnswer } from '../../src/shared/schemas/reports'
import { countryByCode, createProduct, decode, get, post, signedIn } from '../factories'
import { samplePhoto } from './photo-fixture'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A product's own page (docs/rules/catalogue.md#product-page, docs/decisions/0050): its address and
 * redirects, its 404s, the product in the first HTML, the head a link preview reads (Open Graph,
 * JSON-LD), the sitemap; and what the shop says of the meat (docs/rules/catalogue.md#provenance).
 */
const ORIGIN = 'https://etal.example'
let t: TestApp
let root: string
let superSn: string
let snId: number
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN })
  root = (await signedIn(t, 'root')).cookie
  superSn = (await signedIn(t, 'super_admin', 'SN')).cookie
  snId = (await countryByCode(t.db, 'SN')).id
})
afterAll(async () => t?.close())

type Product = { id: number; name: string; photo: { key: string } | null }
const page = (url: string, cookie?: string) => get(t, url, cookie)
/** The head's tags by property or name. */
const metaOf = (html: string, key: string) => {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" ?/?>`)
  return re.exec(html)?.[1]
}
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)
  expect(m, 'the page has its JSON-LD').not.toBeNull()
  return JSON.parse(m![1]!) as Record<string, unknown> & { offers: Record<string, unknown> }
}
const rootOf = (html: string) =>
  /<div id="root"(?: inert)?>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1]

describe('the product page’s address', () => {
  it('makes the slug from the name, accents and ligatures folded', () => {
    expect(productSlug('Côte de bœuf (1er choix)')).toBe('cote-de-boeuf-1er-choix')
    expect(productSlug('Gigot d’agneau')).toBe('gigot-d-agneau')
    expect(productSlug('Épaule — ÉLEVÉE')).toBe('epaule-elevee')
    expect(productSlug('!!!')).toBe('produit')
    expect(productPath({ id: 12, name: 'Gigot d’agneau' })).toBe('/produits/12-gigot-d-agneau')
  })

  it('renders the product in the first HTML: name, price per kg, minimum, stock, description, category', async () => {
    const p = await createProduct(t.db, { name: 'Gigot d’agneau', pricePerUnit: 6500, minQuantity: 1 })
    await t.db.update(products).set({ dailyQuantity: 3 }).where(eq(products.id, p.id))
    const res = await page(`/produits/${p.id}-gigot-d-agneau`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const markup = rootOf(res.body)!
    expect(markup).toContain('Gigot d’agneau')
    expect(markup).toContain(formatMoney(6500))
    expect(markup).toContain('le kg')
    expect(markup).toContain('Quantité minimale : 1 kg')
    expect(markup).toContain('Plus que 3 kg aujourd’hui')
    expect(markup).toContain('Un produit de test.')
    expect(markup).toContain('Ajouter')
    expect(markup).toContain('Partager sur WhatsApp')
    expect(res.body).toContain(`id="${FIRST_PAGE_DATA_ID}"`)
    expect(res.body).toContain('<title>Gigot d’agneau · Étal</title>')
  })

  it('says a sold out product is sold out', async () => {
    const p = await createProduct(t.db, { name: 'Rognons', unitType: 'unit', pricePerUnit: 800 })
    await t.db.update(products).set({ outOfStock: true }).where(eq(products.id, p.id))
    const res = await page(productPath(p))
    expect(rootOf(res.body)).toContain('Épuisé')
    expect(rootOf(res.body)).toContain('la pièce')
    expect(jsonLdOf(res.body).offers.availability).toBe('https://schema.org/OutOfStock')
  })

  it('redirects an old or wrong slug, a bare id and a trailing slash to the current address with 301', async () => {
    const p = await createProduct(t.db, { name: 'Poulet fermier' })
    const current = `/produits/${p.id}-poulet-fermier`
    for (const url of [
      `/produits/${p.id}-ancien-nom`,
      `/produits/${p.id}`,
      `${current}/`,
      `/PRODUITS/${p.id}-poulet-fermier`,
    ]) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(301)
      expect(res.headers.location, url).toBe(current)
    }
    // Renamed: the old address leads to the new one; the query string is kept.
    await post(t, '/_api/admin/products/update', { id: p.id, name: 'Poulet bicyclette' }, root)
    const renamed = await page(`${current}?utm_source=whatsapp`)
    expect(renamed.statusCode).toBe(301)
    expect(renamed.headers.location).toBe(`/produits/${p.id}-poulet-bicyclette?utm_source=whatsapp`)
    expect((await page(`/produits/${p.id}-poulet-bicyclette`)).statusCode).toBe(200)
  })

  it('answers 404 with the site’s 404 page for an unknown, inactive, archived or malformed product', async () => {
    const inactive = await createProduct(t.db, { name: 'Caché', isActive: false })
    const archived = await createProduct(t.db, { name: 'Archivé', archived: true })
    for (const url of [
      '/produits/999999-inconnu',
      productPath(inactive),
      productPath(archived),
      '/produits/abc',
      '/produits/0-zero',
      '/produits/99999999999-trop-grand',
    ]) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toContain('text/html')
      expect(res.body, url).toContain('Page introuvable')
      expect(res.body, url).not.toContain('og:title')
    }
  })

  it('answers 404 for a product of an inactive country', async () => {
    const p = await createProduct(t.db, { name: 'Bœuf du Mali', country: 'ML' })
    const ml = await countryByCode(t.db, 'ML')
    await t.db.update(countries).set({ isActive: false }).where(eq(countries.id, ml.id))
    try {
      expect((await page(productPath(p))).statusCode).toBe(404)
    } finally {
      await t.db.update(countries).set({ isActive: true }).where(eq(countries.id, ml.id))
    }
  })
})

describe('what a link preview reads', () => {
  let withPhoto: Product
  beforeAll(async () => {
    const p = await createProduct(t.db, { name: 'Côte de bœuf', pricePerUnit: 9000 })
    const res = await t.app.inject({
      method: 'POST',
      url: `/_api/admin/products/photo?id=${p.id}`,
      payload: await samplePhoto(),
      headers: { cookie: root, 'content-type': 'application/octet-stream' },
    })
    expect(res.statusCode).toBe(200)
    withPhoto = decode<{ product: Product }>(res.body).product
  })

  it('has Open Graph and Twitter tags with absolute URLs from PUBLIC_ORIGIN', async () => {
    const res = await page(productPath(withPhoto))
    const url = `${ORIGIN}/produits/${withPhoto.id}-cote-de-boeuf`
    expect(metaOf(res.body, 'og:title')).toBe('Côte de bœuf')
    expect(metaOf(res.body, 'og:description')).toContain(`Côte de bœuf : ${formatMoney(9000)} le kg.`)
    expect(metaOf(res.body, 'og:url')).toBe(url)
    expect(metaOf(res.body, 'og:type')).toBe('product')
    expect(metaOf(res.body, 'og:image')).toBe(`${ORIGIN}/images/products/${withPhoto.photo!.key}/og.jpg`)
    expect(metaOf(res.body, 'twitter:card')).toBe('summary_large_image')
    expect(metaOf(res.body, 'description')).toBe(metaOf(res.body, 'og:description'))
    expect(res.body).toContain(`<link rel="canonical" href="${url}">`)
    // One description only: the page's replaced the site's.
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1)
  })

  it('serves the og:image: a 1200 × 630 JPEG made from the photo', async () => {
    const res = await t.app.inject({ url: `/images/products/${withPhoto.photo!.key}/og.jpg` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(res.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    expect((await t.app.inject({ url: `/images/products/${'0'.repeat(32)}/og.jpg` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/images/products/not-a-key/og.jpg' })).statusCode).toBe(404)
  })

  it('has a schema.org Product and Offer in valid JSON: price, currency of the country, availability', async () => {
    const ld = jsonLdOf((await page(productPath(withPhoto))).body)
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Côte de bœuf',
      sku: String(withPhoto.id),
      url: `${ORIGIN}/produits/${withPhoto.id}-cote-de-boeuf`,
      image: [`${ORIGIN}/images/products/${withPhoto.photo!.key}/og.jpg`, expect.stringContaining(ORIGIN)],
      offers: {
        '@type': 'Offer',
        price: 9000,
        priceCurrency: 'XOF',
        availability: 'https://schema.org/InStock',
      },
    })
    // Cameroon pays in XAF.
    const cm = await createProduct(t.db, { name: 'Brochettes', country: 'CM' })
    expect(jsonLdOf((await page(productPath(cm))).body).offers.priceCurrency).toBe('XAF')
  })

  it('escapes a hostile name everywhere: no tag, attribute or script is closed by it', async () => {
    const name = `Bœuf "</script><script>alert(1)</script>' <img src=x onerror=alert(2)>`
    const p = await createProduct(t.db, { name })
    const res = await page(productPath(p))
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body).not.toContain('<img src=x')
    expect(metaOf(res.body, 'og:title')).toBe(
      'Bœuf &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39; &lt;img src=x onerror=alert(2)&gt;',
    )
    expect(jsonLdOf(res.body).name).toBe(name)
    // The only scripts are the JSON-LD, the page's data and the loader the CSP names.
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.every((s) => /application\/(ld\+)?json|^<script>$|type="module"/.test(s))).toBe(true)
  })

  // Without a photo, the og:image is drawn: tests/api/drawn-og-image.test.ts.
})

describe('GET /sitemap.xml', () => {
  it('lists every product on sale at its current address, and no other', async () => {
    const on = await createProduct(t.db, { name: 'Jarret de veau' })
    const off = await createProduct(t.db, { name: 'Jarret caché', isActive: false })
    const res = await t.app.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain(`${ORIGIN}/produits/${on.id}-jarret-de-veau`)
    expect(locs).toContain(`${ORIGIN}/products`)
    expect(locs.some((l) => l!.includes(`/produits/${off.id}-`))).toBe(false)
  })
})

describe('origin, halal, day of slaughter (docs/rules/catalogue.md#provenance)', () => {
  it('are saved by the product dialog’s calls and shown on the page, the cards and the catalogue', async () => {
    const created = await post(
      t,
      '/_api/admin/products',
      {
        name: 'Agneau de Tabaski',
        pricePerUnit: 5500,
        unitType: 'kg',
        minQuantity: 1,
        isActive: true,
        origin: 'Origine : abattoir de Dakar (SOGAS)',
        halal: true,
        slaughterDay: '2026-11-20',
      },
      superSn,
    )
    expect(created.statusCode).toBe(201)
    const product = decode<{ product: Product & Record<string, unknown> }>(created.body).product
    expect(product).toMatchObject({
      origin: 'Origine : abattoir de Dakar (SOGAS)',
      halal: true,
      slaughterDay: '2026-11-20',
    })
    const markup = rootOf((await page(productPath(product))).body)!
    expect(markup).toContain('Origine : abattoir de Dakar (SOGAS)')
    expect(markup).toContain('Halal')
    expect(markup).toContain('Abattu le')
    const listed = decode<{ products: Record<string, unknown>[] }>(
      (await get(t, `/_api/products?ids=${product.id}`)).body,
    ).products[0]
    expect(listed).toMatchObject({
      origin: 'Origine : abattoir de Dakar (SOGAS)',
      halal: true,
      slaughterDay: '2026-11-20',
    })
    // Cleared with empty values.
    const cleared = await post(
      t,
      '/_api/admin/products/update',
      { id: product.id, origin: '', slaughterDay: '', halal: false },
      superSn,
    )
    expect(decode<{ product: Record<string, unknown> }>(cleared.body).product).toMatchObject({
      origin: null,
      halal: false,
      slaughterDay: null,
    })
  })

  it('refuses bad values with French messages and changes nothing', async () => {
    const p = await createProduct(t.db, { name: 'Gésiers' })
    const tomorrowPlus2 = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    for (const [body, field, message] of [
      [{ origin: 'x'.repeat(201) }, 'origin', provenanceMessages.originLong],
      [{ slaughterDay: '20/11/2026' }, 'slaughterDay', provenanceMessages.slaughterDay],
      [{ slaughterDay: '2026-02-30' }, 'slaughterDay', provenanceMessages.slaughterDay],
      [{ slaughterDay: tomorrowPlus2 }, 'slaughterDay', provenanceMessages.slaughterFuture],
      [{ halal: 'oui' }, 'halal', provenanceMessages.halal],
    ] as const) {
      const res = await post(t, '/_api/admin/products/update', { id: p.id, ...body }, root)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toEqual([message])
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id))
    expect(row).toMatchObject({ origin: null, halal: false, slaughterDay: null })
  })

  it('the country’s halal statement: edited by root, shown on product pages, in the countries’ answer', async () => {
    const statement = 'Toute notre viande est abattue selon le rite musulman.'
    const res = await post(t, '/_api/admin/countries/update', { id: snId, halalStatement: statement }, root)
    expect(res.statusCode).toBe(200)
    const countriesAnswer = decode<{ countries: { id: number; halalStatement: string | null }[] }>(
      (await get(t, '/_api/countries')).body,
    )
    expect(countriesAnswer.countries.find((c) => c.id === snId)!.halalStatement).toBe(statement)
    const p = await createProduct(t.db, { name: 'Tête de mouton' })
    expect(rootOf((await page(productPath(p))).body)).toContain(statement)
    const tooLong = await post(
      t,
      '/_api/admin/countries/update',
      { id: snId, halalStatement: 'x'.repeat(501) },
      root,
    )
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error).toBe('La déclaration halal ne peut pas dépasser 500 caractères.')
  })

  it('go out in the product export and come back in through the import', async () => {
    await post(
      t,
      '/_api/admin/products',
      {
        name: 'Mouton de case',
        pricePerUnit: 7000,
        unitType: 'kg',
        minQuantity: 1,
        origin: 'Élevage de Thiès',
        halal: true,
        slaughterDay: '2026-11-21',
      },
      superSn,
    )
    const csv = (await get(t, '/_api/admin/products/export', superSn)).body
    const rows = parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][]
    const heading = rows[0]!
    expect(heading.slice(-4, -1)).toEqual(['Origine', 'Halal', 'Jour d’abattage'])
    const line = rows.find((r) => r[1] === 'Mouton de case')!
    expect(line.slice(-4, -1)).toEqual(['Élevage de Thiès', 'oui', '21/11/2026'])

    // The exported line, renamed, imported into Mali: the same origin, halal and day.
    const ml = await countryByCode(t.db, 'ML')
    const file = [heading, line.map((c, i) => (i === 1 ? 'Mouton importé' : c))]
      .map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(';'))
      .join('\r\n')
    const imported = await t.app.inject({
      method: 'POST',
      url: `/_api/admin/products/import?mode=import&countryId=${ml.id}`,
      payload: Buffer.from(file),
      headers: { cookie: root, 'content-type': 'application/octet-stream' },
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(decode<ProductImportAnswer>(imported.body).imported).toBe(1)
    const [row] = await t.db.select().from(products).where(eq(products.name, 'Mouton importé'))
    expect(row).toMatchObject({ origin: 'Élevage de Thiès', halal: true, slaughterDay: '2026-11-21' })

    // A bad halal or day is a French error on its row and column.
    const bad = ['Nom;Prix;Unité;Halal;Jour d’abattage', 'Tripes;1000;kg;peut-être;31/02/2026'].join('\r\n')
    const preview = await t.app.inject({
      method: 'POST',
      url: `/_api/admin/products/import?mode=preview&countryId=${ml.id}`,
      payload: Buffer.from(bad),
      headers: { cookie: root, 'content-type': 'application/octet-stream' },
    })
    expect(decode<ProductImportAnswer>(preview.body).errors).toEqual([
      { row: 2, column: 'Halal', message: 'Halal doit être « oui » ou « non ».' },
      { row: 2, column: 'Jour d’abattage', message: provenanceMessages.slaughterDay },
    ])
  })
})
