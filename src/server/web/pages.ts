import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  documentTitle,
  matchPage,
  NOT_FOUND_TITLE,
  pagePaths,
  pages,
  pageTitles,
  type PagePath,
} from '@/shared/pages'
import { pickEncoding, type Encoding } from '../services/catalogue/storefront-cache'
import { clientBuild, readManifest } from './client-build'
import { modulePreload, moduleScript, pageDocument, stylesheetLink } from './document'
import { earlyScript } from './early-script'

/**
 * A page as sent: its status (404 for a URL no page has), its bytes in each encoding, compressed
 * once: at start-up in production (no visitor waits for it), else when first sent in that
 * encoding (brotli at 11 takes about 90 ms a page, 5 s for the 58 shells at each start of a test's
 * app, which sends a handful of them), and its ETag; for a page with an inline script, that script's CSP hash
 * (script-src is 'self' only).
 */
export type SpaPage = {
  status: 200 | 404
  etag: string
  body: Record<Encoding, Buffer>
  /** The CSP hashes of its inline scripts (`sha256-…`), added to the answer's script-src. */
  scriptHashes?: readonly string[]
  /** Rendered for the caller's catalogue country (web/first-pages.ts): varies with its cookies. */
  perCaller?: true
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
function pageOf(
  html: string,
  {
    scriptHashes,
    status = 200,
    eager,
  }: { scriptHashes?: readonly string[]; status?: SpaPage['status']; eager: boolean },
): SpaPage {
  const identity = Buffer.from(html)
  let gzip: Buffer | undefined
  let br: Buffer | undefined
  const body: SpaPage['body'] = {
    identity,
    get gzip() {
      return (gzip ??= gzipSync(identity, { level: 9 }))
    },
    get br() {
      return (br ??= brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }))
    },
  }
  // Reading both compresses them now.
  if (eager) Object.values(body)
  return {
    status,
    ...(scriptHashes && { scriptHashes }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    body,
  }
}

/**
 * A page built at request time (web/first-pages.ts), compressed in the thread pool rather than
 * on the event loop, once: the page is then kept until its data changes. Brotli at quality 10:
 * on the home page of the demo (92 KB) 14.3 KB in about 43 ms, where 9 gave 15.1 KB in 96 ms
 * and 11 gave 14.0 KB in 99 ms (docs/rules/phones-offline.md#phone-first-load).
 */
export async function pageOfAsync(html: string, scriptHashes?: readonly string[]): Promise<SpaPage> {
  const identity = Buffer.from(html)
  const [gzip, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ])
  return {
    status: 200,
    perCaller: true,
    ...(scriptHashes && { scriptHashes }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    body: { identity, gzip, br },
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
    .header('cache-control', page.perCaller ? 'private, no-cache' : 'no-cache')
    .header('etag', page.etag)
    .header('vary', page.perCaller ? 'accept-encoding, cookie' : 'accept-encoding')
  const csp = reply.getHeader('content-security-policy')
  if (page.scriptHashes && typeof csp === 'string') {
    const hashes = page.scriptHashes.map((h) => `'${h}'`).join(' ')
    reply.header('content-security-policy', csp.replace(/(script-src[^;]*)/, `$1 ${hashes}`))
  }
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.status(304).send()
  const encoding = pickEncoding(req.headers['accept-encoding'])
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.status(page.status).send(page.body[encoding])
}

/** An inline script's CSP hash (`sha256-…`, base64), as script-src names it. */
const scriptHash = (script: string) => `sha256-${createHash('sha256').update(script).digest('base64')}`
/** The early script is the same on every page: hashed once, not on each page drawn. */
const EARLY_SCRIPT_HASH = scriptHash(earlyScript)

/**
 * The script that starts a pre-rendered page's code: the entry and the modulepreloads, requested
 * once the browser reports the shell's first contentful paint (two animation frames where it
 * cannot), so that the first paint depends on the HTML alone, for the browser and for
 * Lighthouse's estimate of it (docs/decisions/0012). A tab in the background paints nothing:
 * there, and in any case after two seconds, the code is requested at once. The preloads are
 * added three per task: on a phone's CPU each added request costs a few milliseconds, and the
 * fifteen of a page in one task blocked input for about 45 ms (docs/decisions/0028).
 */
function loaderScript(entry: string, preloads: string[]) {
  return [
    `(function(){var d=document,h=d.head,done=0,P=window.PerformanceObserver;`,
    `function add(t,a){var e=d.createElement(t),k;e.crossOrigin='';for(k in a)e[k]=a[k];h.appendChild(e)}`,
    `function go(){if(done)return;done=1;add('script',{type:'module',src:${JSON.stringify(entry)}});more(${JSON.stringify(preloads)})}`,
    `function more(l){l.slice(0,3).forEach(function(f){add('link',{rel:'modulepreload',href:f,fetchPriority:'low'})});if(l.length>3)setTimeout(function(){more(l.slice(3))},0)}`,
    `if(d.visibilityState!=='visible')return go();`,
    `d.addEventListener('visibilitychange',go);setTimeout(go,2000);`,
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)`,
    `new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true});`,
    `else requestAnimationFrame(function(){requestAnimationFrame(go)})})()`,
  ].join('')
}

/**
 * The SPA's page for each URL, built once at start-up. The pages are those of
 * src/shared/pages.ts, the list the client's router is made of: a URL one of them matches is
 * 200 with that page's title; any other is 404 with the app (whose router then shows its Not
 * Found page). Each is the one document of web/document.ts, with what the build made for it:
 * - from Vite's manifest (web/client-build.ts): the entry, its stylesheet, and the chunks of the
 *   page's module (the page table's `module`), preloaded so the page's code downloads alongside
 *   the entry instead of after it;
 * - from `.vite/route-shells.json` (scripts/prerender-shells.tsx): the page as React first draws
 *   it, put inside #root so a phone paints it as soon as the HTML is in, before the JavaScript.
 *   #root is `inert` (neither clickable nor read out) until main.tsx has hydrated it (a page the
 *   server renders at its own URL is not: web/first-pages.ts). Its
 *   stylesheet is inlined: a separate request would hold that first paint back by a round trip;
 *   its code is requested after that paint (loaderScript).
 * Before a build, a page is its title and an empty #root (in production, a line saying to build).
 * Each page has an ETag, so a returning visitor revalidates it for a few bytes (docs/decisions/0010).
 */
export function spaPages(clientDist: string, options?: { production?: boolean }): (url: string) => SpaPage {
  return createSpaPages(clientDist, options).pageFor
}

/**
 * A page of src/shared/pages.ts with `root` as the markup of #root and `afterRoot` right after
 * it (the server-rendered pages: web/first-pages.ts); the same head, title, inlined stylesheet
 * and loader script as the build's pre-rendered shells.
 */
export type PageFrame = (
  path: PagePath,
  root: string,
  afterRoot: string,
  /** What the page says of itself, when it is one thing's page (a product's: web/product-head.ts). */
  own?: OwnHead,
  /** Its data holds its session (a visitor's page, src/client/ssr/entry.tsx): not read to start. */
  sessionInPage?: boolean,
  /**
   * It acts before its script runs (docs/rules/catalogue.md#before-the-script): its links, and
   * "Ajouter"'s forms, which post to the server; not inert. A shell drawn at another URL is.
   */
  live?: boolean,
) => { html: string; scriptHashes?: readonly string[] }

/** A page's own title, description and head elements (HTML, escaped by their writer). */
export type OwnHead = { title: string; description: string; head: readonly string[] }

/** spaPages, and the frame the server-rendered pages are put in. */
export function createSpaPages(
  clientDist: string,
  { production = false }: { production?: boolean } = {},
): {
  pageFor: (url: string) => SpaPage
  frame: PageFrame
  /** A page of the table as its shell, with a head of its own (a campaign's: web/campaign-head.ts). */
  withHead: (path: PagePath, own: OwnHead) => Promise<SpaPage>
} {
  const manifest = readManifest(clientDist)
  const build = manifest && clientBuild(manifest, pages)
  const shells = readJson<Record<string, string>>(resolve(clientDist, '.vite/route-shells.json')) ?? {}
  const unbuilt = production ? '<p>Client non construit : lancez npm run build.</p>' : ''
  /** The stylesheet, inlined (`data-href` names its file: the service worker caches it from there). */
  const inlineCss = (build?.stylesheets ?? []).flatMap((href) => {
    const file = resolve(clientDist, href.slice(1))
    if (!existsSync(file)) return []
    const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')
    return [`<style data-href="${href}">${css}</style>`]
  })
  /** A page whose code loads from its head, as Vite writes it: the app draws it once that code has run. */
  const plain = (path: PagePath | null) =>
    pageDocument({
      title: documentTitle(path ? pageTitles[path] : NOT_FOUND_TITLE),
      head: build
        ? [
            moduleScript(build.entry),
            ...[...build.entryImports, ...(path ? build.pageChunks(path) : [])].map(modulePreload),
            ...build.stylesheets.map(stylesheetLink),
          ]
        : [],
      root: { html: build ? '' : unbuilt, inert: false },
    })
  /** A page whose #root holds markup: inlined stylesheet, code requested after the first paint. */
  const frame: PageFrame = (path, inner, afterRoot, own, sessionInPage, live = false) => {
    const title = own?.title ?? documentTitle(pageTitles[path])
    const description = own?.description
    const ownHead = own?.head ?? []
    if (!build)
      return {
        html: pageDocument({
          title,
          description,
          head: ownHead,
          root: { html: inner, inert: false },
          afterRoot: [afterRoot],
          sessionInPage,
        }),
      }
    // A page drawn at its own URL can be tapped before its code runs: its "Ajouter" is caught
    // early (web/early-script.ts), by a script first in the body, listening before the page
    // paints (a tap while the rest of the HTML arrives would otherwise post the form the
    // browser's way); the loader stays after #root and the page's data, which its code reads.
    const loader = loaderScript(build.entry, [...build.entryImports, ...build.pageChunks(path)])
    const scriptHashes = live ? [EARLY_SCRIPT_HASH, scriptHash(loader)] : [scriptHash(loader)]
    const html = pageDocument({
      title,
      description,
      head: [
        ...ownHead,
        ...(inlineCss.length === build.stylesheets.length
          ? inlineCss
          : build.stylesheets.map(stylesheetLink)),
      ],
      root: { html: inner, inert: !live },
      beforeRoot: live ? [`<script>${earlyScript}</script>`] : [],
      afterRoot: [afterRoot, `<script>${loader}</script>`],
      sessionInPage,
    })
    return { html, scriptHashes }
  }
  const pageFor = (path: PagePath): SpaPage => {
    const shell = build ? shells[path] : undefined
    if (shell === undefined) return pageOf(plain(path), { eager: production })
    const framed = frame(path, shell, '')
    return pageOf(framed.html, { scriptHashes: framed.scriptHashes, eager: production })
  }
  const withHead = (path: PagePath, own: OwnHead) => {
    const framed = frame(path, (build ? shells[path] : undefined) ?? '', '', own)
    return pageOfAsync(framed.html, framed.scriptHashes)
  }
  const notFound = pageOf(plain(null), { status: 404, eager: production })
  const byPath = new Map(pagePaths.map((path) => [path, pageFor(path)]))
  return {
    pageFor: (url) => {
      const path = matchPage(url)
      return (path && byPath.get(path)) ?? notFound
    },
    frame,
    withHead,
  }
}
