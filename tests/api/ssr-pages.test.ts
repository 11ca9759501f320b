import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PAGE_DATA_ID, readFirstPageData } from '../../src/shared/first-page'
import { formatMoney } from '../../src/shared/format'
import { countryByCode, createProduct, createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * / and /products arrive with the caller's catalogue in the HTML (docs/decisions/0020): a
 * visitor's chosen country (its cookie), a signed-in client's own, every country's before a
 * choice; the page is kept until a catalogue write, and holds nothing of the caller.
 */
let t: TestApp
let root: string
let sn: number
let ml: number
beforeAll(async () => {
  // The cache on, as in production: the rendered pages are kept, and dropped by the writes.
  t = await createTestApp({ STOREFRONT_CACHE_MS: '600000' })
  root = (await signedIn(t, 'root')).cookie
  sn = (await countryByCode(t.db, 'SN')).id
  ml = (await countryByCode(t.db, 'ML')).id
  await createProduct(t.db, { country: 'SN', name: 'Gigot du Sénégal', pricePerUnit: 6500, isFeatured: true })
  await createProduct(t.db, { country: 'ML', name: 'Côte du Mali', pricePerUnit: 4200, isFeatured: true })
  t.deps.storefrontCache.invalidate() // the factories write straight to the database
})
afterAll(async () => t?.close())

const page = async (url: string, cookie?: string) => {
  const res = await get(t, url, cookie)
  expect(res.statusCode, url).toBe(200)
  expect(res.headers['content-type']).toContain('text/html')
  return res
}
/** The markup of #root, and the embedded data. */
const parts = (html: string) => {
  const root = /<div id="root"(?: inert)?>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)
  const data = new RegExp(`<script type="application/json" id="${FIRST_PAGE_DATA_ID}">([^<]*)</script>`).exec(
    html,
  )
  expect(root, 'the page has its rendered #root').not.toBeNull()
  expect(data, 'the page embeds its data').not.toBeNull()
  return { root: root![1]!, data: data![1]! }
}
// React escapes text: the apostrophe of a name appears as &#x27;.
/**
 * The chooser's selected option as `value|text`, whatever the attributes' order and spelling
 * (`selected`, `selected=""`, an empty `value`), which differ between renderers.
 */
const selectedOption = (markup: string) => {
  for (const [, attrs, text] of markup.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)) {
    if (/\bselected\b/.test(attrs!)) return `${/\bvalue="([^"]*)"/.exec(attrs!)?.[1] ?? ''}|${text}`
  }
  return undefined
}
const html = (s: string) => s.replace(/'/g, '&#x27;')

describe('GET /products and / for a visitor', () => {
  it('with the country cookie: that country’s products, names and prices, and not another’s', async () => {
    const { root: markup, data } = parts((await page('/products', `etal-country=${sn}`)).body)
    expect(markup).toContain('Gigot du Sénégal')
    expect(markup).toContain(html(formatMoney(6500)))
    expect(markup).toContain('/ kg')
    expect(markup).toContain('Ajouter')
    expect(markup).not.toContain('Côte du Mali')
    // The chooser says the choice, with every active country to choose from.
    expect(selectedOption(markup)).toBe(`${sn}|Sénégal`)
    expect(data).toContain('Gigot du Sénégal')
    expect(data).not.toContain('Côte du Mali')

    const mali = parts((await page('/products', `etal-country=${ml}`)).body).root
    expect(mali).toContain('Côte du Mali')
    expect(mali).not.toContain('Gigot du Sénégal')

    const home = parts((await page('/', `etal-country=${ml}`)).body).root
    expect(home).toContain('Nos produits phares')
    expect(home).toContain('Côte du Mali')
    expect(home).not.toContain('Gigot du Sénégal')
  })

  it('without a choice: every country’s products, as the page shows before a choice; a stale choice is cleared', async () => {
    const { root: markup } = parts((await page('/products')).body)
    expect(markup).toContain('Gigot du Sénégal')
    expect(markup).toContain('Côte du Mali')
    expect(selectedOption(markup)).toBe('|Tous les pays')
    const stale = await page('/products', 'etal-country=2147483647')
    expect(parts(stale.body).root).toContain('Côte du Mali')
    const cleared = stale.cookies.find((c) => c.name === 'etal-country')
    expect(cleared?.value).toBe('')
  })

  it('keeps the ETag, the compression, the Vary on cookies and the CSP', async () => {
    const first = await page('/products', `etal-country=${sn}`)
    expect(first.headers.vary).toContain('cookie')
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const again = await t.app.inject({
      url: '/products',
      headers: { cookie: `etal-country=${sn}`, 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    const br = await t.app.inject({
      url: '/products',
      headers: { cookie: `etal-country=${sn}`, 'accept-encoding': 'br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    // Another country's page is another page.
    expect((await page('/products', `etal-country=${ml}`)).headers.etag).not.toBe(first.headers.etag)
  })
})

/** The session the page's data holds: `absent` when it holds none (the browser asks for it). */
const sessionInData = (data: string) => {
  const { queries } = readFirstPageData<{
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
  }>(data)
  const session = queries.queries.find((q) => q.queryKey.length === 1 && q.queryKey[0] === 'session')
  return session ? session.state.data : 'absent'
}
const SESSION_PRELOAD = '<link rel="preload" href="/_api/auth/session"'

describe('the session in a rendered page (docs/rules/phones-offline.md, "The session asked with the page")', () => {
  it('a visitor’s is none, in the page: drawn signed out from the HTML, the session never asked for', async () => {
    const product = (await get(t, '/sitemap.xml')).body.match(/<loc>[^<]*?(\/produits\/[^<]+)<\/loc>/)![1]!
    for (const path of ['/', '/products', product]) {
      const res = await page(path, `etal-country=${sn}`)
      const { root: markup, data } = parts(res.body)
      expect(res.body, path).not.toContain(SESSION_PRELOAD)
      expect(sessionInData(data), path).toBeNull()
      expect(markup, path).toContain('>Connexion</a>')
      expect(markup, path).not.toContain('role="status"')
    }
  })

  it('a signed-in caller’s is read by the browser, asked for with the page: the page holds nothing of it', async () => {
    for (const role of ['client', 'admin'] as const) {
      const { cookie } = await signedIn(t, role)
      for (const path of ['/', '/products']) {
        const res = await page(path, `${cookie}; etal-country=${sn}`)
        expect(res.body, `${role} ${path}`).toContain(SESSION_PRELOAD)
        expect(sessionInData(parts(res.body).data), `${role} ${path}`).toBe('absent')
      }
    }
    // A page of the app's own (a pre-rendered shell) is the same for everyone: it asks.
    expect((await page('/contact')).body).toContain(SESSION_PRELOAD)
  })
})

describe('GET /products for a signed-in client', () => {
  it('shows its own country, whatever the device had chosen, and sets the device’s choice to it', async () => {
    const client = await createUser(t.db, { role: 'client', country: 'ML', displayName: 'Awa Traoré' })
    const cookie = await login(t, client.email)
    const res = await page('/products', `${cookie}; etal-country=${sn}`)
    const { root: markup } = parts(res.body)
    expect(markup).toContain('Côte du Mali')
    expect(markup).not.toContain('Gigot du Sénégal')
    expect(markup).toContain('Votre pays : <strong class="font-semibold">Mali</strong>')
    expect(res.cookies.find((c) => c.name === 'etal-country')?.value).toBe(String(ml))
  })

  it('holds nothing of the caller: two clients of one country get the same page, without their names', async () => {
    const a = await createUser(t.db, { role: 'client', country: 'SN', displayName: 'Fatou Ndiaye' })
    const b = await createUser(t.db, { role: 'client', country: 'SN', displayName: 'Moussa Diop' })
    const pageA = await page('/products', await login(t, a.email))
    const pageB = await page('/products', await login(t, b.email))
    expect(pageA.body).toBe(pageB.body)
    for (const personal of ['Fatou', 'Ndiaye', 'Moussa', 'Diop', a.email, b.email, 'Bonjour'])
      expect(pageA.body).not.toContain(personal)
    // Nor does a visitor's page hold the signed-in one's country label.
    const visitor = await page('/products', `etal-country=${sn}`)
    expect(visitor.body).not.toContain('Votre pays : <strong')
  })
})

describe('GET /products and / for staff and drivers', () => {
  it('has no shopping button in the first HTML, nor a visitor’s page for them (no flash of the wrong shop)', async () => {
    const visitor = parts((await page('/products', `etal-country=${sn}`)).body).root
    expect(visitor).toContain('Ajouter Gigot du Sénégal au panier')
    expect(visitor).not.toContain('Commande réservée aux clients')
    for (const role of ['delivery_driver', 'admin', 'root'] as const) {
      const { cookie } = await signedIn(t, role)
      for (const path of ['/products', '/']) {
        const res = await page(path, `${cookie}; etal-country=${sn}`)
        const { root: markup, data } = parts(res.body)
        expect(markup, `${role} ${path}`).toContain('Gigot du Sénégal')
        expect(markup, `${role} ${path}`).not.toMatch(/Ajouter [^"]* au panier/)
        expect(markup, `${role} ${path}`).not.toContain('Quantité de ')
        expect(markup, `${role} ${path}`).toContain('Commande réservée aux clients')
        // The browser's first render is told the same kind of caller, so it hydrates that markup.
        expect(readFirstPageData<{ catalogue: { caller: string } }>(data).catalogue.caller).toBe('staff')
      }
    }
    // The visitor's page is still the visitor's after staff were served.
    expect(parts((await page('/products', `etal-country=${sn}`)).body).root).toBe(visitor)
  })
})

describe('the rendered page', () => {
  it('changes after a catalogue write, and only then', async () => {
    const before = await page('/products', `etal-country=${sn}`)
    expect((await page('/products', `etal-country=${sn}`)).headers.etag).toBe(before.headers.etag)
    const res = await post(
      t,
      '/_api/admin/products',
      {
        name: 'Brochettes de bœuf',
        pricePerUnit: 3100,
        unitType: 'unit',
        minQuantity: 1,
        countryId: sn,
        isActive: true,
      },
      root,
    )
    expect(res.statusCode, res.body).toBeLessThan(300)
    const after = await page('/products', `etal-country=${sn}`)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(parts(after.body).root).toContain('Brochettes de bœuf')
    const id = decode<{ product: { id: number } }>(res.body).product.id
    await post(t, '/_api/admin/products/delete', { id }, root)
    expect(parts((await page('/products', `etal-country=${sn}`)).body).root).not.toContain('Brochettes')
  })

  it('embeds its data as JSON that cannot close its script element', async () => {
    await createProduct(t.db, { country: 'SN', name: 'Piège </script><script>alert(1)</script> <!--' })
    t.deps.storefrontCache.invalidate()
    const body = (await page('/products', `etal-country=${sn}`)).body
    const { data } = parts(body)
    expect(data).not.toContain('</script')
    expect(data).not.toContain('<!--')
    expect(data).toContain('\\u003c/script>')
    // The data block is the page's only element of its kind, and parses back to the name.
    expect(body.match(/<script type="application\/json"/g)).toHaveLength(1)
    const parsed = readFirstPageData<{ queries: { queries: { state: { data: unknown } }[] } }>(data)
    const names = JSON.stringify(parsed.queries.queries.map((q) => q.state.data))
    expect(names).toContain('Piège </script><script>alert(1)</script> <!--')
    // The CSP allows each inline script that runs (the early script, and a built client's loader)
    // by the SHA-256 of its text, and nothing else (none without a built client): the data block
    // needs none, and there is no 'unsafe-inline'.
    const csp = String((await page('/products', `etal-country=${sn}`)).headers['content-security-policy'])
    const running = [
      ...body.matchAll(/<script(?![^>]*\b(?:type="application\/json"|src=))[^>]*>([\s\S]*?)<\/script>/g),
    ]
    const hashes = running.map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
    )
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ').sort()).toEqual(["'self'", ...hashes].sort())
  })
})
