import { rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freshPgDatabase } from '../../scripts/pg-database'
import type { DataSetSize } from '../seed-large'

export const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../results')

/**
 * A fresh, empty database for a data set: on the PostgreSQL server of DATABASE_URL a new
 * database `etal_bench_<orders>` (BENCH_DB_PREFIX to change `etal_bench`); otherwise PGlite, on disk under bench/results/ (the server,
 * in a process of its own, opens it after the seeding). `drop()` removes it afterwards.
 */
export async function freshDatabase(size: DataSetSize) {
  const base = process.env.DATABASE_URL
  if (base?.startsWith('postgres')) {
    // BENCH_DB_PREFIX: another name, for two benches on one PostgreSQL server at the same time.
    const prefix = process.env.BENCH_DB_PREFIX ?? 'etal_bench'
    if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('BENCH_DB_PREFIX: lowercase letters, digits, _')
    return { ...(await freshPgDatabase(base, `${prefix}_${size.orders}`)), kind: 'postgres' as const }
  }
  const dir = resolve(resultsDir, `db-${size.orders}`)
  rmSync(dir, { recursive: true, force: true })
  return {
    url: `file:${dir}`,
    kind: 'pglite' as const,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}
