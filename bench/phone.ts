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
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import budgets from '../scripts/budgets.json' with { type: 'json' }
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium'
import { resultsDir } from './lib/datasets'
import type { LighthouseResult } from './lib/lighthouse'
import {
  median,
  phoneSectionOf,
  renderPhoneSection,
  verdict,
  withPhoneSection,
  formatValue,
  type PhoneFigure,
} from './lib/phone'

const root = resolve(import.meta.dirname, '..')
const RUNS = Number(process.env.PHONE_RUNS ?? 3)
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

import { newContext, prepareDatabase, signIn, startServer } from './lib/phone-setup'
import { checkoutRun, productsRun } from './lib/phone-runs'

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
      `/products run ${i + 1}: first product ${formatValue(r.product, 'ms')}, tap works ${formatValue(r.added, 'ms')} (${r.taps} tap${r.taps === 1 ? '' : 's'}), ${formatValue(r.bytes, 'KB')}`,
    )
  }
  for (let i = 0; i < RUNS; i++) {
    try {
      const r = await checkoutRun(browser, server.base)
      checkoutRuns.push(r)
      log(
        `checkout run ${i + 1}: first visit ${formatValue(r.firstBytes, 'KB')} in ${r.firstRequests} requests (${(r.firstMs / 1000).toFixed(1)} s), second visit ${formatValue(r.secondBytes, 'KB')} in ${r.secondRequests} requests (${(r.secondMs / 1000).toFixed(1)} s); first visit's downloads cut short by a tap: ${r.firstCut}, ${formatValue(r.firstNotReceived, 'KB')} the server wrote but the phone never received`,
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
      "/products: a tap on 'Ajouter' works (the cart count shows it, posted by the page's early script before the app's code runs)",
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
      ? `${median(done.map((r) => r.firstRequests))} requests, ${((median(done.map((r) => r.firstMs)) ?? 0) / 1000).toFixed(0)} s; downloads a tap cut short counted as far as they came, ${formatValue(median(done.map((r) => r.firstNotReceived)), 'KB')} less than the server wrote`
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
  "Times are from the navigation's start (performance.now() in the page). The tap is a finger's: a press and release at the centre of the first \"Ajouter\" the moment the first product shows (the page tells the bench through a CDP binding), again every second until the header's cart counts it (before the app's code runs, the page's early script, first in the body, posts the form and redraws the count: decisions 0083, 0089). Not Playwright's tap(), whose checks on the page's busy main thread added about 0.4 s an attempt (decision 0088), nor CDP's touch, which Chromium holds until the renderer's next frame (0.25 to 0.45 s here: decision 0089); /products is opened signed in as the demo client (a visitor's tap leads to the sign-in page, not the cart).",
  "Bytes: what the server sent, counted on the wire by a relay in front of it (headers and bodies of every request: the page's, its service worker's, the browser's own such as the favicon), but a download of the page that a tap on a link cut short (the pages work before their code is in) as far as the phone received it (CDP, throttled); each step is a tap as a client's on a phone (the header's second row of links); the second visit runs in the same browser context after its cookies are cleared, so that it signs in again.",
  `Server: the production bundle on ${db.kind}, demo data and 2,000 generated products; Lighthouse runs bench/lighthouse.ts (its own server, demo data).`,
)
const indexes = (lighthouse ?? []).flatMap((r) => (r.benchmarkIndex ? [r.benchmarkIndex] : []))
if (indexes.length)
  notes.push(
    `This machine's speed as Lighthouse measures it (its benchmarkIndex, median of the kept runs): ${median(indexes)}. Lighthouse's simulated slowdown multiplies the machine's own main-thread time, so its scores (and this bench's CPU-bound times) compare only between machines of a like index.`,
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
