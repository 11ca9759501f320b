import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { devices, type Browser, type BrowserContext, type Request } from 'playwright-core'
import { freshPgDatabase } from '../../scripts/pg-database'
import { loadConfig } from '../../src/server/config'
import { createDeps } from '../../src/server/deps'
import { freePort } from './bench-server'
import { resultsDir } from './datasets'
import { insertProducts } from './people'
import { CPU_SLOWDOWN, SLOW_3G } from './phone'

/**
 * What the phone bench (bench/phone.ts) runs on: a database with the demo data and 2,000 more
 * products, the production bundle on a free port, a relay counting the bytes on the wire, a
 * throttled phone's page (slow 3G, a slower CPU) and the script watching the page from its first
 * byte.
 */
const root = resolve(import.meta.dirname, '../..')
export const CLIENT = { email: 'client@etal.demo', password: 'Demo-2026!' }

/** A fresh database with the demo data and 2,000 more products (seeded here, then closed). */
export async function prepareDatabase() {
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
export async function startServer(url: string) {
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
export async function wireCounter(target: string) {
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

export const phone = devices['Pixel 5']!
export const newContext = (browser: Browser, base: string) =>
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
export async function throttledPage(context: BrowserContext) {
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { ...SLOW_3G })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const fromWorker = new Set<string>()
  const urls = new Map<string, string>()
  const counter = { bytes: 0, requests: 0, workerBytes: 0, byPath: new Map<string, number>() }
  const asked = new Map<string, string>()
  const ended = new Set<string>()
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url)
    if (e.request.method === 'GET') asked.set(e.requestId, e.request.url)
  })
  // The requests whose answer began to reach the page (its headers, as throttled).
  const answered = new Set<string>()
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker) fromWorker.add(e.requestId)
    urls.set(e.requestId, e.response.url)
    answered.add(e.requestId)
  })
  cdp.on('Network.loadingFinished', (e) => {
    ended.add(e.requestId)
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
    /**
     * The page's downloads that a navigation cut short (a tap on a link before the page's code
     * was in) before a byte of their answer reached the page, as throttled: asked for, never
     * answered nor finished (a navigation ends the old document's downloads without an event of
     * their own). One cut once its answer had begun is not among them: how much of it came is
     * not told (CDP's dataReceived carries no byte counts here), so it is counted whole.
     */
    cutShort: () =>
      [...asked]
        .filter(([id]) => !ended.has(id) && !answered.has(id) && !fromWorker.has(id))
        .map(([, url]) => ({ path: new URL(url).pathname })),
    /** How many of the page's GETs of each path finished (not answered by its service worker). */
    finishedByPath: () => {
      const n = new Map<string, number>()
      for (const [id, url] of asked)
        if (ended.has(id) && !fromWorker.has(id))
          n.set(new URL(url).pathname, (n.get(new URL(url).pathname) ?? 0) + 1)
      return n
    },
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
 * When the first product shows, it tells the bench where the first "Ajouter" is (`__phoneSaw`),
 * and when the cart first counts, that it did (`__phoneCounted`): bindings, whose calls leave the
 * page at once, so that the bench learns both without asking the page's busy main thread.
 * It looks once a frame (requestAnimationFrame, just before the frame is painted), not on every
 * change of the page: a check after each piece the parser adds forced a layout each time, work
 * the page would not otherwise do, which delayed the very paint it measures.
 */
// A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
export const WATCH = `(() => {
  const w = window
  const kept = JSON.parse(sessionStorage.getItem('__phone') || 'null') || { origin: performance.timeOrigin, product: null, added: null }
  w.__phone = kept
  const save = () => sessionStorage.setItem('__phone', JSON.stringify(kept))
  save()
  let told = false
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
    // What the eye sees once a product shows: where the first "Ajouter" is, for the finger.
    if (kept.product !== null && kept.added === null && !told && w.__phoneSaw) {
      const button = document.querySelector('[aria-label^="Ajouter "][aria-label$=" au panier"]')
      const r = button && button.getBoundingClientRect()
      if (r && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight) {
        told = true
        w.__phoneSaw(JSON.stringify({ x: r.left + r.width / 2, y: r.top + r.height / 2 }))
      }
    }
    // The header's cart badge: the run's cart starts empty, so a count is the tap's.
    const badge = document.querySelector('header a[href="/cart"] [data-testid="cart-badge"]')
    if (kept.added === null && badge && Number(badge.textContent) > 0) {
      kept.added = since()
      save()
      if (w.__phoneCounted) w.__phoneCounted('')
    }
  }
  const frame = () => {
    check()
    if (kept.product === null || kept.added === null) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

export const signIn = async (context: BrowserContext, base: string) => {
  const res = await context.request.post(`${base}/_api/auth/login_with_password`, { data: CLIENT })
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`)
}
