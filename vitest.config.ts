import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    // The files are named by the two projects below (an array here would be merged into both).
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
    projects: [
      {
        extends: true,
        // The API files share each worker's modules (`isolate: false`): each builds its own app,
        // deps and database (tests/setup/test-app.ts) and nothing of the server keeps state at a
        // module's top level but what every app shares alike (the argon2 queue, the parsed
        // templates). The server's graph is then loaded once a worker instead of once a file:
        // 30 API files took 91 s instead of 144 s on the idle 2-core machine (bench/RESULTS.md).
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        // Unit and component files stay isolated: some mock a module or install fake timers.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/client/**/*.test.tsx'] },
      },
    ],
  },
})
