import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'

/** A column of a bulk insert: its SQL name and type (enums included, e.g. 'order_status'). */
export type Column = readonly [name: string, type: string]

/**
 * Inserts many rows in one statement per chunk: the rows travel as one JSON parameter and
 * `json_to_recordset` unpacks them in the database. No limit of 65,535 parameters, no
 * statement per row; the same SQL on PGlite and PostgreSQL.
 */
export async function bulkInsert(
  db: Executor,
  table: string,
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
  chunk = 20_000,
) {
  const names = columns.map(([n]) => n).join(', ')
  const defs = columns.map(([n, t]) => `${n} ${t}`).join(', ')
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk))
    await db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${json}::json) as x(${sql.raw(defs)})`,
    )
  }
}

/** A small seeded PRNG (mulberry32): the same data set at every run. */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** An integer in [0, n). */
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  }
}

/** Runs a step and prints how long it took. */
export async function timed<T>(
  label: string,
  step: () => Promise<T>,
  log: (line: string) => void = console.log,
): Promise<T> {
  const start = performance.now()
  const result = await step()
  log(`  ${label.padEnd(42)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s`)
  return result
}

export const firstNames = [
  'Awa',
  'Moussa',
  'Fatou',
  'Ibrahima',
  'Aminata',
  'Oumar',
  'Mariam',
  'Seydou',
  'Khadija',
  'Mamadou',
  'Aïssatou',
  'Cheikh',
  'Binta',
  'Abdoulaye',
  'Ndeye',
  'Boubacar',
  'Rokia',
  'Souleymane',
  'Coumba',
  'Lamine',
]
export const lastNames = [
  'Diallo',
  'Ndiaye',
  'Traoré',
  'Keïta',
  'Sow',
  'Diop',
  'Ba',
  'Fall',
  'Camara',
  'Coulibaly',
  'Touré',
  'Cissé',
  'Sylla',
  'Konaté',
  'Sarr',
  'Kone',
  'Ouédraogo',
  'Mbaye',
  'Barry',
  'Gueye',
]
