import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { createApp } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import { TEST_TOTP_DRIFT } from '../two-factor'
import { createDeps } from '../../src/server/deps'
import { freshPgDatabase } from '../../scripts/pg-database'

/**
 * The whole API in-process on a fresh database: PGlite in memory, or with TEST_DATABASE_URL a
 * brand-new database on that PostgreSQL server. Migrated from drizzle/, reference data loaded
 * (both start from the run's template: tests/setup/global.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: { write(line: string): void }
    clientDist?: string
    /** Start-up work between building the app and its being ready (tests/api/overload.test.ts). */
    beforeReady?: () => Promise<void>
  } = {},
) {
  const base = process.env.TEST_DATABASE_URL
  let url = 'memory:'
  let dropDb: (() => Promise<void>) | undefined
  if (base) {
    const fresh = await freshPgDatabase(
      base,
      `etal_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
      // The run's migrated database (tests/setup/global.ts); commits not waiting for the disk.
      { template: inject('pgTemplate') || undefined, throwaway: true },
    )
    url = fresh.url
    dropDb = fresh.drop
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    // Generous per-IP limits: every injected request comes from one address. Tests of the limits set their own.
    REGISTER_PER_HOUR: '10000',
    CONTACT_PER_10_MINUTES: '10000',
    VOUCHER_REDEEM_PER_MINUTE: '10000',
    RESET_PER_IP: '10000',
    CONFIRM_LINK_PER_MINUTE: '10000',
    // Staff sign in many times a minute here: a wider authenticator window, each step still taken once.
    TOTP_DRIFT_STEPS: String(TEST_TOTP_DRIFT),
    // Tests write products straight to the database, which only the cache's TTL would notice;
    // tests of the storefront cache turn it on (tests/api/storefront-cache.test.ts).
    STOREFRONT_CACHE_MS: '0',
    // Same reason: answers kept until the next API write would miss the factories' rows.
    PGLITE_READ_CACHE: 'false',
    ...env,
  })
  const deps = await createDeps(config, url === 'memory:' ? { template: template() } : {})
  const app = await createApp(deps, opts)
  await opts.beforeReady?.()
  await app.ready()
  return {
    app,
    db: deps.database.db,
    deps,
    config,
    async close() {
      await app.close()
      await deps.close()
      await dropDb?.()
    },
  }
}

let templateBlob: Blob | undefined
/** The run's migrated database (tests/setup/global.ts), read once per test file. */
function template() {
  templateBlob ??= new Blob([readFileSync(inject('pgliteTemplate'))])
  return templateBlob
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
