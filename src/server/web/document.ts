/**
 * The HTML document of every page, written in one place: the server's pages (web/pages.ts) and
 * the index.html Vite builds from (the `etalDocument` plugin in vite.config.ts: the service
 * worker's offline app and the development server) are both this document. Pure: no Node API, so
 * that the Vite config can import it.
 */

/** An element of the head, as data. */
type HeadTag = { tag: 'meta' | 'link'; attrs: Record<string, string> }

/** The site's description, the head's unless a page says its own (a product's page). */
export const SITE_DESCRIPTION =
  'Étal, votre boucherie en ligne : viande fraîche au kilo ou à la pièce, livrée dans votre quartier.'

/**
 * Every page reads the session first: asked for with the HTML, not after the scripts; the app's
 * read takes this answer (docs/rules/phones-offline.md, "The session asked with the page"). Not
 * in a page that holds its session already (a visitor's rendered page).
 */
const sessionPreload: HeadTag = {
  tag: 'link',
  attrs: { rel: 'preload', href: '/_api/auth/session', as: 'fetch', crossorigin: 'anonymous' },
}

/** What every page's head holds before its own: encoding, viewport, icons, manifest, the session's read. */
export const siteHead: readonly HeadTag[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' } },
  { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
  // The brand's colour (styles.css), also the web app manifest's (web/site-files.ts).
  { tag: 'meta', attrs: { name: 'theme-color', content: '#8f1d2c' } },
  { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' } },
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' } },
  sessionPreload,
]

/**
 * Without script, what only the script makes work is hidden (`data-needs-script`: a spinner that
 * would never end, a stepper whose choice is not posted): docs/rules/catalogue.md#before-the-script.
 */
export const NO_SCRIPT_STYLE =
  '<noscript><style>[data-needs-script]{display:none!important}</style></noscript>'

export const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

const tagHtml = ({ tag, attrs }: HeadTag) =>
  `<${tag}${Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('')} />`

/** A linked stylesheet, a module script, a module preload: as Vite writes them, `crossorigin`. */
export const stylesheetLink = (href: string) =>
  `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`
export const moduleScript = (src: string) =>
  `<script type="module" crossorigin src="${escapeHtml(src)}"></script>`
export const modulePreload = (href: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`

export type DocumentParts = {
  /** The tab's title, whole ('Produits · Étal'). */
  title: string
  /** The page's description (search engines, link previews); the site's by default. */
  description?: string
  /** The page's own head, after the site's: its stylesheet, its code. HTML. */
  head?: readonly string[]
  /** The markup of #root (a pre-rendered page), HTML; `inert` until the code has hydrated it. */
  root?: { html: string; inert: boolean }
  /**
   * What comes first in the body, before #root: the early script of a page that acts before its
   * code (web/early-script.ts), there so that it listens before the page's first paint. HTML.
   */
  beforeRoot?: readonly string[]
  /** What follows #root in the body: the page's data, its scripts. HTML. */
  afterRoot?: readonly string[]
  /** The page's data holds its session (a visitor's rendered page): no read of it to start. */
  sessionInPage?: boolean
}

/** The document: the site's head and the page's, then #root and what follows it. */
export function pageDocument({
  title,
  description = SITE_DESCRIPTION,
  head = [],
  root,
  beforeRoot = [],
  afterRoot = [],
  sessionInPage = false,
}: DocumentParts): string {
  return [
    '<!doctype html>',
    '<html lang="fr">',
    '  <head>',
    ...siteHead.filter((t) => !(sessionInPage && t === sessionPreload)).map((t) => `    ${tagHtml(t)}`),
    `    ${tagHtml({ tag: 'meta', attrs: { name: 'description', content: description } })}`,
    `    <title>${escapeHtml(title)}</title>`,
    `    ${NO_SCRIPT_STYLE}`,
    ...head.map((h) => `    ${h}`),
    '  </head>',
    '  <body class="bg-stone-50 text-stone-900 antialiased">',
    ...beforeRoot.map((h) => `    ${h}`),
    `    <div id="root"${root?.inert ? ' inert' : ''}>${root?.html ?? ''}</div>${afterRoot.join('\n    ')}`,
    '  </body>',
    '</html>',
    '',
  ].join('\n')
}
