import pg from 'pg'

/** For the tests and the bench: a brand-new, empty database `name` on the PostgreSQL server of `base` (dropped first if left over). */
export async function freshPgDatabase(base: string, name: string) {
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    try {
      await c.query(statement)
    } finally {
      await c.end()
    }
  }
  await run(`drop database if exists ${name} with (force)`)
  await run(`create database ${name}`)
  const u = new URL(base)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
