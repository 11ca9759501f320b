import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  documentTitle,
  matchPage,
  NOT_FOUND_TITLE,
  pagePaths,
  pageTitles,
  type PagePath,
} from '@/shared/pages'
import { pickEncoding, type Encoding } from '../services/storefront-cache'

/**
 * A page as sent: its status (404 for a URL no page has), its bytes in each encoding, compressed
 * once at start-up, and its ETag; for a page with an inline script, that script's CSP hash
 * (script-src is 'self' only).
 */
export type SpaPage = { status: 200 | 404; etag: string; body: Record<Encoding, Buffer>; scriptHash?: string }

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
function pageOf(html: string, scriptHash?: string, status: SpaPage['status'] = 200): SpaPage {
  const identity = Buffer.from(html)
  return {
    status,
    ...(scriptHash && { scriptHash }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    body: {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    },
  }
}

/**
 * Sends a page with its status: compressed in the best encoding the client accepts (the
 * not-found handler that serves the SPA is no route, so @fastify/compress never sees it), 304
 * when the client's copy of a found page is current.
 */
export function sendPage(req: FastifyRequest, reply: FastifyReply, page: SpaPage) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
  const csp = reply.getHeader('content-security-policy')
  if (page.scriptHash && typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace(/(script-src[^;]*)/, `$1 '${page.scriptHash}'`))
  }
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.status(304).send()
  const encoding = pickEncoding(req.headers['accept-encoding'])
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.status(page.status).send(page.body[encoding])
}

/**
 * The script that starts a pre-rendered page's code: the entry and the modulepreloads, requested
 * once the browser reports the shell's first contentful paint (two animation frames where it
 * cannot), so that the first paint depends on the HTML alone, for the browser and for
 * Lighthouse's estimate of it (docs/decisions/0012). A tab in the background paints nothing:
 * there, and in any case after two seconds, the code is requested at once.
 */
function loaderScript(entry: string, preloads: string[]) {
  return [
    `(function(){var d=document,h=d.head,done=0,P=window.PerformanceObserver;`,
    `function add(t,a){var e=d.createElement(t),k;e.crossOrigin='';for(k in a)e[k]=a[k];h.appendChild(e)}`,
    `function go(){if(done)return;done=1;add('script',{type:'module',src:${JSON.stringify(entry)}});`,
    `${JSON.stringify(preloads)}.forEach(function(f){add('link',{rel:'modulepreload',href:f})})}`,
    `if(d.visibilityState!=='visible')return go();`,
    `d.addEventListener('visibilitychange',go);setTimeout(go,2000);`,
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)`,
    `new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true});`,
    `else requestAnimationFrame(function(){requestAnimationFrame(go)})})()`,
  ].join('')
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** The HTML with the page's own title (the browser's tab, before the code sets it itself). */
const withTitle = (html: string, title: string) =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`)

/**
 * The SPA's page for each URL, built once at start-up. The pages are those of
 * src/shared/pages.ts, the list the client's router is made of: a URL one of them matches is
 * 200 with that page's title; any other is 404 with the app (whose router then shows its Not
 * Found page). Two tables the build writes add to a page:
 * - `.vite/route-preloads.json` (scripts/route-preloads.ts): modulepreload links for the lazy
 *   chunk of the route, so the page's code downloads alongside the entry instead of after it;
 * - `.vite/route-shells.json` (scripts/prerender-shells.tsx): the page as React first draws it,
 *   put inside #root so a phone paints it as soon as the HTML is in, before the JavaScript. #root
 *   is `inert` (neither clickable nor read out) until main.tsx has hydrated it. Its stylesheet is
 *   inlined: a separate request would hold that first paint back by a round trip; its code is
 *   requested after that paint (loaderScript).
 * A build without the tables gets the plain index.html, titled, for every page. Each page has an
 * ETag, so a returning visitor revalidates it for a few bytes (docs/decisions/0010).
 */
export function spaPages(clientDist: string, indexHtml: string): (url: string) => SpaPage {
  const notFound = pageOf(withTitle(indexHtml, NOT_FOUND_TITLE), undefined, 404)
  const preloads = readJson<Record<string, string[]>>(resolve(clientDist, '.vite/route-preloads.json')) ?? {}
  const shells = readJson<Record<string, string>>(resolve(clientDist, '.vite/route-shells.json')) ?? {}
  const root = '<div id="root"></div>'
  const built = indexHtml.includes('</head>') && indexHtml.includes(root)
  const cssLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(indexHtml)
  const inlineCss = (html: string) => {
    const file = cssLink && resolve(clientDist, cssLink[1]!)
    return file && existsSync(file)
      ? html.replace(
          cssLink[0],
          () => `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`,
        )
      : html
  }
  const entryScript = /\s*<script type="module" crossorigin src="(\/[^"]+)"><\/script>/.exec(indexHtml)
  const headPreloads = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g)]
  const pageFor = (path: PagePath): SpaPage => {
    const titled = withTitle(indexHtml, pageTitles[path])
    if (!built) return pageOf(titled)
    const files = preloads[path] ?? []
    const shell = shells[path]
    const withShell = (html: string, script = '') =>
      inlineCss(
        html.replace(
          root,
          () => `<div id="root" inert>${shell}</div>${script && `\n    <script>${script}</script>`}`,
        ),
      )
    if (shell && entryScript) {
      // A pre-rendered page: its code is requested once the shell is painted (loaderScript).
      let html = titled.replace(entryScript[0], '')
      for (const link of headPreloads) html = html.replace(link[0], '')
      const script = loaderScript(entryScript[1]!, [...headPreloads.map((l) => l[1]!), ...files])
      const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`
      return pageOf(withShell(html, script), hash)
    }
    const html = titled.replace(
      '</head>',
      `${files.map((f) => `  <link rel="modulepreload" crossorigin href="${f}">\n`).join('')}  </head>`,
    )
    return pageOf(shell ? withShell(html) : html)
  }
  const pages = new Map(pagePaths.map((path) => [path, pageFor(path)]))
  return (url) => {
    const path = matchPage(url)
    return (path && pages.get(path)) ?? notFound
  }
}
