/**
 * Builds the benchmark data set into a fresh database:
 *   npx tsx bench/seed-large.ts [--orders 200000] [--products 2000] [--clients 50000] [--contacts 10000] [--url URL]
 * The URL defaults to DATABASE_URL, else a PGlite file under bench/results/. Prints timings.
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../src/server/db/client'
import { seedReference } from '../src/server/seed/reference'
import { hashPassword } from '../src/server/services/people/passwords'
import { timed } from './lib/bulk'
import { insertOrders } from './lib/orders-gen'
import { BENCH_PASSWORD, insertContactMessages, insertPeople, insertProducts, loadPlaces } from './lib/people'

export type DataSetSize = { orders: number; products: number; clients: number; contacts: number }
export const fullSize: DataSetSize = { orders: 200_000, products: 2_000, clients: 50_000, contacts: 10_000 }

let hashOnce: Promise<string> | undefined

/**
 * Loads the data set into a migrated database that holds reference data only (it refuses a
 * database that already has users). Every user gets the same argon2 hash of BENCH_PASSWORD.
 */
export async function seedLarge(db: Db, size: DataSetSize, log: (line: string) => void = console.log) {
  const counted = (await db.execute(sql`select count(*)::int as n from users`)) as unknown as {
    rows: { n: number }[]
  }
  const n = counted.rows[0]?.n ?? 0
  if (n > 0) throw new Error('seed-large needs a fresh database (this one already has users).')
  const started = performance.now()
  log(
    `Data set: ${size.orders} orders, ${size.products} products, ${size.clients} clients, ${size.contacts} contact messages`,
  )
  await timed('reference data (18 countries)', () => seedReference(db), log)
  const passwordHash = await timed(
    'one argon2 hash for every user',
    () => (hashOnce ??= hashPassword(BENCH_PASSWORD)),
    log,
  )
  const places = await loadPlaces(db)
  const countryIds = [...new Set(places.map((p) => p.countryId))]
  const products = await timed(
    `${size.products} products`,
    () => db.transaction((tx) => insertProducts(tx, size.products, countryIds)),
    log,
  )
  const people = await timed(
    `${size.clients} clients, staff, drivers`,
    () => db.transaction((tx) => insertPeople(tx, size.clients, countryIds, passwordHash)),
    log,
  )
  const totals = await timed(
    `${size.orders} orders, lines, events, points`,
    () => db.transaction((tx) => insertOrders(tx, size.orders, { places, products, ...people })),
    log,
  )
  log(`    (${totals.items} order lines, ${totals.events} events, ${totals.loyalty} loyalty transactions)`)
  // The bulk load ran with triggers off (orders-gen.ts): the dashboards' rollups are built once.
  await timed('dashboard rollups', () => db.execute(sql`select etal_rebuild_rollups()`), log)
  await timed(`${size.contacts} contact messages`, () => insertContactMessages(db, size.contacts), log)
  // As autovacuum leaves a table in service: statistics, and the visibility map index-only scans need.
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`), log)
  log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return { clients: people.clients, products }
}

function parseArgs(argv: string[]) {
  const size = { ...fullSize }
  let url = process.env.DATABASE_URL ?? ''
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--url' && value) url = value
    else if (flag && value && flag.slice(2) in size && Number.isInteger(Number(value)))
      size[flag.slice(2) as keyof DataSetSize] = Number(value)
    else throw new Error(`unknown option ${flag ?? ''}`)
  }
  return { size, url: url || `file:./bench/results/db-${size.orders}` }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { size, url } = parseArgs(process.argv.slice(2))
  const database = openDatabase(url)
  console.log(`Database: ${url.replace(/\/\/[^@]*@/, '//…@')}`)
  await timed('migrations', () => database.migrate())
  await seedLarge(database.db, size)
  await database.close()
}
