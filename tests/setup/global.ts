import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import { seed } from '../../src/server/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and holding the reference data (tests/setup/test-app.ts). */
    pgliteTemplate: string
  }
}

/**
 * Once per run: an embedded database migrated from drizzle/ with the reference data, saved as a
 * data-directory archive. Every test file's in-memory database starts from it instead of running
 * initdb, eleven migrations and the reference seed again (about 3 s a file on a loaded machine,
 * 0.8 s from the archive). The migrations still run in each file, and find nothing left to do.
 */
export default async function setup(project: TestProject) {
  // On PostgreSQL every file makes its own database (scripts/pg-database.ts): no template.
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const database = openDatabase('memory:')
  await database.migrate()
  await seed(database.db, loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory:', SEED_DEMO: 'false' }))
  const archive = await database.dumpDataDir!()
  await database.close()
  const dir = join(tmpdir(), `etal-test-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, 'pglite-template.tar')
  writeFileSync(path, Buffer.from(await archive.arrayBuffer()))
  project.provide('pgliteTemplate', path)
  return () => rmSync(dir, { recursive: true, force: true })
}
