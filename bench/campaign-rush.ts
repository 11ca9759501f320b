/**
 * npm run bench:campaign-rush: the Tabaski rush against the built server (docs/rules/campaigns.md
 * #the-rush and #instalments, decision 0066), on PGlite, or on PostgreSQL when DATABASE_URL names
 * one (a fresh database, BENCH_DB_PREFIX as bench/lib/datasets.ts says):
 * (a) RUSH_CLIENTS (100) signed-in clients reserve the last animal at the same instant, RUSH_ROUNDS
 *     (5) times: exactly one gets it, the others read the French 409, no 5xx;
 * (b) RUSH_PAYERS (50) payers start an instalment through one reservation's pay link at the same
 *     instant, then all pay at the provider at once (the payments fake notifies, the shop asks its
 *     status query), RUSH_PAY_ROUNDS (3) times: the balance never below 0, what the reservation
 *     records is exactly what was accepted, every franc over flagged to give back.
 * Each compared with the same call alone (RUSH_ALONE, 20, one at a time). The server runs as
 * `npm start` runs it (`npm run build` first; else the sources through tsx, said in the report).
 * Writes its section into bench/RESULTS.md (PostgreSQL) or bench/RESULTS-pglite.md (PGlite), or
 * RUSH_OUT; exits 1, after writing it, when a rule is broken.
 */
import { execSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverCommand, startServer } from './lib/bench-server'
import { freshDatabase } from './lib/datasets'
import { readBooks } from './lib/rush-check'
import { booksBroken, noServerError, renderRush, withRushSection, type RushReport } from './lib/rush-report'
import { payRush, reserveRush } from './lib/rush-runs'
import { rushClient, seedRush, staffCalls, startProviders } from './lib/rush-setup'
import { fullSize } from './seed-large'

const env = process.env
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback)
const CLIENTS = num('RUSH_CLIENTS', 100)
const PAYERS = num('RUSH_PAYERS', 50)
const ROUNDS = num('RUSH_ROUNDS', 5)
const PAY_ROUNDS = num('RUSH_PAY_ROUNDS', 3)
const ALONE = num('RUSH_ALONE', 20)
// 60 000 F of deposit (30 %), then 50 × 3 000 F on the 140 000 F left: 10 000 F over, by design.
const PRICE = 200_000
const AMOUNT = 3_000

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const onPostgres = !!env.DATABASE_URL?.startsWith('postgres')
const out = env.RUSH_OUT ?? resolve(root, onPostgres ? 'bench/RESULTS.md' : 'bench/RESULTS-pglite.md')
const sh = (cmd: string) => {
  try {
    return execSync(cmd, { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}
const uptimeAtStart = sh('uptime')
const loads = [loadavg()[0]!]
setInterval(() => loads.push(loadavg()[0]!), 1_000).unref()
const built = existsSync(resolve(root, 'dist/server/main.js'))
if (!built) console.log('No built server (`npm run build`): the sources run through tsx, slower.')

// The rush's own database: reference data, staff and clients, no orders.
const fresh = await freshDatabase({ ...fullSize, orders: 0 })
const seeded = await seedRush(fresh.url, Math.max(CLIENTS, 1))
const providers = await startProviders()
const server = await startServer(fresh.url, console.log, providers.serverEnv)
providers.listen(server.base)
const http = rushClient(server.base, Math.max(CLIENTS, PAYERS) + 8)
const staff = staffCalls(http, seeded.staff)
const broken: string[] = []
let reserve: Awaited<ReturnType<typeof reserveRush>>
let pay: Awaited<ReturnType<typeof payRush>>
try {
  console.log(`(a) ${CLIENTS} clients on the last animal, ${ROUNDS} rounds`)
  reserve = await reserveRush(http, staff, seeded.clients, { rounds: ROUNDS, aloneCount: ALONE }, broken)
  console.log(`(b) ${PAYERS} payers on one balance, ${PAY_ROUNDS} rounds`)
  pay = await payRush(
    http,
    staff,
    seeded.clients[0]!,
    providers.fake,
    providers.notified,
    { rounds: PAY_ROUNDS, payers: PAYERS, aloneCount: ALONE, price: PRICE, amount: AMOUNT },
    broken,
  )
} finally {
  http.close()
  // It waits for the confirmations it started before it exits.
  await server.stop()
  await providers.fake.close()
}
const books = await readBooks(fresh.url, reserve.animalIds, pay.reservationIds)
await fresh.drop()

// Each round brings more than is left (the default figures): paid off, the rest flagged back.
const overEach = Math.max(0, pay.deposit + PAYERS * AMOUNT - PRICE)
const bookErrors = books.books.flatMap((b, i) => booksBroken(b, i > 0 && overEach > 0))
const animalErrors = books.animals
  .filter((a) => a.reservations !== 1 || a.status !== 'held')
  .map((a) => `animal ${a.id}: ${a.reservations} reservations, ${a.status}`)
const reserveBroken = broken.filter((b) => b.startsWith('reserve'))
const payBroken = broken.filter((b) => !b.startsWith('reserve') && !b.startsWith('a notification'))
const notifyBroken = broken.filter((b) => b.startsWith('a notification'))
const rushed = books.books.slice(1)
const over = rushed.reduce((n, b) => n + b.flaggedBack, 0)
const rules: RushReport['rules'] = [
  {
    rule: `(a) of ${CLIENTS} clients at once, exactly one gets the last animal; the others read 409 « Cet animal vient d’être réservé par un autre client. Choisissez-en un autre. »`,
    measured: `${ROUNDS} rounds: ${reserve.rush.statusCodes['200'] ?? 0} got it, ${reserve.rush.statusCodes['409'] ?? 0} told (of ${ROUNDS * (CLIENTS - 1)})`,
    ok: reserveBroken.length === 0 && reserve.rush.statusCodes['200'] === ROUNDS,
  },
  {
    rule: '(a) every request answered, no 5xx',
    measured: Object.entries(reserve.rush.statusCodes)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', '),
    ok: noServerError(reserve.rush) && noServerError(reserve.alone),
  },
  {
    rule: '(a) in the database after the run: one reservation per animal, the animal held',
    measured: `${books.animals.length} animals: ${animalErrors.length ? animalErrors.join('; ') : 'one reservation each, held'}`,
    ok: animalErrors.length === 0 && books.animals.length === ROUNDS,
  },
  {
    rule: `(b) ${PAYERS} instalments at once, each within the balance when asked: all started, no 5xx`,
    measured: Object.entries(pay.rush.statusCodes)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', '),
    ok: pay.rush.statusCodes['200'] === PAY_ROUNDS * PAYERS && noServerError(pay.rush),
  },
  {
    rule: '(b) the pay link, read every 10 ms: the balance never below 0, never more paid than the total, what was paid never going back',
    measured: payBroken.length ? `${payBroken.length} broken` : 'held at every read',
    ok: payBroken.length === 0,
  },
  {
    rule: '(b) in the database after the run: every paid attempt counted, what the reservation records = what was accepted (brought − flagged back), never past its total; each rushed one paid off',
    measured: `${books.books.length} reservations, ${books.books.reduce((n, b) => n + b.paidAttempts, 0)} paid attempts; ${over.toLocaleString('en')} F flagged back over ${rushed.length} rounds (${(overEach * PAY_ROUNDS).toLocaleString('en')} F expected)`,
    ok: bookErrors.length === 0 && rushed.length === PAY_ROUNDS && over === overEach * PAY_ROUNDS,
  },
  {
    rule: '(b) the shop answers every notification 200',
    measured: `${pay.notifications.n} notifications: ${Object.entries(pay.notifications.statusCodes)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', ')}`,
    ok: notifyBroken.length === 0,
  },
]
const cpu = cpus()
const section = renderRush({
  date: new Date().toISOString(),
  commit: `${sh('git rev-parse --short HEAD')} (${sh('git rev-parse --abbrev-ref HEAD')})${sh("git status --porcelain --untracked-files=no -- . ':!bench/RESULTS*.md'") ? ', with uncommitted changes' : ''}`,
  machine: `${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}`,
  database: onPostgres ? 'PostgreSQL' : 'PGlite, the default database',
  server: `\`node ${serverCommand()
    .map((a) => a.replace(`${root}/`, ''))
    .join(' ')}\` (NODE_ENV=production), Wave configured for Sénégal at its fake`,
  load: { start: uptimeAtStart, end: sh('uptime'), max: Math.max(...loads), cores: cpu.length },
  reserve,
  pay,
  rules,
  broken: [...broken, ...animalErrors, ...bookErrors],
})
writeFileSync(out, withRushSection(existsSync(out) ? readFileSync(out, 'utf8') : '', section))
console.log(`\n${section}\nWrote ${out}`)
const failed = rules.filter((r) => !r.ok)
if (failed.length) {
  console.error(`\nCAMPAIGN RUSH BROKEN: ${failed.map((r) => r.rule).join(' / ')}`)
  for (const b of [...broken, ...animalErrors, ...bookErrors]) console.error(`  - ${b}`)
  process.exit(1)
}
process.exit(0)
