/**
 * Every page of the app, by its path (a React Router pattern, `:name` for a parameter), with the
 * title its browser tab shows. This table is the one list of the site's pages:
 * - the client's router declares each route with one of these paths (src/client/app/router.tsx,
 *   where `lazyPage` accepts no other) and shows its title (`documentTitle`);
 * - the server answers 200 for a URL one of them matches and 404, with the app's page (which then
 *   shows its Not Found page), for any other (src/server/http/spa-pages.ts);
 * - tests/unit/pages.test.ts checks that the router declares every path here and no other.
 */
export const pageTitles = {
  '/': 'Boucherie en ligne',
  '/products': 'Produits',
  '/contact': 'Contact',
  '/client/login': 'Connexion client',
  '/delivery/login': 'Connexion livreur',
  '/employee/login': 'Espace employé',
  '/register': 'Créer un compte',
  '/dashboard': 'Tableau de bord',
  '/cart': 'Mon panier',
  '/orders': 'Mes commandes',
  '/order-confirmation': 'Confirmation de commande',
  '/order-confirmation/:orderId': 'Ma commande',
  '/order-confirmation/:orderId/receipt': 'Mon reçu',
  '/delivery/dashboard': 'Mes livraisons',
  '/admin/dashboard': 'Espace administrateur',
  '/admin/orders-only': 'Commandes du pays',
  '/admin/orders': 'Gestion des commandes',
  '/admin/orders/:orderId': 'Détail de la commande',
  '/admin/orders/:orderId/assign-driver': 'Assigner un livreur',
  '/admin/orders/:orderId/receipt': 'Reçu de commande',
  '/admin/users-management': 'Livreurs et clients',
  '/admin/users': 'Gestion des utilisateurs',
  '/admin/users/:userId/history': 'Historique de l’utilisateur',
  '/admin/create-delivery-driver': 'Créer un livreur',
  '/admin/cities': 'Gestion des villes',
  '/admin/zones': 'Gestion des zones',
  '/admin/products': 'Gestion des produits',
  '/admin/countries': 'Gestion des pays',
  '/admin/contact-messages': 'Messages de contact',
  '/admin/cash': 'Caisse des livreurs',
  '/admin/country-details/:countryName': 'Détails du pays',
  '/root/dashboard': 'Tableau de bord Root',
  '/root/users': 'Utilisateurs (Root)',
} as const satisfies Record<string, string>

export type PagePath = keyof typeof pageTitles
export const pagePaths = Object.keys(pageTitles) as PagePath[]

export const SITE_NAME = 'Étal'
/** The title of the Not Found page, which no path names (the router's `*`). */
export const NOT_FOUND_TITLE = 'Page introuvable'

/** 'Produits · Étal'; the site's name alone without a title. */
export const documentTitle = (title?: string | null) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME)

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * '/admin/orders/:orderId' → /^\/admin\/orders\/[^/]+\/?$/i: as React Router matches, letter
 * case aside and with or without a trailing slash.
 */
export const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRe(seg)))
      .join('/')
      .replace(/\/$/, '')}/?$`,
    'i',
  )

const patterns = pagePaths.map((path) => ({ path, pattern: pathPattern(path) }))
/** The page a URL's path opens (its query string aside), or null: the Not Found page. */
export function matchPage(url: string): PagePath | null {
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  return patterns.find((p) => p.pattern.test(path))?.path ?? null
}

/**
 * The pages anyone may open without an account, whose page shows nothing of one: the storefront
 * and the client's sign-in and registration. The sitemap lists them (src/server/http/site-files.ts)
 * and the service worker keeps the last copy of each for offline use (docs/rules.md#offline).
 */
export const publicPagePaths = [
  '/',
  '/products',
  '/contact',
  '/cart',
  '/client/login',
  '/register',
] as const satisfies readonly PagePath[]

/** Whether a URL's path is one of the public pages. */
export function isPublicPage(url: string): boolean {
  const path = matchPage(url)
  return path !== null && (publicPagePaths as readonly string[]).includes(path)
}
