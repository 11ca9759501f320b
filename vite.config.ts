import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { preactAliases } from './scripts/preact-alias'
import { routePreloads } from './scripts/route-preloads'

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(fileURLToPath(new URL('./src/client/app/router.tsx', import.meta.url))),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
  },
  // The server's entry (`npm run build:ssr`) bundles the libraries that render (React Router,
  // TanStack Query…) so that they too render with Preact, as the browser does (docs/decisions/0023).
  ssr: { noExternal: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    reportCompressedSize: false,
  },
  server: { proxy: { '/_api': 'http://localhost:3000' } },
})
