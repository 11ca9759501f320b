/**
 * Run by `npm run build` after `vite build`: renders the storefront's two landing pages (/ and
 * /products) as React first draws them (session and products still loading: header with its
 * spinner, skeleton cards) and writes the markup to dist/client/.vite/route-shells.json. The
 * server puts it inside #root (src/server/http/spa-pages.ts), so a phone on a slow network
 * paints the page as soon as the HTML and CSS arrive, not after the JavaScript; main.tsx then
 * hydrates it once the route's code is loaded. The markup is the app's own tree (the same
 * routes, providers and StrictMode as main.tsx, through React Router's static handler), so it
 * cannot drift from the components, and React can take it over as it is (docs/decisions/0012).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { Providers } from '../src/client/app/providers'
import { routes } from '../src/client/app/router'

const paths = ['/', '/products']

const dist = resolve(import.meta.dirname, '../dist/client')
if (!existsSync(resolve(dist, 'index.html'))) throw new Error('prerender-shells: run vite build first')

const handler = createStaticHandler(routes)
const out: Record<string, string> = {}
for (const path of paths) {
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`prerender-shells: ${path} answered ${context.status}`)
  // renderToString, not renderToStaticMarkup: hydration needs its markers between adjacent texts.
  out[path] = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    </StrictMode>,
  )
}
writeFileSync(resolve(dist, '.vite/route-shells.json'), `${JSON.stringify(out)}\n`)
console.log(
  `Pre-rendered shells: ${Object.entries(out)
    .map(([p, html]) => `${p} (${(html.length / 1024).toFixed(1)} KB)`)
    .join(', ')}`,
)
