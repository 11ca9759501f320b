import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { sendPage, spaPages } from '../../src/server/http/spa-pages'

const index =
  '<!doctype html><html><head>\n<link rel="stylesheet" crossorigin href="/assets/index-x.css">\n</head><body><div id="root"></div></body></html>'
/** As Vite writes it: the entry script and the modulepreloads of its imports in the head. */
const indexWithEntry = index.replace(
  '\n</head>',
  '\n<script type="module" crossorigin src="/assets/index-e.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react.js">\n</head>',
)

function build(html = index) {
  const dist = mkdtempSync(join(tmpdir(), 'etal-spa-'))
  mkdirSync(join(dist, '.vite'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets/index-x.css'), '.a{color:red}')
  writeFileSync(
    join(dist, '.vite/route-preloads.json'),
    JSON.stringify({
      '/': ['/assets/home.js'],
      '/admin/orders/:orderId': ['/assets/order.js'],
      '*': ['/assets/nf.js'],
    }),
  )
  writeFileSync(join(dist, '.vite/route-shells.json'), JSON.stringify({ '/': '<h1>Accueil</h1>' }))
  return spaPages(dist, html)
}
const text = (p: ReturnType<ReturnType<typeof build>>) => p.body.identity.toString('utf8')

describe('SPA pages', () => {
  it('preload the route chunk; only a pre-rendered route gets its shell (inert) and the inlined stylesheet', () => {
    const pageFor = build()
    const home = text(pageFor('/?utm=1'))
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">')
    expect(home).toContain('<div id="root" inert><h1>Accueil</h1></div>')
    expect(home).toContain('<style data-href="/assets/index-x.css">.a{color:red}</style>')
    expect(home).not.toContain('<link rel="stylesheet"')
    const order = text(pageFor('/admin/orders/12'))
    expect(order).toContain('/assets/order.js')
    expect(order).toContain('<div id="root"></div>')
    expect(order).toContain('index-x.css')
    expect(text(pageFor('/admin/orders/12/other'))).toBe(index)
    expect(text(pageFor('/nowhere'))).toBe(index)
  })

  it('answer 200 for a page of src/shared/pages.ts, with its title, and 404 for any other path, with the app', () => {
    const pageFor = build(index.replace('<head>', '<head><title>Étal — Boucherie en ligne</title>'))
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
    const many = index.replace(
      '\n</head>',
      `\n<script type="module" crossorigin src="/assets/index-e.js"></script>\n${[1, 2, 3, 4, 5, 6]
        .map((i) => `<link rel="modulepreload" crossorigin href="/assets/c${i}.js">`)
        .join('\n')}\n</head>`,
    )
    const script = /<script>(.*)<\/script>/.exec(text(build(many)('/')))![1]!
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
      [preload('home')],
    ])
  })

  it('a pre-rendered page requests its code after its first paint, by an inline script that the CSP allows by its hash', async () => {
    const pageFor = build(indexWithEntry)
    const home = pageFor('/')
    const html = text(home)
    expect(html).toContain('<div id="root" inert><h1>Accueil</h1></div>')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('<link rel="modulepreload"')
    const script = /<script>(.*)<\/script>/.exec(html)![1]!
    for (const file of ['/assets/index-e.js', '/assets/react.js', '/assets/home.js'])
      expect(script).toContain(`"${file}"`)
    expect(script).toContain('first-contentful-paint')
    expect(home.scriptHash).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`)
    // A page without a shell loads its code from the head, as Vite wrote it.
    const order = text(pageFor('/admin/orders/12'))
    expect(order).toContain('<script type="module" crossorigin src="/assets/index-e.js"></script>')
    expect(order).toContain('<link rel="modulepreload" crossorigin href="/assets/order.js">')
    expect(pageFor('/admin/orders/12').scriptHash).toBeUndefined()

    const app = Fastify()
    app.addHook('onRequest', (_req, reply, done) => {
      reply.header('content-security-policy', "default-src 'self';script-src 'self';object-src 'none'")
      done()
    })
    app.get('/*', (req, reply) => sendPage(req, reply, pageFor(req.url)))
    const res = await app.inject({ url: '/' })
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' '${home.scriptHash}';object-src 'none'`,
    )
    expect((await app.inject({ url: '/admin/orders/12' })).headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';object-src 'none'",
    )
    await app.close()
  })

  it('are sent compressed as the client accepts, with an ETag that answers 304', async () => {
    const page = build()('/')
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
