import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Db } from '../../src/server/db/client'
import { writeBackup } from '../../src/server/db/backup/dump'
import { TRANSIENT_TABLES, publicTables, rows } from '../../src/server/db/backup/format'
import { restoreBackup } from '../../src/server/db/backup/restore'
import {
  accountEvents,
  cashEntries,
  paymentAttempts,
  paymentEvents,
  productPhotoVariants,
  productPhotos,
  users,
} from '../../src/server/db/schema'
import { freshPgDatabase } from '../../scripts/pg-database'
import { createOrder, createProduct, createUser } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'etal-backup-'))
const file = join(dir, 'etal.etal.gz')
let t: TestApp
/** Every byte value, and more: a photo's bytes must come back exactly. */
const photoBytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(50_000)])
const dropLater: (() => Promise<void>)[] = []

/** A brand-new empty database: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
async function emptyDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) return openDatabase('memory:')
  const fresh = await freshPgDatabase(
    base,
    `etal_restore_${process.pid}_${Math.floor(Math.random() * 1e6)}`,
    { throwaway: true },
  )
  dropLater.push(fresh.drop)
  return openDatabase(fresh.url)
}

/** Every table's rows, ordered by primary key, as one JSON text each. */
async function contents(db: Db) {
  const out: Record<string, string> = {}
  for (const table of await publicTables(db)) {
    if (TRANSIENT_TABLES.has(table.name)) continue
    const order = table.key.length ? table.key.map((k) => `"${k}"`).join(', ') : 't::text'
    const [row] = await rows<{ j: string }>(
      db,
      sql.raw(
        `select coalesce(json_agg(row_to_json(t) order by ${order}), '[]')::text as j from "public"."${table.name}" t`,
      ),
    )
    out[table.name] = row!.j
  }
  return out
}

async function seedShop(db: Db) {
  const client = await createUser(db, { role: 'client' })
  const driver = await createUser(db, { role: 'delivery_driver' })
  const admin = await createUser(db, { role: 'admin' })
  await createProduct(db, { name: 'Gigot d’agneau « fermier »\nligne 2' })
  const order = await createOrder(db, { user: client, status: 'delivered', driverId: driver.id })
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      reference: 'ETAL-1-abc',
      provider: 'wave',
      countryCode: 'SN',
      amount: 5000,
      currency: 'XOF',
      expiresAt: new Date(Date.now() + 3_600_000),
      nextCheckAt: new Date(),
    })
    .returning()
  await db.insert(paymentEvents).values([
    { orderId: order.id, attemptId: attempt!.id, provider: 'wave', type: 'created' },
    { orderId: order.id, attemptId: attempt!.id, provider: 'wave', type: 'notified', detail: 'payé' },
  ])
  await db.insert(cashEntries).values({
    driverId: driver.id,
    countryId: client.countryId!,
    orderId: order.id,
    type: 'collected',
    amount: 5000,
    amountDue: 5000,
    actorId: admin.id,
  })
  await db.insert(accountEvents).values({ userId: admin.id, kind: 'two_factor_enabled' })
  await db.insert(productPhotos).values({ key: 'k-test', width: 320, height: 240 })
  await db.insert(productPhotoVariants).values({ key: 'k-test', width: 320, bytes: photoBytes })
  // A row deleted before the backup: its id is not given out again after the restore.
  const [gone] = await db
    .insert(users)
    .values({ email: 'parti@example.com', displayName: 'Parti', passwordHash: 'x', role: 'client' })
    .returning()
  await db.execute(sql`delete from users where id = ${gone!.id}`)
  return { gone: gone!.id }
}

let seeded: { gone: number }
let before: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  seeded = await seedShop(t.db)
  before = await contents(t.db)
  await writeBackup(t.deps.database, file, { photos: 'database' })
}, 180_000)

afterAll(async () => {
  await t?.close()
  for (const drop of dropLater) await drop()
  rmSync(dir, { recursive: true, force: true })
})

// Each test migrates a whole database (and the last one runs the commands as real processes, each
// loading tsx): seconds on an idle machine, and up to a minute or more on a loaded CI run, so
// their limits are generous; they bound a hang, they measure nothing.
describe('backup and restore', () => {
  it('brings every table back identical into an empty database, sequences after the backup’s ids', async () => {
    const target = await emptyDatabase()
    try {
      const summary = await restoreBackup(target, file)
      expect(summary.tables.find((x) => x.name === 'payment_events')?.count).toBe(2)
      const after = await contents(target.db)
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort())
      for (const name of Object.keys(before)) expect(after[name], name).toBe(before[name])
      const [photo] = await target.db.select().from(productPhotoVariants)
      expect(Buffer.compare(photo!.bytes, photoBytes)).toBe(0)
      // Sequences continue: a new row gets a fresh id, past the one deleted before the backup.
      const [fresh] = await target.db
        .insert(users)
        .values({ email: 'nouveau@example.com', displayName: 'Nouveau', passwordHash: 'x', role: 'client' })
        .returning()
      expect(fresh!.id).toBeGreaterThan(seeded.gone)
      const [event] = await target.db
        .insert(paymentEvents)
        .values({ orderId: (await target.db.select().from(paymentAttempts))[0]!.orderId, type: 'checked' })
        .returning()
      expect(event!.id).toBe(3)
      // The triggers are back on once the restore is over: the ledger is append-only again.
      await expect(target.db.execute(sql`update cash_entries set amount = 1`)).rejects.toThrow()
    } finally {
      await target.close()
    }
  }, 180_000)

  it('refuses a database that is not empty, and replaces it with --force', async () => {
    const target = await emptyDatabase()
    try {
      await restoreBackup(target, file)
      await target.db
        .insert(users)
        .values({ email: 'ajout@example.com', displayName: 'Ajout', passwordHash: 'x', role: 'client' })
      await expect(restoreBackup(target, file)).rejects.toThrow(/n'est pas vide.*--force/)
      await restoreBackup(target, file, { force: true })
      expect(await contents(target.db)).toEqual(before)
    } finally {
      await target.close()
    }
  }, 180_000)

  it('refuses a backup newer than the code, and a cut file leaves the database untouched', async () => {
    const [first, ...others] = gunzipSync(readFileSync(file)).toString('utf8').split('\n')
    const header = JSON.parse(first!) as [string, { migrations: unknown[] }]
    header[1].migrations.push({ tag: '9999_future', hash: 'f'.repeat(64), createdAt: 9_999_999_999_999 })
    const newer = join(dir, 'newer.etal.gz')
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...others].join('\n')))
    const cut = join(dir, 'cut.etal.gz')
    const whole = readFileSync(file)
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)))
    const target = await emptyDatabase()
    try {
      await expect(restoreBackup(target, newer)).rejects.toThrow(/plus récente que ce code.*9999_future/)
      await expect(restoreBackup(target, cut)).rejects.toThrow(/tronqué|incomplète/)
      expect(await publicTables(target.db)).toEqual([])
    } finally {
      await target.close()
    }
  }, 180_000)

  // About 15 s: it runs `npm run backup` and `npm run restore` as real processes (tsx loads the
  // server's code each time), as the owner's cron would.
  it('works from the command line on the embedded database', async () => {
    const env = { ...process.env, DATABASE_URL: `file:${join(dir, 'cli-db')}`, LOG_LEVEL: 'silent' }
    const cli = (script: string, ...args: string[]) =>
      run('npx', ['tsx', `src/server/scripts/${script}.ts`, ...args], { env }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      )
    const restored = await cli('restore', file)
    expect(restored.stdout).toMatch(/restaurée/)
    expect(restored.code).toBe(0)
    const refused = await cli('restore', file)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/La base cible n'est pas vide/)
    // Photos in a bucket: the backup says it holds the database only (the bucket is not read).
    Object.assign(env, {
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'photos-etal',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    })
    const saved = await cli('backup', join(dir, 'again.etal.gz'))
    expect(saved.code).toBe(0)
    expect(saved.stdout).toMatch(/Sauvegarde écrite/)
    expect(saved.stderr).toMatch(/bucket S3 « photos-etal ».*ne contient que la base/s)
  }, 300_000)
})
