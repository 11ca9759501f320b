import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import { seed } from '../../src/server/seed'
import { freshPgDatabase } from '../../scripts/pg-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and holding the reference data (tests/setup/test-app.ts). */
    pgliteTemplate: string
    /** On PostgreSQL: the database, migrated and holding the reference data, each file's is a copy of. */
    pgTemplate: string
  }
}

/**
 * Once per run: a database migrated from drizzle/ with the reference data, which every test
 * file's own database starts from. On PostgreSQL (TEST_DATABASE_URL), a template database each
 * file's is created from (`create database … template …`, 0.1 s instead of 0.7 s of migrations
 * and seed on the idle machine: docs/decisions/0080-ci-under-twenty-minutes.md). Otherwise, an embedded database migrated from drizzle/ with the reference data, saved as a
 * data-directory archive. Every test file's in-memory database starts from it instead of running
 * initdb, eleven migrations and the reference seed again (about 3 s a file on a loaded machine,
 * 0.8 s from the archive). The migrations still run in each file, and find nothing left to do.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL
  if (base) {
    project.provide('pgliteTemplate', '')
    const template = await freshPgDatabase(base, `etal_template_${process.pid}`)
    const database = openDatabase(template.url)
    try {
      await database.migrate()
      await seed(
        database.db,
        loadConfig({ NODE_ENV: 'test', DATABASE_URL: template.url, SEED_DEMO: 'false' }),
      )
    } finally {
      await database.close()
    }
    project.provide('pgTemplate', `etal_template_${process.pid}`)
    return () => template.drop()
  }
  project.provide('pgTemplate', '')
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
