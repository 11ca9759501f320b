import type { Alias } from 'vite'

/**
 * The browser runs the app's React code on Preact (preact/compat): the same components, hooks
 * and libraries, with a renderer of about 10 KB gzip instead of React DOM's 62 KB, which is
 * what keeps a phone's first load under 100 KB of JavaScript (docs/decisions/0023). The code is
 * written and type-checked against React's API; these aliases swap the runtime, in the build
 * (vite.config.ts) and in the component tests (vitest.config.ts), so both run the same renderer.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]
