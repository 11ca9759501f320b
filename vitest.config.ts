import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (vitest's default leaves one core idle: a single worker on 2 cores).
    // Each file has its own database (an in-memory PGlite, or its own PostgreSQL database) and
    // free ports: files share nothing. The whole suite ran in 5.7 min instead of about 13.
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/setup/global.ts'],
    // A cheap argon2 under test only (src/server/services/people/passwords.ts).
    env: { ETAL_ARGON2_COST: 'test' },
  },
})
