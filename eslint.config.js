import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The import boundaries of DESIGN.md: shared imports neither side, client and server never
// import each other, a client feature reaches another only through components/ or lib/.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

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
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      { group: ['@/server/*', '@/client/*', '**/server/**', '**/client/**'], message: 'shared/ imports neither side.' },
      { group: ['node:*', 'fs', 'path', 'crypto', 'react', 'react-dom'], message: 'shared/ uses no Node or DOM APIs.' },
    ]),
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      ...restrict([
        { group: ['@/server/*', '**/server/**', 'node:*'], message: 'The client never imports the server.' },
        {
          group: ['@/client/features/*/*', '!@/client/features/*/components', '!@/client/features/*/components/*'],
          message: 'Use another feature only through its components/, or move the piece to lib/.',
        },
      ]),
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['@/client/*', '**/client/**', 'react', 'react-dom'], message: 'The server never imports the client.' }]),
  },
)
