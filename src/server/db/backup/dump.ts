import { once } from 'node:events'
import { createWriteStream, renameSync, rmSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Database } from '../client'
import {
  FORMAT,
  FORMAT_VERSION,
  TRANSIENT_TABLES,
  appliedMigrations,
  ident,
  ownedSequences,
  publicTables,
  qualified,
  rows,
  type Header,
  type SequenceState,
} from './format'

export type BackupSummary = { tables: { name: string; count: number }[]; header: Header }

/**
 * Writes every table of the public schema to `file` (format.ts), read in one read-only
 * transaction at repeatable read: one moment of the database, even while the server writes.
 * Rows are read through a cursor, a batch at a time, and streamed through gzip: a big table
 * never sits whole in memory. The file appears only once complete (written beside it, renamed).
 */
export async function writeBackup(
  database: Database,
  file: string,
  opts: { photos: Header['photos'] },
): Promise<BackupSummary> {
  const partial = `${file}.partial`
  const gzip = createGzip()
  const written = pipeline(gzip, createWriteStream(partial))
  // An error of the file (a full disk) must end the reading too, not leave it waiting for 'drain'.
  let failed: unknown
  written.catch((err: unknown) => (failed = err))
  const put = async (line: string) => {
    if (failed) throw failed
    if (!gzip.write(line + '\n')) await Promise.race([once(gzip, 'drain'), written])
  }
  try {
    const summary = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`)
      // bytea as hex (\x…) in the JSON: what json_populate_recordset reads back byte for byte.
      await tx.execute(sql`set local bytea_output = 'hex'`)
      const header: Header = {
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        source: database.kind,
        migrations: await appliedMigrations(tx),
        photos: opts.photos,
      }
      await put(JSON.stringify([FORMAT, header]))
      const tables: BackupSummary['tables'] = []
      for (const table of await publicTables(tx)) {
        if (TRANSIENT_TABLES.has(table.name)) continue
        await put(JSON.stringify(['table', { name: table.name, columns: table.columns }]))
        const order = table.key.length ? table.key.map(ident).join(', ') : `t::text`
        await tx.execute(
          sql.raw(
            `declare etal_backup no scroll cursor for select row_to_json(t)::text as j from ${qualified(table.name)} t order by ${order}`,
          ),
        )
        // Photos' bytes are large (up to hundreds of KB a row): fewer at a time.
        const batch = table.hasBytes ? 20 : 1000
        let count = 0
        for (;;) {
          const got = await rows<{ j: string }>(tx, sql.raw(`fetch forward ${batch} from etal_backup`))
          for (const r of got) await put(r.j)
          count += got.length
          if (got.length < batch) break
        }
        await tx.execute(sql`close etal_backup`)
        await put(JSON.stringify(['rows', { name: table.name, count }]))
        tables.push({ name: table.name, count })
      }
      const sequences: SequenceState[] = []
      for (const s of await ownedSequences(tx)) {
        const [state] = await rows<{ last_value: string; is_called: boolean }>(
          tx,
          sql.raw(`select last_value::text, is_called from ${qualified(s.name)}`),
        )
        sequences.push({ ...s, lastValue: Number(state!.last_value), isCalled: state!.is_called })
      }
      await put(JSON.stringify(['end', { sequences }]))
      return { tables, header }
    })
    gzip.end()
    await written
    renameSync(partial, file)
    return summary
  } catch (err) {
    gzip.destroy()
    await written.catch(() => undefined)
    rmSync(partial, { force: true })
    throw err
  }
}
