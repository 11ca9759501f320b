/**
 * npm run bench:lighthouse: Lighthouse (mobile preset; performance, accessibility and SEO) on /,
 * /products, /client/login, /cart and the first product page the sitemap lists, of the built client
 * (run `npm run build` first), served by the app in production mode on an in-memory PGlite:
 * once with the demo data, once more for /products with a catalogue of 2,000 products.
 * Prints a table and writes bench/results/lighthouse.json.
 *
 * Settings (environment): LIGHTHOUSE_RUNS (runs per page, median kept; default 3),
 * LIGHTHOUSE_LARGE=0 (skip the 2,000-product catalogue), LIGHTHOUSE_SAVE=dir (keep each
 * run's full Lighthouse report there), CHROMIUM_PATH.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { createApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { createDeps } from '../src/server/deps'
import { resultsDir } from './lib/datasets'
import { lighthouseTable, runLighthouse, type LighthouseResult } from './lib/lighthouse'
import { insertProducts } from './lib/people'

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const large = process.env.LIGHTHOUSE_LARGE !== '0'
const root = resolve(import.meta.dirname, '..')
if (!existsSync(resolve(root, 'dist/client/index.html'))) {
  console.error('No built client: run `npm run build` first.')
  process.exit(1)
}

/** The app as production serves it (cache headers, compression), on a fresh in-memory database. */
async function serve(seedDemo: boolean, products = 0) {
  const deps = await createDeps(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'memory:',
      SEED_DEMO: String(seedDemo),
    }),
  )
  if (products > 0) {
    const countries = (await deps.database.db.execute(
      sql`select id from countries order by id`,
    )) as unknown as { rows: { id: number }[] }
    await deps.database.db.transaction((tx) =>
      insertProducts(
        tx,
        products,
        countries.rows.map((c) => c.id),
      ),
    )
  }
  const app = await createApp(deps)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return { url, close: async () => (await app.close(), await deps.close()) }
}

const results: (LighthouseResult & { label: string })[] = []
const demo = await serve(true)
try {
  console.log(`Lighthouse (mobile preset, ${runs} run(s) per page) on the demo data`)
  // A product's own page (docs/decisions/0050): the first the sitemap lists, as a crawler finds it.
  const sitemap = await (await fetch(`${demo.url}/sitemap.xml`)).text()
  const productPage = /<loc>[^<]*?(\/produits\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  if (!productPage) throw new Error('the sitemap lists no product page')
  for (const r of await runLighthouse(demo.url, ['/', '/products', '/client/login', '/cart', productPage], {
    runs,
    log: console.log,
  }))
    results.push({ ...r, label: `${r.path === productPage ? 'product page' : r.path} (demo data)` })
} finally {
  await demo.close()
}
if (large) {
  const big = await serve(false, 2_000)
  try {
    console.log('Lighthouse on /products with 2,000 products')
    for (const r of await runLighthouse(big.url, ['/products'], { runs, log: console.log }))
      results.push({ ...r, label: `${r.path} (2,000 products)` })
  } finally {
    await big.close()
  }
}

console.log(`\n${lighthouseTable(results)}\n`)
for (const r of results) if (r.flagged?.length) console.log(`${r.label}: ${r.flagged.join('; ')}`)
mkdirSync(resultsDir, { recursive: true })
const out = resolve(resultsDir, 'lighthouse.json')
writeFileSync(
  out,
  JSON.stringify(
    { date: new Date().toISOString(), preset: 'mobile (Lighthouse default, simulated throttling)', results },
    null,
    2,
  ),
)
console.log(`Wrote ${out}`)
