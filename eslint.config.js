import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The import boundaries (docs/architecture.md "The layers"): shared imports neither side, client
// and server never import each other, a client feature reaches another only through its
// components/ (or the piece moves to lib/). The feature rule works on resolved paths, so a
// relative import ('../../admin-orders/api/orders-api') is caught like an aliased one.
// One import style (docs/architecture.md "The layers"): a module of the same folder or its parent
// by a relative path, anything further by the @/ alias (src/...).
const farRelative = {
  group: ['../../*'],
  message: 'Beyond the parent folder, import by the @/ alias (@/shared/…, @/client/…, @/server/…).',
}
const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { paths, patterns: [...patterns, farRelative] }],
})
// A page is hydrated from the build's shell, drawn at a sample URL: its URL's inputs are read
// through lib/page-url.ts, which gives none until the markup is taken over (docs/rules/phones-offline.md#phone-first-load).
const urlInputs = {
  name: 'react-router',
  importNames: ['useParams', 'useSearchParams'],
  message:
    'Read the URL through usePageParams or usePageSearch (@/client/lib/page-url): the page hydrates a shell drawn at another URL.',
}
const features = readdirSync('src/client/features')
const featureZones = features.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`, ...features.filter((f) => f !== feature).map((f) => `./${f}/components`)],
  message: 'Use another feature only through its components/, or move the piece to lib/.',
}))

// The server's layers (docs/architecture.md "The layers"): services/ sit above http/ (the kernel)
// and db/; nothing below them imports them. web/ (the pages) sits on services/ as api/ does.
const serverLayerZones = [
  {
    target: ['./src/server/http/**', './src/server/db/**'],
    from: './src/server/services',
    message: 'http/ and db/ sit below services/: move the piece down, or call it from api/.',
  },
  {
    target: './src/server/services/**',
    from: [
      './src/server/api',
      './src/server/web',
      './src/server/app.ts',
      './src/server/deps.ts',
      './src/server/seed',
    ],
    message:
      'services/ sit below api/, web/, the app, its dependencies and the seed: pass what they need in, or move the piece down.',
  },
  {
    target: ['./src/server/db/**', './src/server/runtime/**'],
    from: './src/server/http',
    message: 'db/ and runtime/ sit below http/ (the kernel): move the piece down.',
  },
  {
    target: './src/server/http/**',
    from: './src/server/web',
    message: 'http/ (the kernel) sits below web/ (the pages): move the piece down.',
  },
]
const clientLayerZones = [
  {
    target: ['./src/client/lib/**', './src/client/components/**'],
    from: './src/client/features',
    message: 'lib/ and components/ sit below the features: move the piece down, or pass it in.',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'coverage', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...Object.fromEntries(
        Object.entries(importX.flatConfigs.typescript.settings).filter(([k]) => k !== 'import-x/resolver'),
      ),
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, ...serverLayerZones, ...clientLayerZones] },
      ],
      // An import cycle makes module order matter and hides a missing layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        group: ['@/server/*', '@/client/*', '**/server/**', '**/client/**'],
        message: 'shared/ imports neither side.',
      },
      {
        group: ['node:*', 'fs', 'path', 'crypto', 'react', 'react-dom'],
        message: 'shared/ uses no Node or DOM APIs.',
      },
    ]),
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      ...restrict(
        [
          {
            group: ['@/server/*', '**/server/**', 'node:*'],
            message: 'The client never imports the server.',
          },
          {
            group: [
              '@/client/features/*/*',
              '!@/client/features/*/components',
              '!@/client/features/*/components/*',
            ],
            message: 'Use another feature only through its components/, or move the piece to lib/.',
          },
        ],
        [urlInputs],
      ),
    },
  },
  {
    // A feature's field is marked invalid by the kit, never by hand: FormField (a react-hook-form
    // field), Field and FieldGroup link their controls (docs/architecture.md "How to add a page").
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='aria-invalid']",
          message:
            'Set no aria-invalid by hand: put the control in a FormField (or Field, FieldGroup), which marks it invalid with its error.',
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict([
        {
          group: ['@/client/*', '**/client/**', 'react', 'react-dom'],
          message: 'The server never imports the client.',
        },
      ]),
      // The outside services' fakes (dev/fakes) are loaded at run time outside production
      // (src/server/dev-fakes.ts), never bundled: the server names their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dev/*', '**/dev/**'],
              allowTypeImports: true,
              message: 'The fakes are never in the server: load them with loadPaymentFakes (dev-fakes.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['dev/**'],
    rules: restrict([
      {
        group: ['@/*', '**/src/**'],
        message:
          'A fake is written from its provider’s documentation: it imports none of the shop’s code (it would agree with our mistakes).',
      },
    ]),
  },
)
