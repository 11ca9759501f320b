import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isShopper } from '@/shared/domain/roles'
import {
  CATALOGUE_COOKIE,
  CATALOGUE_COOKIE_MAX_AGE,
  FIRST_PAGE_DATA_ID,
  parseCountryId,
  scriptSafeJson,
  type FirstPageCatalogue,
  type RenderEntry,
} from '@/shared/first-page'
import type { PagePath } from '@/shared/pages'
import type { PublicProduct } from '@/shared/schemas/storefront'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AppDeps } from './define-endpoint'
import { currentUser } from './auth-context'
import { pageOfAsync, type PageFrame, type SpaPage } from './spa-pages'
import { activeCountries, storefrontAnswer } from '../services/storefront'
import type { CachedAnswer } from '../services/storefront-cache'

type Country = Awaited<ReturnType<typeof activeCountries>>['countries'][number]
export type Entry = RenderEntry<PublicProduct, Country>

/** The pages rendered at each request with their data (docs/decisions/0020). */
export const FIRST_PAGES = ['/', '/products'] as const satisfies PagePath[]
type FirstPagePath = (typeof FIRST_PAGES)[number]
export const isFirstPage = (path: PagePath | null): path is FirstPagePath =>
  path === '/' || path === '/products'

/**
 * The server-side entry: the build's (dist/ssr/entry-server.js, `vite build --ssr`), or outside
 * production without a build, the source itself (tsx and Vitest compile it), so that the dev
 * server and the API tests render as the built server does. None: pages are served as before.
 * The path is computed so that the server's own bundle (esbuild) leaves the client out.
 */
export async function loadRenderEntry(root: string, production: boolean): Promise<Entry | undefined> {
  const built = resolve(root, 'dist/ssr/entry-server.js')
  const source = resolve(root, ['src', 'client', 'entry-server.tsx'].join('/'))
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
 * drops them (services/storefront-cache.ts), and the next request renders it again.
 */
export function createFirstPages(deps: AppDeps, entry: Entry, frame: PageFrame) {
  const kept = new Map<string, Kept>()
  const { db } = deps.database
  const cache = deps.storefrontCache

  async function render(
    path: FirstPagePath,
    catalogue: FirstPageCatalogue,
    countries: Country[],
    products: PublicProduct[],
  ) {
    const { html, data } = await entry.renderFirstPage({ path, catalogue, countries, products })
    const script = `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`
    const framed = frame(path, html, script)
    return pageOfAsync(framed.html, framed.scriptHash)
  }

  /** The caller's catalogue, and the cookie to send when the device's choice must change. */
  function catalogueOf(user: SessionUser | null, cookie: string | undefined, countries: Country[]) {
    if (user && isShopper(user.role) && user.countryId !== null) {
      const catalogue = { countryId: user.countryId, account: { countryName: user.country } }
      // The device follows the account, as the browser does (lib/catalogue.ts).
      return { catalogue, cookie: parseCountryId(cookie) === user.countryId ? undefined : user.countryId }
    }
    const chosen = parseCountryId(cookie)
    // A country no longer offered (deactivated, unknown): back to every country, as the browser does.
    const active = chosen !== null && countries.some((c) => c.id === chosen)
    return {
      catalogue: { countryId: active ? chosen : null, account: null },
      cookie: cookie !== undefined && !active ? null : undefined,
    }
  }

  /** The page for this request, or undefined when its data cannot be read (the caller serves the shell). */
  return async function firstPage(
    req: FastifyRequest,
    reply: FastifyReply,
    path: FirstPagePath,
  ): Promise<SpaPage> {
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
    const answer = await storefrontAnswer(
      cache,
      db,
      path === '/products' ? 'products' : 'featured',
      catalogue.countryId ?? undefined,
    )
    const inputs: CachedAnswer[] = [countriesAnswer, answer]
    const key = `${path}|${catalogue.countryId ?? 'all'}|${catalogue.account ? 'client' : 'visitor'}`
    const hit = kept.get(key)
    if (hit && hit.inputs.every((a, i) => a === inputs[i])) return hit.page
    const page = render(path, catalogue, countries, answer.value.products)
    // Keys are bounded: a path, an active country (or none), client or not.
    kept.set(key, { inputs, page })
    page.catch(() => {
      if (kept.get(key)?.page === page) kept.delete(key)
    })
    return page
  }
}
