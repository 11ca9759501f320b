import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { pages } from '../../src/shared/pages'
import { createSpaPages, pageOfAsync, sendPage, spaPages, type SpaPage } from '../../src/server/web/pages'
import { earlyScript } from '../../src/server/web/early-script'

/**
 * A built client as Vite's manifest describes it: the entry (its stylesheet, a chunk it imports),
 * and the chunks of the modules of / and of /admin/orders/:orderId (src/shared/pages.ts).
 */
const manifest = {
  'index.html': {
    file: 'assets/index-e.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-x.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_card.js': { file: 'assets/card.js', imports: ['index.html', '_react.js'] },
  'features/storefront/pages/home-page.tsx': { file: 'assets/home.js', imports: ['_card.js', 'index.html'] },
  'features/admin-orders/pages/order-detail-page.tsx': { file: 'assets/order.js', imports: ['_card.js'] },
}

function build(entryImports = ['_react.js'], shells: Record<string, string> = { '/': '<h1>Accueil</h1>' }) {
  const dist = mkdtempSync(join(tmpdir(), 'etal-spa-'))
  mkdirSync(join(dist, '.vite'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets/index-x.css'), '.a{color:red}')
  const chunks = Object.fromEntries(entryImports.map((k) => [k, { file: `assets/${k.slice(1)}` }]))
  // Every page's module has a chunk: those not named above, one of their own.
  const others = Object.fromEntries(
    Object.values(pages).map((p) => [`${p.module}.tsx`, { file: `assets/${p.module.split('/').at(-1)}.js` }]),
  )
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      ...others,
      ...manifest,
      ...chunks,
      'index.html': { ...manifest['index.html'], imports: entryImports },
    }),
  )
  writeFileSync(join(dist, '.vite/route-shells.json'), JSON.stringify(shells))
  return dist
}
const text = (p: SpaPage) => p.body.identity.toString('utf8')

describe('SPA pages', () => {
  it('preload the chunks of the page’s module; only a pre-rendered page gets its shell (inert) and the inlined stylesheet', () => {
    const pageFor = spaPages(build())
    const home = text(pageFor('/?utm=1'))
    expect(home).toContain('<div id="root" inert><h1>Accueil</h1></div>')
    expect(home).toContain('<style data-href="/assets/index-x.css">.a{color:red}</style>')
    expect(home).not.toContain('<link rel="stylesheet"')
    expect(home).toContain('"/assets/home.js","/assets/card.js"')
    const order = text(pageFor('/admin/orders/12'))
    expect(order).toContain('<div id="root"></div>')
    expect(order).toContain('<link rel="stylesheet" crossorigin href="/assets/index-x.css">')
    expect(order).toContain('<script type="module" crossorigin src="/assets/index-e.js"></script>')
    // The entry's import, then the page's chunks: the card once, the entry's own not again.
    const preloads = [...order.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    )
    expect(preloads).toEqual(['/assets/react.js', '/assets/order.js', '/assets/card.js'])
    const other = text(pageFor('/admin/orders/12/other'))
    expect(other).not.toContain('/assets/order.js')
    expect(other).toContain('/assets/index-e.js')
    expect(text(pageFor('/nowhere'))).toBe(other)
  })

  it('are every page’s document, the site’s head first, before a build too', () => {
    const dist = mkdtempSync(join(tmpdir(), 'etal-spa-'))
    const page = text(spaPages(dist)('/contact'))
    expect(page).toMatch(/^<!doctype html>\n<html lang="fr">/)
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />')
    expect(page).toContain('<title>Contact · Étal</title>')
    expect(page).toContain('<div id="root"></div>')
    expect(page).not.toContain('<script')
    expect(text(spaPages(dist, { production: true })('/contact'))).toContain('lancez npm run build')
  })

  it('answer 200 for a page of src/shared/pages.ts, with its title, and 404 for any other path, with the app', () => {
    const pageFor = spaPages(build())
    expect(pageFor('/').status).toBe(200)
    expect(text(pageFor('/?utm=1'))).toContain('<title>Boucherie en ligne · Étal</title>')
    expect(pageFor('/products').status).toBe(200)
    expect(text(pageFor('/products'))).toContain('<title>Produits · Étal</title>')
    // As React Router matches: any letter case, a trailing slash, a parameter.
    for (const url of [
      '/Products',
      '/products/',
      '/admin/orders/12',
      '/admin/orders/12/assign-driver',
      '/admin/country-details/C%C3%B4te%20d%27Ivoire',
    ]) {
      expect(pageFor(url).status, url).toBe(200)
    }
    expect(text(pageFor('/admin/orders/12'))).toContain('<title>Détail de la commande · Étal</title>')
    for (const url of [
      '/nowhere',
      '/products/12',
      '/admin/orders/12/other',
      '/admin',
      '/admin/users/12',
      '/wp-login.php',
    ]) {
      const page = pageFor(url)
      expect(page.status, url).toBe(404)
      expect(text(page), url).toContain('<title>Page introuvable · Étal</title>')
      expect(text(page), url).toContain('<div id="root"></div>')
    }
  })

  it('the loader requests the entry first, then the preloads three per task, every one of them', () => {
    const many = ['_c1.js', '_c2.js', '_c3.js', '_c4.js', '_c5.js', '_c6.js']
    const script = /<script>(.*)<\/script>/.exec(text(spaPages(build(many))('/')))![1]!
    // A tab in the background: the code is requested at once; each timer is a task of its own.
    const tasks: string[][] = [[]]
    const timers: (() => void)[] = []
    const document = {
      visibilityState: 'hidden',
      head: {
        appendChild: (e: { tag: string; src?: string; href?: string; rel?: string }) =>
          tasks.at(-1)!.push(e.tag === 'script' ? `script ${e.src}` : `${e.rel} ${e.href}`),
      },
      createElement: (tag: string) => ({ tag }),
      addEventListener: () => undefined,
    }
    runInNewContext(script, {
      document,
      window: {},
      setTimeout: (f: () => void, ms: number) => (ms === 0 ? timers.push(f) : undefined),
    })
    while (timers.length) {
      tasks.push([])
      timers.shift()!()
    }
    const preload = (f: string) => `modulepreload /assets/${f}.js`
    expect(tasks.filter((t) => t.length)).toEqual([
      ['script /assets/index-e.js', preload('c1'), preload('c2'), preload('c3')],
      [preload('c4'), preload('c5'), preload('c6')],
      [preload('home'), preload('react'), preload('card')],
    ])
  })

  it('a pre-rendered page requests its code after its first paint, by an inline script that the CSP allows by its hash', async () => {
    const pageFor = spaPages(build())
    const home = pageFor('/')
    const html = text(home)
    expect(html).toContain('<div id="root" inert><h1>Accueil</h1></div>')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('<link rel="modulepreload"')
    const script = /<script>(.*)<\/script>/.exec(html)![1]!
    for (const file of ['/assets/index-e.js', '/assets/react.js', '/assets/home.js'])
      expect(script).toContain(`"${file}"`)
    expect(script).toContain('first-contentful-paint')
    expect(home.scriptHashes).toEqual([`sha256-${createHash('sha256').update(script).digest('base64')}`])
    // A page without a shell loads its code from the head, as Vite writes it.
    const order = text(pageFor('/admin/orders/12'))
    expect(order).toContain('<script type="module" crossorigin src="/assets/index-e.js"></script>')
    expect(order).toContain('<link rel="modulepreload" crossorigin href="/assets/order.js">')
    expect(pageFor('/admin/orders/12').scriptHashes).toBeUndefined()

    const app = Fastify()
    app.addHook('onRequest', (_req, reply, done) => {
      reply.header('content-security-policy', "default-src 'self';script-src 'self';object-src 'none'")
      done()
    })
    app.get('/*', (req, reply) => sendPage(req, reply, pageFor(req.url)))
    const res = await app.inject({ url: '/' })
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' '${home.scriptHashes![0]}';object-src 'none'`,
    )
    expect((await app.inject({ url: '/admin/orders/12' })).headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';object-src 'none'",
    )
    await app.close()
  })

  it('a page that acts before its code has its early script first in the body, before the page it catches taps on', async () => {
    // A tap between the first paint and the end of the HTML must reach the early script, not
    // post the form the browser's way (docs/rules/catalogue.md#before-the-script).
    const { frame } = createSpaPages(build())
    const { html, scriptHashes } = frame(
      '/products',
      '<main>Produits</main>',
      '<script type="application/json">{}</script>',
      undefined,
      false,
      true,
    )
    const scripts = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => ({ at: m.index, body: m[1]! }))
    expect(scripts.map((s) => s.body)).toEqual([
      earlyScript,
      expect.stringContaining('first-contentful-paint'),
    ])
    const body = html.indexOf('<body')
    const root = html.indexOf('<div id="root">')
    expect(scripts[0]!.at).toBeGreaterThan(body)
    expect(scripts[0]!.at).toBeLessThan(root)
    expect(html.slice(body, scripts[0]!.at)).not.toMatch(/<(?!body)[a-z]/)
    // The loader after #root and the page's data, which the code reads once it runs.
    expect(scripts[1]!.at).toBeGreaterThan(html.indexOf('application/json'))
    const hash = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`
    expect(scriptHashes).toEqual(scripts.map((s) => hash(s.body)))
    const app = Fastify()
    app.addHook('onRequest', (_req, reply, done) => {
      reply.header('content-security-policy', "script-src 'self';object-src 'none'")
      done()
    })
    const page = await pageOfAsync(html, scriptHashes)
    app.get('/products', (req, reply) => sendPage(req, reply, page))
    expect((await app.inject({ url: '/products' })).headers['content-security-policy']).toBe(
      `script-src 'self' '${scriptHashes![0]}' '${scriptHashes![1]}';object-src 'none'`,
    )
    await app.close()
    // A shell drawn at another URL is inert: no early script, the loader alone.
    expect(createSpaPages(build()).frame('/cart', '', '', undefined, false, false).scriptHashes).toHaveLength(
      1,
    )
  })

  it('are sent compressed as the client accepts, with an ETag that answers 304', async () => {
    const page = spaPages(build())('/')
    const app = Fastify()
    app.get('/', (req, reply) => sendPage(req, reply, page))
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toContain('accept-encoding')
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(text(page))
    expect(
      (await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } })).headers[
        'content-encoding'
      ],
    ).toBe('br')
    const plain = await app.inject({ url: '/' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('no-cache')
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(plain.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await app.close()
  })
})
