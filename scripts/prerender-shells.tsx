/**
 * Run by `npm run build` after the client's and the server's builds (`vite build`, `vite build
 * --ssr`): renders every page of src/shared/pages.ts as React first draws it (session and data
 * still loading: header with its spinner, the page's skeleton or its form, a guarded page's
 * spinner) and writes the markup to dist/client/.vite/route-shells.json. The server puts it
 * inside #root (src/server/web/pages.ts), so a phone on a slow network paints the page as
 * soon as the HTML and CSS arrive, not after the JavaScript; main.tsx then hydrates it, the
 * page's own part once its lazy code is in. The markup is the app's own tree, rendered by the
 * server's entry (src/client/ssr/entry.tsx: the same routes, providers and StrictMode as main.tsx,
 * through React Router's <StaticRouter>), so it cannot drift from the components, and React can take it
 * over as it is (docs/decisions/0012, 0020). / and /products are rendered again at request time
 * with their products (src/server/web/first-pages.ts); these shells serve when that cannot be.
 * A page with a parameter gets one shell for every value, drawn at a sample URL (`sample`) and
 * without a query string: a page reads its URL through src/client/lib/page-url.ts, which gives
 * nothing in the shell nor in the render that hydrates it, so the sample shows nowhere and the
 * markup matches at any real URL (docs/rules/phones-offline.md#phone-first-load).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RenderEntry } from '../src/shared/first-page'
import { pagePaths } from '../src/shared/pages'

const dist = resolve(import.meta.dirname, '../dist')
if (!existsSync(resolve(dist, 'client/index.html'))) throw new Error('prerender-shells: run vite build first')
const server = resolve(dist, 'ssr/entry.js')
if (!existsSync(server)) throw new Error('prerender-shells: run npm run build:ssr first')
const { entry } = (await import(pathToFileURL(server).href)) as { entry: RenderEntry }

/** '/admin/orders/:orderId' → '/admin/orders/0': a URL the route matches. */
const sample = (path: string) => path.replace(/:[^/]+/g, '0')

const out: Record<string, string> = {}
for (const path of pagePaths) out[path] = await entry.renderShell(sample(path))
writeFileSync(resolve(dist, 'client/.vite/route-shells.json'), `${JSON.stringify(out)}\n`)
console.log(
  `Pre-rendered shells: ${Object.entries(out)
    .map(([p, html]) => `${p} (${(html.length / 1024).toFixed(1)} KB)`)
    .join(', ')}`,
)
