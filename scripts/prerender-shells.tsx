/**
 * Run by `npm run build` after `vite build`: renders the storefront's two landing pages (/ and
 * /products) as React first draws them (session and products still loading: header with its
 * spinner, skeleton cards) and writes the markup to dist/client/.vite/route-shells.json. The
 * server puts it inside #root (src/server/http/spa-pages.ts), so a phone on a slow network
 * paints the page as soon as the HTML and CSS arrive, not after the JavaScript; main.tsx then
 * replaces it with the live page once the route's code is loaded. The markup comes from the
 * same components, so it cannot drift from them.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ComponentType } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { SiteLayout } from '../src/client/app/layouts/site-layout'
import HomePage from '../src/client/features/storefront/pages/home-page'
import ProductsPage from '../src/client/features/storefront/pages/products-page'
import { createQueryClient } from '../src/client/lib/query-client'

const shells: Record<string, ComponentType> = { '/': HomePage, '/products': ProductsPage }

const dist = resolve(import.meta.dirname, '../dist/client')
if (!existsSync(resolve(dist, 'index.html'))) throw new Error('prerender-shells: run vite build first')

const out: Record<string, string> = {}
for (const [path, Page] of Object.entries(shells)) {
  out[path] = renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path={path} element={<Page />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
writeFileSync(resolve(dist, '.vite/route-shells.json'), `${JSON.stringify(out)}\n`)
console.log(
  `Pre-rendered shells: ${Object.entries(out)
    .map(([p, html]) => `${p} (${(html.length / 1024).toFixed(1)} KB)`)
    .join(', ')}`,
)
