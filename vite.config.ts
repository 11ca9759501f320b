import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appShell } from './scripts/pwa-shell.ts'
import { shopChunk } from './scripts/shop-chunk.ts'
import { documentTitle, pageTitles } from './src/shared/pages.ts'
import { pageDocument } from './src/server/web/document.ts'

const clientDist = fileURLToPath(new URL('./dist/client', import.meta.url))

/**
 * index.html is the document every page of the server is (src/server/web/document.ts), around
 * the entry's script that src/client/index.html declares: the development server's page, and
 * the built one the service worker opens offline.
 */
const etalDocument = (): Plugin => ({
  name: 'etal-document',
  transformIndexHtml: {
    order: 'pre',
    handler: (entry) => pageDocument({ title: documentTitle(pageTitles['/']), afterRoot: [entry.trim()] }),
  },
})

export default defineConfig(({ isSsrBuild, command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    etalDocument(),
    // The service worker (src/client/sw.ts → /sw.js) and its precache list (docs/decisions/0021).
    // Registered by the app itself (src/client/lib/service-worker.ts); the manifest is the server's.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script, as the app registers it: the plugin's default ('es') builds it with
        // Rolldown's deprecated `inlineDynamicImports` and Vite warns at every build
        // (vite-plugin-pwa issue 912, still open). Same code, inside `(function(){ … })()`.
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'offline.html', 'assets/*.{js,css}'],
        // Named by their content: fetched as they are, from the browser's cache if it has them.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [appShell(clientDist)],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package names only its development build, warnings and all, whatever the
      // mode (react-router issue 14753); a build takes the production one it ships beside it
      // (docs/decisions/0059). The development server and the component tests keep the warnings.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    reportCompressedSize: false,
    // The browser's chunks (docs/rules/phones-offline.md#phone-first-load): the small modules of
    // our own and the icons that a client's first order needs beyond the first load, in one
    // chunk instead of one request each (scripts/shop-chunk.ts). The group takes only the modules
    // it names (`includeDependenciesRecursively: false`): the first load's stay where they are.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: shopChunk(fileURLToPath(new URL('.', import.meta.url))),
                  // Its label in the bundler's timing report (a group named by a function has none).
                  debugName: 'catalogue-and-shop',
                },
              ],
            },
          },
        },
    modulePreload: {
      // The one stylesheet is the entry's, and every page has it already: inlined in the page the
      // server sends, or linked by index.html. Left in a lazy page's dependencies, the browser
      // would download it again on the first navigation (docs/decisions/0028).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !dep.endsWith('.css')),
    },
  },
  server: { proxy: { '/_api': 'http://127.0.0.1:3000' } },
}))
