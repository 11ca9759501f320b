import pg from 'pg'

/** Runs one statement on its own connection to the server of `base` (CREATE/DROP DATABASE cannot share a transaction). */
async function runOn(base: string, statement: string) {
  const c = new pg.Client({ connectionString: base })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

/**
 * For the tests and the bench: a brand-new database `name` on the PostgreSQL server of `base`
 * (dropped first if left over), empty, or a copy of `template` (a database nobody is connected
 * to). `throwaway`: its commits do not wait for the disk (`synchronous_commit = off`): what a
 * test checks is what other sessions see, which is the same; only a crash of the PostgreSQL
 * server itself could lose the last commits, and no test crashes the server
 * (docs/decisions/0080-ci-under-twenty-minutes.md). The bench keeps the server's own setting.
 */
export async function freshPgDatabase(
  base: string,
  name: string,
  opts: { template?: string; throwaway?: boolean } = {},
) {
  const run = (statement: string) => runOn(base, statement)
  await run(`drop database if exists ${name} with (force)`)
  await run(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`)
  if (opts.throwaway) await run(`alter database ${name} set synchronous_commit = off`)
  const u = new URL(base)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
