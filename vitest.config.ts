import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { preactAliases } from './scripts/preact-alias'

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The component tests render with Preact, as the browser does (scripts/preact-alias.ts).
      ...preactAliases,
      { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' },
      // As ES modules: under Node these packages resolve to CommonJS builds that would require
      // React itself, out of the aliases' reach.
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
      {
        find: /^lucide-react$/,
        replacement: fileURLToPath(
          new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url),
        ),
      },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/setup/global.ts'],
    // A cheap argon2 under test only (src/server/services/passwords.ts).
    env: { ETAL_ARGON2_COST: 'test' },
    // The libraries that import React are transformed by Vitest, so the aliases reach them too.
    server: {
      deps: {
        inline: [
          /@testing-library/,
          /@tanstack\/react-query/,
          /react-router/,
          /radix/,
          /sonner/,
          /react-hook-form/,
          /@hookform/,
          /lucide-react/,
        ],
      },
    },
  },
})
