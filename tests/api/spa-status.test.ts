import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A URL that is no page answers 404 (with the app, which shows its Not Found page),
 * not 200; the pages are those of src/shared/pages.ts, the client router's own list. And
 * /robots.txt exists.
 */
describe('the site’s pages and /robots.txt', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('answers 200 for every page, a parameter filled, with the page’s title', async () => {
    const cases: [string, string][] = [
      ['/', 'Boucherie en ligne · Étal'],
      ['/products', 'Produits · Étal'],
      ['/products?q=filet', 'Produits · Étal'],
      ['/cart', 'Mon panier · Étal'],
      ['/order-confirmation/12', 'Ma commande · Étal'],
      ['/admin/orders/3/assign-driver', 'Assigner un livreur · Étal'],
      ['/admin/country-details/S%C3%A9n%C3%A9gal', 'Détails du pays · Étal'],
      ['/root/users', 'Utilisateurs (Root) · Étal'],
    ]
    for (const [url, title] of cases) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toContain('text/html')
      expect(res.body, url).toContain(`<title>${title}</title>`)
    }
  })

  it('answers 404 with the app’s page for a path that is no page, and 404 JSON under /_api', async () => {
    for (const url of [
      '/nulle-part',
      '/products/42',
      '/admin',
      '/admin/users/3',
      '/wp-login.php',
      '/cart/extra?x=1',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.headers['content-type'], url).toContain('text/html')
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      }
      const res = await t.app.inject({ url })
      expect(res.body, url).toContain('<title>Page introuvable · Étal</title>')
      // With the client built, the page is the app (tests/e2e/built-server.e2e.ts shows it).
      // A cached copy is never revalidated into a 304 for a page that does not exist.
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } })
      expect(again.statusCode, url).toBe(404)
    }
    const api = await t.app.inject({ url: '/_api/nulle-part' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })

  it('serves /robots.txt: the storefront open, the back-office, the drivers’ pages and the API closed, and its sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    for (const path of ['/admin', '/root', '/delivery', '/_api']) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(4)
    expect(lines).toContain('Allow: /')
    // The sitemap's line (tests/api/pwa-files.test.ts checks which origin it names).
    expect(lines.filter((l) => /sitemap/i.test(l))).toEqual(['Sitemap: http://localhost/sitemap.xml'])
  })
})
