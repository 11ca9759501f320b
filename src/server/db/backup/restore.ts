import { sql } from 'drizzle-orm'
import type { Database, Executor } from '../client'
import {
  BackupError,
  MIGRATION_ROWS,
  TRANSIENT_TABLES,
  appliedMigrations,
  codeMigrations,
  ident,
  ownedSequences,
  publicTables,
  qualified,
  rows,
  type Header,
  type Migration,
  type SequenceState,
} from './format'
import { openBackup } from './read'

/** Rows per insert, and the JSON of one insert at most (the photos' bytes make big rows). */
const BATCH_ROWS = 1000
const BATCH_BYTES = 8 * 1024 * 1024

export type RestoreSummary = { header: Header; tables: { name: string; count: number }[] }

/**
 * Restores `file` into `database`, in one transaction: the migrations up to the backup's, every
 * row, every sequence; a failure anywhere leaves the database as it was. A database holding any
 * row is refused unless `force`, which empties its tables in that same transaction. The
 * migrations the code has beyond the backup's are applied after, as at a server's start.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  opts: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const { header, body } = await openBackup(file)
  const known = codeMigrations()
  const level = checkMigrations(header.migrations, known)
  const { db } = database
  const applied = await appliedMigrations(db)
  const existing = await publicTables(db)
  const filled = await tablesWithRows(
    db,
    existing.map((t) => t.name).filter((n) => !TRANSIENT_TABLES.has(n) && !MIGRATION_ROWS.has(n)),
  )
  if (filled.length && !opts.force) {
    throw new BackupError(
      `La base cible n'est pas vide (${filled.length} table${filled.length > 1 ? 's' : ''} avec des lignes, dont ${filled.slice(0, 3).join(', ')}) : restauration refusée. ` +
        `Restaurez dans une base neuve, ou ajoutez --force pour tout remplacer par la sauvegarde.`,
    )
  }
  if (applied.length > level) {
    throw new BackupError(
      `La base cible a déjà ${applied.length} migrations, la sauvegarde ${level} : ses tables ne sont plus celles de la sauvegarde. ` +
        `Restaurez dans une base neuve (createdb, ou un dossier PGlite qui n'existe pas encore).`,
    )
  }
  const summary = await db.transaction(async (tx) => {
    await replicaMode(tx)
    await migrateTo(tx, known.slice(applied.length, level))
    // Emptied after migrating: some migrations write rows (the shop's settings), which the
    // backup holds too; with --force, this is where the old content goes.
    const present = await publicTables(tx)
    if (present.length) {
      await tx.execute(sql.raw(`truncate table ${present.map((t) => qualified(t.name)).join(', ')}`))
    }
    const tables: RestoreSummary['tables'] = []
    let sequences: SequenceState[] = []
    let current: { name: string; columns: string[]; count: number } | undefined
    let batch: string[] = []
    let bytes = 0
    const flush = async () => {
      if (!current || batch.length === 0) return
      const cols = current.columns.map(ident).join(', ')
      const json = `[${batch.join(',')}]`
      batch = []
      bytes = 0
      await tx.execute(
        sql`${sql.raw(`insert into ${qualified(current.name)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${qualified(current.name)}, `)}${json}::json)`,
      )
    }
    const names = new Set(present.map((t) => t.name))
    for await (const line of body) {
      if (line.kind === 'row') {
        if (!current) throw new BackupError(`Sauvegarde ${file} : une ligne hors de toute table.`)
        batch.push(line.json)
        bytes += line.json.length
        current.count += 1
        if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush()
      } else if (line.kind === 'table') {
        if (!names.has(line.name)) {
          throw new BackupError(
            `La table ${line.name} de la sauvegarde n'existe pas dans la base migrée : restauration annulée.`,
          )
        }
        current = { name: line.name, columns: line.columns, count: 0 }
      } else if (line.kind === 'rows') {
        await flush()
        if (!current || current.name !== line.name || current.count !== line.count) {
          throw new BackupError(
            `Sauvegarde ${file} : la table ${line.name} n'a pas le nombre de lignes annoncé.`,
          )
        }
        tables.push({ name: current.name, count: current.count })
        current = undefined
      } else sequences = line.sequences
    }
    await resetSequences(tx, sequences)
    return { header, tables }
  })
  // The migrations this code adds to the backup's, and the SQL functions: as a server's start does.
  await database.migrate()
  return summary
}

/**
 * The backup's migrations must be this code's first ones, the same files: a backup made by a
 * newer version (a migration this code does not know) is refused. Returns how many there are.
 */
export function checkMigrations(backup: Migration[], code: Migration[]): number {
  backup.forEach((m, i) => {
    const ours = code[i]
    if (!ours || ours.createdAt !== m.createdAt) {
      throw new BackupError(
        `Cette sauvegarde vient d'une version d'Étal plus récente que ce code (migration ${m.tag ?? m.createdAt} inconnue ici) : ` +
          `mettez le code à jour (git pull, npm ci) avant de la restaurer.`,
      )
    }
    if (ours.hash !== m.hash) {
      throw new BackupError(
        `La migration ${ours.tag ?? m.createdAt} de la sauvegarde n'est pas celle de ce code (contenu différent) : restauration refusée.`,
      )
    }
  })
  return backup.length
}

async function tablesWithRows(db: Executor, names: string[]): Promise<string[]> {
  if (names.length === 0) return []
  const query = names
    .map((n) => `select ${`'${n.replace(/'/g, "''")}'`} as name where exists (select 1 from ${qualified(n)})`)
    .join(' union all ')
  return (await rows<{ name: string }>(db, sql.raw(query))).map((r) => r.name)
}

/**
 * Triggers off for this transaction: the ledgers' append-only guards would refuse the rows, the
 * rollups would count them twice, and foreign keys would depend on the tables' order.
 */
async function replicaMode(tx: Executor) {
  try {
    await tx.execute(sql`set local session_replication_role = replica`)
  } catch (err) {
    throw new BackupError(
      `Impossible de désactiver les déclencheurs pour la restauration (${(err as Error).message}). ` +
        `Lancez-la avec un superutilisateur PostgreSQL, ou accordez ce droit à l'utilisateur de la base ` +
        `(PostgreSQL 15 ou plus : GRANT SET ON PARAMETER session_replication_role TO etal).`,
    )
  }
}

/** Applies these migrations in the restore's transaction, recorded as drizzle's migrator does. */
async function migrateTo(tx: Executor, migrations: ReturnType<typeof codeMigrations>) {
  if (migrations.length === 0) return
  await tx.execute(sql`create schema if not exists drizzle`)
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  )
  for (const m of migrations) {
    for (const statement of m.sql) await tx.execute(sql.raw(statement))
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.createdAt})`,
    )
  }
}

/**
 * Each serial column's sequence continues after the backup's: from where it was (ids of rows
 * deleted before the backup are not given out again), and never below the largest id restored.
 */
async function resetSequences(tx: Executor, saved: SequenceState[]) {
  const was = new Map(saved.map((s) => [s.name, s]))
  for (const s of await ownedSequences(tx)) {
    const before = was.get(s.name)
    const used = before ? (before.isCalled ? before.lastValue : before.lastValue - 1) : 0
    const [max] = await rows<{ m: string | null }>(
      tx,
      sql.raw(`select max(${ident(s.column)})::text as m from ${qualified(s.table)}`),
    )
    const last = Math.max(used, Number(max?.m ?? 0))
    await tx.execute(
      last >= 1
        ? sql`select setval(${qualified(s.name)}::regclass, ${last}::bigint, true)`
        : sql`select setval(${qualified(s.name)}::regclass, 1, false)`,
    )
  }
}
