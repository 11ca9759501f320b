/**
 * npm run bench:phone: the storefront on a cheap phone over slow 3G, in Chromium (Playwright,
 * playwright-core and the system Chromium), against the built app (`npm run build` first).
 *
 * The server is the production bundle (`node dist/server/main.js`) on a free port, with the
 * demo data plus the bench's 2,000 products: on PGlite (a directory under bench/results/), or on
 * PostgreSQL when DATABASE_URL names one (a fresh database `etal_phone_bench`). The browser is
 * throttled as bench/lib/phone.ts says (400 kbit/s, 300 ms, CPU 4× slower) with a phone's viewport.
 * It measures, median of PHONE_RUNS runs (default 3), each in a fresh browser context:
 * - /products, as the signed-in demo client: when the first product's name and price are
 *   visible, and when a tap on "Ajouter" first works (the cart's count changes);
 * - a whole checkout (home → sign in → two items → delivery → confirmation, each step a tap as
 *   a client's on a phone): the bytes the server sends, counted on the wire by a relay in front
 *   of it (`wireCounter`: headers and bodies, the page's requests, its service worker's and the
 *   browser's own), on a first visit, then again in the same context (warm cache, cookies
 *   cleared). Until 2026-11-27 the figure was the page's CDP count plus Playwright's sizes of the
 *   worker's requests, which missed the worker's own script and its copies of pages (about
 *   30 KB of a first visit: decision 0056);
 * - the first load of / in gzipped JavaScript (as scripts/bundle-report.mjs counts it);
 * - each page's own <title>; and Lighthouse (bench/lighthouse.ts, performance and accessibility
 *   on /, /products, /client/login, /cart and a product page, with SEO on the product page)
 *   unless PHONE_LIGHTHOUSE=0.
 * PHONE_LIST=1 prints every path a first visit's checkout loaded, with its bytes and how many times it was asked.
 * Prints a table and writes its section into bench/RESULTS.md (PHONE_OUT to write elsewhere).
 * Not part of `npm test` nor of the CI: it takes minutes.
 */
import { execSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import budgets from '../scripts/budgets.json' with { type: 'json' }
import { sql } from 'drizzle-orm'
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium'
import { freshPgDatabase } from '../scripts/pg-database'
import { loadConfig } from '../src/server/config'
import { createDeps } from '../src/server/deps'
import { resultsDir } from './lib/datasets'
import type { LighthouseResult } from './lib/lighthouse'
import { insertProducts } from './lib/people'
import {
  CPU_SLOWDOWN,
  median,
  phoneSectionOf,
  renderPhoneSection,
  SLOW_3G,
  verdict,
  withPhoneSection,
  formatValue,
  type PhoneFigure,
} from './lib/phone'

const root = resolve(import.meta.dirname, '..')
const RUNS = Number(process.env.PHONE_RUNS ?? 3)
const CLIENT = { email: 'client@etal.demo', password: 'Demo-2026!' }
const out = process.env.PHONE_OUT ?? resolve(root, 'bench/RESULTS.md')
const loads = [loadavg()[0]!]
const sampler = setInterval(() => loads.push(loadavg()[0]!), 5_000)
sampler.unref()
const log = (line: string) => console.log(line)

if (
  !existsSync(resolve(root, 'dist/server/main.js')) ||
  !existsSync(resolve(root, 'dist/client/index.html'))
) {
  console.error('No built app: run `npm run build` first.')
  process.exit(1)
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo
      srv.close(() => ok(port))
    })
  })
}

/** A fresh database with the demo data and 2,000 more products (seeded here, then closed). */
async function prepareDatabase() {
  const base = process.env.DATABASE_URL
  let url: string
  let drop: () => Promise<void>
  if (base?.startsWith('postgres')) {
    const fresh = await freshPgDatabase(base, 'etal_phone_bench')
    url = fresh.url
    drop = fresh.drop
  } else {
    const dir = resolve(resultsDir, 'phone-db')
    rmSync(dir, { recursive: true, force: true })
    url = `file:${dir}`
    drop = async () => rmSync(dir, { recursive: true, force: true })
  }
  const deps = await createDeps(
    loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'true' }),
  )
  const countries = (await deps.database.db.execute(
    sql`select id from countries order by id`,
  )) as unknown as {
    rows: { id: number }[]
  }
  await deps.database.db.transaction((tx) =>
    insertProducts(
      tx,
      2_000,
      countries.rows.map((c) => c.id),
    ),
  )
  await deps.close()
  return { url, drop, kind: base?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite (embedded)' }
}

/** The production bundle on a free port, as `npm start` runs it. */
async function startServer(url: string) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-old-space-size=192', resolve(root, 'dist/server/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Not 'warn': every visitor's session check (a 401) would be a line.
        LOG_LEVEL: 'error',
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const base = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
    if (waited > 120_000) throw new Error('the server did not answer within 2 minutes')
    if (
      await fetch(`${base}/_api/countries`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * A relay in front of the server that counts what crosses the wire on every connection, whoever
 * asked (the page, its service worker, the browser's own fetches such as the favicon): the bytes
 * the phone receives (headers and bodies as sent), by request, and the bytes it sends. The
 * browser talks to the relay; HTTP/1.1 without pipelining, so what comes back on a connection
 * answers its last request.
 */
async function wireCounter(target: string) {
  const { port: targetPort } = new URL(target)
  const counted = {
    received: 0,
    sent: 0,
    requests: 0,
    byRequest: new Map<string, number>(),
    timesAsked: new Map<string, number>(),
  }
  const relay = createServer((client) => {
    const upstream = connect(Number(targetPort), '127.0.0.1')
    let asked = '(none)'
    upstream.on('data', (d: Buffer) => {
      counted.received += d.length
      counted.byRequest.set(asked, (counted.byRequest.get(asked) ?? 0) + d.length)
    })
    client.on('data', (d: Buffer) => {
      counted.sent += d.length
      const line = /^(GET|POST|HEAD|PUT|PATCH|DELETE) (\S+)/.exec(d.toString('latin1', 0, 300))
      if (!line) return
      counted.requests += 1
      asked = `${line[1]} ${line[2]!.split('?')[0]}`
      counted.timesAsked.set(asked, (counted.timesAsked.get(asked) ?? 0) + 1)
    })
    client.pipe(upstream).pipe(client)
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((ok) => relay.listen(0, '127.0.0.1', ok))
  return {
    base: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    /** What crossed since the last call. */
    take() {
      const now = {
        ...counted,
        byRequest: new Map(counted.byRequest),
        timesAsked: new Map(counted.timesAsked),
      }
      Object.assign(counted, { received: 0, sent: 0, requests: 0 })
      counted.byRequest.clear()
      counted.timesAsked.clear()
      return now
    },
    close: () => new Promise<void>((ok) => relay.close(() => ok())),
  }
}

const phone = devices['Pixel 5']!
const newContext = (browser: Browser, base: string) =>
  browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: phone.userAgent,
    locale: 'fr-FR',
  })

/**
 * A page throttled as the phone, with a count of the bytes its own requests received (CDP
 * Network.loadingFinished encodedDataLength, less those a service worker answered; the worker's
 * downloads as Playwright sizes them): the /products run's figure for the log. The checkout's
 * figures are counted on the wire (`wireCounter`).
 */
async function throttledPage(context: BrowserContext) {
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { ...SLOW_3G })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const fromWorker = new Set<string>()
  const urls = new Map<string, string>()
  const counter = { bytes: 0, requests: 0, workerBytes: 0, byPath: new Map<string, number>() }
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker) fromWorker.add(e.requestId)
    urls.set(e.requestId, e.response.url)
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (fromWorker.has(e.requestId)) return
    counter.bytes += e.encodedDataLength
    counter.requests += 1
    const url = urls.get(e.requestId)
    const path = url ? new URL(url).pathname : '(unknown)'
    counter.byPath.set(path, (counter.byPath.get(path) ?? 0) + e.encodedDataLength)
  })
  const onWorkerRequest = (r: Request) => {
    if (!r.serviceWorker()) return
    void r.sizes().then(
      (s) => {
        const bytes = s.responseBodySize + s.responseHeadersSize
        counter.workerBytes += bytes
        const path = `${new URL(r.url()).pathname} (service worker)`
        counter.byPath.set(path, (counter.byPath.get(path) ?? 0) + bytes)
      },
      () => undefined,
    )
  }
  context.on('requestfinished', onWorkerRequest)
  return {
    page,
    counter,
    /** The paths that moved the most bytes, largest first. */
    largest(n: number) {
      return [...counter.byPath].sort((a, b) => b[1] - a[1]).slice(0, n)
    },
    async close() {
      context.off('requestfinished', onWorkerRequest)
      await cdp.detach().catch(() => undefined)
      await page.close()
    },
  }
}

/**
 * Watches the page from its first byte: when the first product card shows a name and a price
 * on screen, and when the cart first holds something (the header's "Panier (n)" link above 0).
 * A tap before the script posts "Ajouter"'s form and the server sends the page back with its
 * count (docs/rules/catalogue.md#before-the-script): times are kept across that navigation, in
 * the tab's session storage, from the first page's navigation start (its `timeOrigin`).
 */
// A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
const WATCH = `(() => {
  const w = window
  const kept = JSON.parse(sessionStorage.getItem('__phone') || 'null') || { origin: performance.timeOrigin, product: null, added: null }
  w.__phone = kept
  const save = () => sessionStorage.setItem('__phone', JSON.stringify(kept))
  save()
  const since = () => performance.timeOrigin + performance.now() - kept.origin
  const onScreen = (el) => {
    const r = el.getBoundingClientRect()
    const style = getComputedStyle(el)
    return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0 &&
      style.visibility !== 'hidden' && style.opacity !== '0'
  }
  const check = () => {
    if (kept.product === null) {
      for (const card of document.querySelectorAll('[data-testid="product-card"]')) {
        const name = card.querySelector('h2, h3')?.textContent?.trim()
        if (name && /CFA/.test(card.textContent ?? '') && onScreen(card)) {
          kept.product = since()
          save()
          break
        }
      }
    }
    // The header's cart badge: the run's cart starts empty, so a count is the tap's.
    const badge = document.querySelector('header a[href="/cart"] [data-testid="cart-badge"]')
    if (kept.added === null && badge && Number(badge.textContent) > 0) {
      kept.added = since()
      save()
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  const frame = () => {
    check()
    if (kept.product === null || kept.added === null) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

const signIn = async (context: BrowserContext, base: string) => {
  const res = await context.request.post(`${base}/_api/auth/login_with_password`, { data: CLIENT })
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`)
}

/** /products, signed in, empty cache: first product visible; first tap on "Ajouter" that works. */
async function productsRun(browser: Browser, base: string) {
  const context = await newContext(browser, base)
  try {
    await signIn(context, base)
    await context.addInitScript({ content: WATCH })
    const p = await throttledPage(context)
    const { page } = p
    await page.goto('/products', { waitUntil: 'commit' })
    const until = Date.now() + 90_000
    const state = () =>
      page.evaluate(
        () => (window as unknown as { __phone: { product: number | null; added: number | null } }).__phone,
      )
    while (Date.now() < until) {
      const s = await state().catch(() => undefined)
      if (s?.added != null) break
      const add = page.getByRole('button', { name: /^Ajouter .* au panier$/ }).first()
      if (await add.isVisible().catch(() => false)) await add.tap({ timeout: 1_000 }).catch(() => undefined)
      await page.waitForTimeout(250)
    }
    const s = await state()
    const bytes = p.counter.bytes
    await p.close()
    return { product: s.product, added: s.added, bytes }
  } finally {
    await context.close()
  }
}

/** One whole checkout in `page`: home → sign in → two items → delivery → confirmation. */
async function checkout(page: Page) {
  const started = Date.now()
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const login = page.locator('a[href="/client/login"]:visible').first()
  await login.waitFor({ state: 'visible' })
  await login.tap()
  await page.waitForURL('**/client/login')
  await page.getByLabel('Email').fill(CLIENT.email)
  await page.getByLabel('Mot de passe').fill(CLIENT.password)
  await page.getByRole('button', { name: /se connecter/i }).tap()
  await page.waitForURL((u) => !u.pathname.startsWith('/client/login'))
  // The header's links as a phone shows them (its second row; the desktop's row is hidden): a
  // tap, as a client would, never a new page load.
  await page.locator('a[href="/products"]:visible').first().tap()
  await page.waitForURL('**/products')
  const adds = page.getByRole('button', { name: /^Ajouter .* au panier$/ })
  const badge = page.getByTestId('cart-badge')
  for (const [i, want] of [
    [0, '1'],
    [1, '2'],
  ] as const) {
    await adds.nth(i).tap()
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="cart-badge"]')?.textContent === n,
      want,
    )
  }
  await badge.waitFor()
  await page.locator('a[href="/cart"]:visible').first().tap()
  await page.waitForURL('**/cart')
  const city = page.getByLabel('Ville')
  await page.waitForFunction(
    () => (document.querySelector('select[id], select') as HTMLSelectElement | null) !== null,
  )
  await city.locator('option').nth(1).waitFor({ state: 'attached' })
  await city.selectOption({ index: 1 })
  const zone = page.getByLabel('Zone')
  await zone.locator('option').nth(1).waitFor({ state: 'attached' })
  await zone.selectOption({ index: 1 })
  await page.getByLabel('Adresse de livraison').fill('Villa 12, route des Almadies')
  const confirm = page.getByRole('button', { name: 'Confirmer la commande' })
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (b) => b.textContent?.includes('Confirmer la commande') && !b.disabled,
    ),
  )
  await confirm.tap()
  await page.waitForURL(/\/order-confirmation\/\d+$/)
  await page.getByRole('heading').first().waitFor()
  // What the confirmation page still loads after its first paint.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
  return Date.now() - started
}

/** A checkout on a first visit (empty cache), then again in the same context (warm cache, signed out). */
async function checkoutRun(browser: Browser, base: string) {
  const wire = await wireCounter(base)
  const context = await newContext(browser, wire.base)
  try {
    const first = await throttledPage(context)
    const firstMs = await checkout(first.page)
    const firstWire = wire.take()
    if (process.env.PHONE_LIST === '1')
      for (const [path, bytes] of [...firstWire.byRequest].sort((a, b) => b[1] - a[1]))
        console.log(`  first visit ${path} ${bytes} (${firstWire.timesAsked.get(path) ?? 0}×)`)
    await first.close()
    await context.clearCookies()
    const second = await throttledPage(context)
    const secondMs = await checkout(second.page)
    const secondWire = wire.take()
    await second.close()
    return {
      firstBytes: firstWire.received,
      firstSent: firstWire.sent,
      firstRequests: firstWire.requests,
      firstMs,
      secondBytes: secondWire.received,
      secondRequests: secondWire.requests,
      secondMs,
      firstLargest: [...firstWire.byRequest].sort((a, b) => b[1] - a[1]).slice(0, 8),
    }
  } finally {
    await context.close()
    await wire.close()
  }
}

/**
 * Each page's title once loaded (unthrottled): a page without its own counts once. /cart as the
 * signed-in client (a visitor is sent to the sign-in page), the others as a visitor.
 */
async function titles(browser: Browser, base: string, paths: string[]) {
  const context = await newContext(browser, base)
  try {
    const page = await context.newPage()
    const seen: Record<string, string> = {}
    for (const path of paths) {
      if (path === '/cart') await signIn(context, base)
      await page.goto(path, { waitUntil: 'networkidle' })
      seen[path] = await page.title()
    }
    const values = Object.values(seen)
    const bad = paths.filter((p) => !seen[p] || values.filter((v) => v === seen[p]).length > 1)
    return { seen, bad }
  } finally {
    await context.close()
  }
}

/** The first load of / in gzipped JavaScript: the entry and its static imports (scripts/bundle-report.mjs). */
function firstLoadJs() {
  const dist = resolve(root, 'dist/client')
  const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >
  const seen = new Set<string>()
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return
    seen.add(k)
    for (const i of manifest[k].imports ?? []) walk(i)
  }
  walk(Object.keys(manifest).find((k) => manifest[k]!.isEntry) ?? '')
  return [...seen].reduce((a, k) => a + gzipSync(readFileSync(resolve(dist, manifest[k]!.file))).length, 0)
}

async function lighthouseStep(): Promise<(LighthouseResult & { label: string })[] | undefined> {
  if (process.env.PHONE_LIGHTHOUSE === '0') return undefined
  log('\n== Lighthouse (bench/lighthouse.ts)')
  const ok = await new Promise<boolean>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'bench/lighthouse.ts')], {
      stdio: 'inherit',
      env: {
        ...process.env,
        LIGHTHOUSE_LARGE: '0',
        LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? String(RUNS),
      },
    })
    child.on('error', () => done(false))
    child.on('exit', (code) => done(code === 0))
  })
  const file = resolve(resultsDir, 'lighthouse.json')
  if (!ok || !existsSync(file)) return undefined
  return (JSON.parse(readFileSync(file, 'utf8')) as { results: (LighthouseResult & { label: string })[] })
    .results
}

function git(cmd: string) {
  try {
    return execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

// ---- the run
const loadAtStart = loadavg()[0]!
log(`Étal phone bench: ${RUNS} run(s); load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores`)
const db = await prepareDatabase()
const server = await startServer(db.url)
log(`server on ${server.base} (${db.kind}, demo data + 2,000 products)`)
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const productRuns: Awaited<ReturnType<typeof productsRun>>[] = []
const checkoutRuns: (Awaited<ReturnType<typeof checkoutRun>> | null)[] = []
const notes: string[] = []
let pageTitles: Awaited<ReturnType<typeof titles>> | undefined
try {
  for (let i = 0; i < RUNS; i++) {
    const r = await productsRun(browser, server.base)
    productRuns.push(r)
    log(
      `/products run ${i + 1}: first product ${formatValue(r.product, 'ms')}, tap works ${formatValue(r.added, 'ms')}, ${formatValue(r.bytes, 'KB')}`,
    )
  }
  for (let i = 0; i < RUNS; i++) {
    try {
      const r = await checkoutRun(browser, server.base)
      checkoutRuns.push(r)
      log(
        `checkout run ${i + 1}: first visit ${formatValue(r.firstBytes, 'KB')} in ${r.firstRequests} requests (${(r.firstMs / 1000).toFixed(1)} s), second visit ${formatValue(r.secondBytes, 'KB')} in ${r.secondRequests} requests (${(r.secondMs / 1000).toFixed(1)} s)`,
      )
    } catch (err) {
      checkoutRuns.push(null)
      notes.push(`A checkout run failed: ${String(err).split('\n')[0]}`)
      log(`checkout run ${i + 1} failed: ${String(err)}`)
    }
  }
  pageTitles = await titles(browser, server.base, ['/', '/products', '/client/login', '/cart'])
} finally {
  await browser.close()
  await server.stop()
  await db.drop()
}
const lighthouse = await lighthouseStep()

const done = checkoutRuns.filter((r): r is NonNullable<typeof r> => r !== null)
const js = firstLoadJs()
const figures: PhoneFigure[] = [
  {
    key: 'products-visible',
    label: '/products: first product name and price visible',
    value: median(productRuns.map((r) => r.product)),
    runs: productRuns.map((r) => r.product),
    unit: 'ms',
    max: budgets.productPaintMs,
  },
  {
    key: 'products-tap',
    label:
      '/products: a tap on "Ajouter" works (the cart count shows it, through the form before the script)',
    value: median(productRuns.map((r) => r.added)),
    runs: productRuns.map((r) => r.added),
    unit: 'ms',
    max: budgets.productTapMs,
  },
  {
    key: 'checkout-first',
    label: 'whole checkout, first visit: bytes transferred',
    value: median(done.map((r) => r.firstBytes)),
    runs: done.map((r) => r.firstBytes),
    unit: 'KB',
    max: budgets.checkoutFirstVisitKB * 1024,
    note: done.length
      ? `${median(done.map((r) => r.firstRequests))} requests, ${((median(done.map((r) => r.firstMs)) ?? 0) / 1000).toFixed(0)} s`
      : undefined,
  },
  {
    key: 'checkout-second',
    label: 'whole checkout, second visit (warm cache): bytes transferred',
    value: median(done.map((r) => r.secondBytes)),
    runs: done.map((r) => r.secondBytes),
    unit: 'KB',
    max: budgets.checkoutSecondVisitKB * 1024,
    note: done.length
      ? `${median(done.map((r) => r.secondRequests))} requests, ${((median(done.map((r) => r.secondMs)) ?? 0) / 1000).toFixed(0)} s`
      : undefined,
  },
  {
    key: 'first-js',
    label: 'first load of /: gzipped JavaScript',
    value: js,
    unit: 'KB',
    max: budgets.firstLoadJsKB * 1024,
  },
  {
    key: 'titles',
    label: 'each page has its own <title> (/, /products, /client/login, /cart)',
    value: pageTitles ? pageTitles.bad.length : null,
    unit: 'titles',
    max: 0,
    note: pageTitles
      ? Object.entries(pageTitles.seen)
          .map(([p, t]) => `${p} "${t}"`)
          .join(', ')
      : undefined,
  },
]
// The product page (its path is the first the sitemap lists): SEO 100 as well (docs/decisions/0050).
const productPage = lighthouse?.find((x) => x.path.startsWith('/produits/'))
for (const [path, name] of [
  ['/', '/'],
  ['/products', '/products'],
  ['/client/login', '/client/login'],
  ['/cart', '/cart'],
  [productPage?.path, 'product page'],
] as const) {
  const r = path ? lighthouse?.find((x) => x.path === path) : undefined
  figures.push(
    {
      key: `lh-perf-${name}`,
      label: `Lighthouse mobile performance, ${name} (demo data)`,
      value: r ? r.score : null,
      runs: r?.runs,
      unit: 'score',
      min: 95,
    },
    {
      key: `lh-a11y-${name}`,
      label: `Lighthouse accessibility, ${name} (demo data)`,
      value: r?.accessibility ?? null,
      unit: 'score',
      min: 100,
      note: r?.accessibilityFailures?.length ? r.accessibilityFailures.join('; ') : undefined,
    },
  )
  if (name === 'product page')
    figures.push({
      key: 'lh-seo-product page',
      label: `Lighthouse SEO, ${name}${path ? ` ${path}` : ''} (demo data)`,
      value: r?.seo ?? null,
      unit: 'score',
      min: 100,
      note: r?.seoFailures?.length ? r.seoFailures.join('; ') : undefined,
    })
}
if (done[0])
  notes.push(
    `Largest transfers of a first visit's checkout, on the wire (request: bytes, all its answers): ${done[0].firstLargest.map(([path, bytes]) => `${path} ${formatValue(bytes, 'KB')}`).join(', ')}.`,
  )
notes.push(
  "Times are from the navigation's start (performance.now() in the page). The tap is retried every 250 ms on the first \"Ajouter\" button until the header's cart counts it (before the script, the tap posts the form and the page comes back counted: timed across that navigation from the first page's start); /products is opened signed in as the demo client (a visitor's tap leads to the sign-in page, not the cart).",
  "Bytes: what the server sent, counted on the wire by a relay in front of it (headers and bodies of every request: the page's, its service worker's, the browser's own such as the favicon); each step is a tap as a client's on a phone (the header's second row of links); the second visit runs in the same browser context after its cookies are cleared, so that it signs in again.",
  `Server: the production bundle on ${db.kind}, demo data and 2,000 generated products; Lighthouse runs bench/lighthouse.ts (its own server, demo data).`,
)
const section = renderPhoneSection({
  date: new Date().toISOString(),
  commit: `${git('rev-parse --short HEAD')} (${git('rev-parse --abbrev-ref HEAD')})${git('status --porcelain --untracked-files=no') ? ', with uncommitted changes' : ''}`,
  loadAverage: {
    start: loadAtStart,
    end: loadavg()[0]!,
    max: Math.max(...loads, loadavg()[0]!),
    cores: cpus().length,
  },
  runs: RUNS,
  server: `\`node dist/server/main.js\` (NODE_ENV=production) on ${db.kind}`,
  figures,
  notes,
  previous: existsSync(out) ? phoneSectionOf(readFileSync(out, 'utf8')) : undefined,
})
writeFileSync(out, withPhoneSection(existsSync(out) ? readFileSync(out, 'utf8') : '', section))
log(`\n${section}`)
log(`Wrote ${out}`)
const passed = figures.filter((f) => verdict(f) === true).length
const unmeasured = figures.filter((f) => verdict(f) === null).length
log(`${passed} of ${figures.length} figures meet their target (${unmeasured} not measured).`)
