import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isShopper } from '@/shared/domain/roles'
import {
  CATALOGUE_COOKIE,
  CATALOGUE_COOKIE_MAX_AGE,
  FIRST_PAGE_DATA_ID,
  holdsSession,
  parseCountryId,
  type FirstPageCatalogue,
  type RenderEntry,
} from '@/shared/first-page'
import type { PagePath } from '@/shared/pages'
import type { FirstPageAnswer, PublicProduct } from '@/shared/schemas/storefront'
import { parseProductSegment, productPath, productSlug } from '@/shared/product-links'
import { firstPagePaths } from '@/shared/drawn-pages'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AppDeps } from '../http/define-endpoint'
import { currentUser } from '../http/auth-context'
import { LRUCache } from 'lru-cache'
import { pageOfAsync, type PageFrame, type SpaPage } from './pages'
import { earlyCartTemplate } from './early-script'
import { productHead } from './product-head'
import { publicOrigin } from './site-files'
import { activeCountries, catalogueAnswer, storefrontAnswer } from '../services/catalogue/storefront'
import type { CachedAnswer } from '../services/catalogue/storefront-cache'

type Country = Awaited<ReturnType<typeof activeCountries>>['countries'][number]
export type Entry = RenderEntry<FirstPageAnswer, Country, PublicProduct>

/** The pages rendered at each request with their data (docs/decisions/0020). */
export const FIRST_PAGES = firstPagePaths
type FirstPagePath = (typeof FIRST_PAGES)[number]
export const isFirstPage = (path: PagePath | null): path is FirstPagePath =>
  (FIRST_PAGES as readonly (PagePath | null)[]).includes(path)

/**
 * The server-side entry: the build's (dist/ssr/entry.js, `vite build --ssr`), or outside
 * production without a build, the source itself (tsx and Vitest compile it), so that the dev
 * server and the API tests render as the built server does. None: pages are served as before.
 * The path is computed so that the server's own bundle (esbuild) leaves the client out.
 */
export async function loadRenderEntry(root: string, production: boolean): Promise<Entry | undefined> {
  const built = resolve(root, 'dist/ssr/entry.js')
  const source = resolve(root, ['src', 'client', 'ssr', 'entry.tsx'].join('/'))
  const file = existsSync(built) ? built : !production && existsSync(source) ? source : undefined
  if (!file) return undefined
  const mod = (await import(pathToFileURL(file).href)) as { entry: Entry }
  return mod.entry
}

/** Every answer a page was rendered from: the page holds as long as each is the same object. */
type Kept = { inputs: CachedAnswer[]; page: Promise<SpaPage> }

/**
 * / and /products rendered with the catalogue of the caller's country (docs/decisions/0020): a
 * signed-in client's own, else the visitor's choice (its cookie), else every country's, as the
 * page shows before a choice. The page is the same for every caller of one (path, country,
 * client or not): it holds nothing of the session (the header, the name, the cart are drawn by
 * the browser), so it is kept, and served with its ETag and compressed forms, until one of the
 * storefront answers it was made from changes: a catalogue write here or on another instance
 * drops them (services/catalogue/storefront-cache.ts), and the next request renders it again.
 */
export function createFirstPages(deps: AppDeps, entry: Entry, frame: PageFrame) {
  // The counted cart link the early script draws from (web/early-script.ts), after #root.
  const cartTemplate = earlyCartTemplate(entry.cartLink(1))
  // One page per (path, country, kind of caller): 2 × (the active countries + 'all') × 3, a few
  // hundred at most; the bound is a guard, the least recently served out first.
  const kept = new LRUCache<string, Kept>({ max: 500 })
  const { db } = deps.database
  const cache = deps.storefrontCache

  async function render(
    path: FirstPagePath,
    catalogue: FirstPageCatalogue,
    countries: Country[],
    answer: FirstPageAnswer,
  ) {
    const { html, data } = await entry.renderFirstPage({ path, catalogue, countries, answer })
    const script = `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${data}</script>${cartTemplate}`
    const framed = frame(path, html, script, undefined, holdsSession(catalogue), true)
    return pageOfAsync(framed.html, framed.scriptHashes)
  }

  /**
   * The caller's catalogue, and the cookie to send when the device's choice must change. A
   * client's is its own country's; anyone else's the device's choice, staff told apart from a
   * visitor so that their page has no shopping buttons (FirstPageCaller).
   */
  function catalogueOf(
    user: SessionUser | null,
    cookie: string | undefined,
    countries: Country[],
  ): { catalogue: FirstPageCatalogue; cookie: number | null | undefined } {
    if (user && isShopper(user.role) && user.countryId !== null) {
      const catalogue = {
        caller: 'client' as const,
        countryId: user.countryId,
        account: { countryName: user.country },
      }
      // The device follows the account, as the browser does (lib/catalogue.ts).
      return { catalogue, cookie: parseCountryId(cookie) === user.countryId ? undefined : user.countryId }
    }
    const chosen = parseCountryId(cookie)
    // A country no longer offered (deactivated, unknown): back to every country, as the browser does.
    const active = chosen !== null && countries.some((c) => c.id === chosen)
    return {
      catalogue: {
        caller: !user ? 'visitor' : isShopper(user.role) ? 'client' : 'staff',
        countryId: active ? chosen : null,
        account: null,
      },
      cookie: cookie !== undefined && !active ? null : undefined,
    }
  }

  /** The caller, the active countries, and the caller's catalogue (its cookie set when it changes). */
  async function callerOf(req: FastifyRequest, reply: FastifyReply) {
    const [user, countriesAnswer] = await Promise.all([
      currentUser(req, reply, db, deps.config),
      cache.get('countries', () => activeCountries(db)),
    ])
    const countries = countriesAnswer.value.countries
    const { catalogue, cookie } = catalogueOf(user, req.cookies[CATALOGUE_COOKIE], countries)
    if (cookie !== undefined) {
      reply.setCookie(CATALOGUE_COOKIE, cookie === null ? '' : String(cookie), {
        path: '/',
        sameSite: 'lax',
        secure: deps.config.NODE_ENV === 'production',
        maxAge: cookie === null ? 0 : CATALOGUE_COOKIE_MAX_AGE,
      })
    }
    return { countriesAnswer, countries, catalogue }
  }

  /** Product pages rendered, by (product, kind of caller, origin), while their product and countries are the same. */
  const productPages = new LRUCache<
    string,
    { product: string; countries: CachedAnswer; page: Promise<SpaPage> }
  >({
    max: 500,
  })

  /**
   * /produits/<id>-<slug> (docs/rules/catalogue.md#product-page, docs/decisions/0050): the product on
   * sale of that id, whatever the caller's catalogue country (a shared link opens for anyone),
   * rendered with its head (product-head.ts); its address redirected (301) when the slug is not
   * its name's; 'missing' for no such product on sale (an unknown id, an inactive or archived
   * product, one of an inactive country): the caller answers 404.
   */
  async function productPage(
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ page: SpaPage } | { redirect: string } | 'missing'> {
    const [pathname = '', query = ''] = req.url.split(/\?(.*)/s, 2)
    let segment: string
    try {
      segment = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '')
    } catch {
      return 'missing'
    }
    const parsed = parseProductSegment(segment)
    if (!parsed) return 'missing'
    const answer = await catalogueAnswer(cache, db, { ids: [parsed.id] })
    const product = answer.value.products[0]
    if (!product) return 'missing'
    const path = productPath(product)
    if (parsed.slug !== productSlug(product.name) || pathname !== path)
      return { redirect: query ? `${path}?${query}` : path }
    const { countriesAnswer, countries, catalogue } = await callerOf(req, reply)
    const origin = publicOrigin(deps.config, req)
    const key = `${product.id}|${catalogue.countryId ?? 'all'}|${catalogue.caller}|${origin ?? ''}`
    const text = JSON.stringify(product)
    const hit = productPages.get(key)
    if (hit && hit.product === text && hit.countries === countriesAnswer) return { page: await hit.page }
    const currency = countries.find((c) => c.id === product.countryId)?.currency ?? 'XOF'
    const page = (async () => {
      const pageCatalogue = { ...catalogue, ...(origin && { origin }) }
      const { html, data } = await entry.renderProductPage({
        path,
        catalogue: pageCatalogue,
        countries,
        product,
      })
      const script = `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${data}</script>${cartTemplate}`
      const framed = frame(
        '/produits/:product',
        html,
        script,
        productHead(product, { origin, currency }),
        holdsSession(catalogue),
        true,
      )
      return pageOfAsync(framed.html, framed.scriptHashes)
    })()
    productPages.set(key, { product: text, countries: countriesAnswer, page })
    page.catch(() => {
      if (productPages.get(key)?.page === page) productPages.delete(key)
    })
    return { page: await page }
  }

  /** The page for this request, or undefined when its data cannot be read (the caller serves the shell). */
  async function firstPage(req: FastifyRequest, reply: FastifyReply, path: FirstPagePath): Promise<SpaPage> {
    const { countriesAnswer, countries, catalogue } = await callerOf(req, reply)
    // /products: the first page of the catalogue only (docs/decisions/0045); /: the featured.
    const countryId = catalogue.countryId ?? undefined
    const answer =
      path === '/products'
        ? await catalogueAnswer(cache, db, { countryId })
        : await storefrontAnswer(cache, db, 'featured', countryId)
    const inputs: CachedAnswer[] = [countriesAnswer, answer]
    // The shop's public origin, which a product page's share link names (reached from a card).
    // Not in the key, which stays bounded: it is PUBLIC_ORIGIN, else this machine's (development).
    const origin = publicOrigin(deps.config, req)
    const key = `${path}|${catalogue.countryId ?? 'all'}|${catalogue.caller}`
    const hit = kept.get(key)
    if (hit && hit.inputs.every((a, i) => a === inputs[i])) return hit.page
    const page = render(path, { ...catalogue, ...(origin && { origin }) }, countries, answer.value)
    kept.set(key, { inputs, page })
    page.catch(() => {
      if (kept.get(key)?.page === page) kept.delete(key)
    })
    return page
  }

  return { firstPage, productPage }
}
