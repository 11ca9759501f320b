/**
 * npm run bench:export: the server's peak memory while it streams the CSV export of every order
 * of the 200,000-order data set (docs/rules/money.md#reports), against the "server memory < 250 MB"
 * target. Builds the data set (PostgreSQL when DATABASE_URL names it, else PGlite), starts the
 * built server as `npm start` does (--max-old-space-size=192), downloads
 * /_api/admin/orders/export as root (every country) while sampling the server's RSS every
 * 100 ms, and writes its section of bench/RESULTS.md (bench/RESULTS-pglite.md on PGlite).
 *
 * Settings: BENCH_ORDERS (default 200000), BENCH_DB_PREFIX (the PostgreSQL database's name).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../src/server/config'
import { createDeps } from '../src/server/deps'
import { login, startServer } from './lib/bench-server'
import { freshDatabase } from './lib/datasets'
import { benchEmail } from './lib/people'
import { memorySampler } from './lib/runner'
import { fullSize, seedLarge } from './seed-large'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const size = { ...fullSize, orders: Number(process.env.BENCH_ORDERS ?? fullSize.orders) }
const onPostgres = !!process.env.DATABASE_URL?.startsWith('postgres')
const out = resolve(root, onPostgres ? 'bench/RESULTS.md' : 'bench/RESULTS-pglite.md')
const LIMIT_MB = 250

const fresh = await freshDatabase(size)
const t0 = performance.now()
const seeding = await createDeps(
  loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: fresh.url, SEED_DEMO: 'false' }),
)
await seedLarge(seeding.database.db, size)
await seeding.close()
console.log(`data set built in ${((performance.now() - t0) / 1000).toFixed(0)} s`)

const server = await startServer(fresh.url, console.log)
const mem = memorySampler(server.pid)
try {
  const cookie = await login(server.base, benchEmail.root)
  const idleMb = mem.takeWindow()
  const started = performance.now()
  let firstByteMs = 0
  let bytes = 0
  let lines = 0
  // As a browser downloads it: compressed if the server chooses to, read as it comes.
  const res = await fetch(`${server.base}/_api/admin/orders/export`, { headers: { cookie } })
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`)
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByteMs) firstByteMs = performance.now() - started
    bytes += chunk.byteLength
    for (const b of chunk) if (b === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  const peakMb = mem.takeWindow()
  // Each order is one CRLF-ended line, plus the heading (a line break inside a quoted field
  // would add one: the data set has none).
  const rows = lines - 1
  const pass = peakMb < LIMIT_MB && rows === size.orders
  const section = [
    '<!-- export-memory -->',
    '## CSV export of every order (bench/export-memory.ts)',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${onPostgres ? 'PostgreSQL' : 'PGlite'}, the built server as \`npm start\` runs it (\`--max-old-space-size=192\`). Root downloads \`GET /_api/admin/orders/export\` (no filter: every order of every country), read as it arrives; the server's RSS is sampled every 100 ms (docs/rules/money.md#reports: batches of 1,000 orders written to the reply as they are read).`,
    '',
    '| orders | rows in the file | bytes (UTF-8, uncompressed) | first byte | whole file | server RSS before | server peak RSS during | target < 250 MB |',
    '|---|---|---|---|---|---|---|---|',
    `| ${size.orders.toLocaleString('en')} | ${rows.toLocaleString('en')} | ${(bytes / 1048576).toFixed(1)} MB | ${firstByteMs.toFixed(0)} ms | ${seconds.toFixed(1)} s | ${idleMb.toFixed(0)} MB | ${peakMb.toFixed(0)} MB | **${pass ? 'pass' : 'fail'}** |`,
    '<!-- /export-memory -->',
  ].join('\n')
  console.log(section)
  const before = (() => {
    try {
      return readFileSync(out, 'utf8')
    } catch {
      return ''
    }
  })()
  const marked = /<!-- export-memory -->[\s\S]*?<!-- \/export-memory -->/
  writeFileSync(
    out,
    marked.test(before) ? before.replace(marked, section) : `${before.trimEnd()}\n\n${section}\n`,
  )
} finally {
  mem.stop()
  await server.stop()
  await fresh.drop()
}
