import type { Role } from './domain/roles'
import { campaignPages, campaignStaffPages } from './campaign-pages'
import { creditPages } from './credit-pages'
import { pathPattern } from './public-pages.ts'

/**
 * The role lists of the guards (docs/rules/people.md#who-may-do-what): who opens a page of the group.
 */
export const roleGroups = {
  rootOnly: ['root'],
  managers: ['super_admin', 'root'],
  staff: ['admin', 'super_admin', 'root'],
  shoppers: ['client', 'user'],
  drivers: ['delivery_driver'],
  /** Who may have a second factor, and sees its own sessions (docs/rules/people.md#accounts). */
  staffAndDrivers: ['admin', 'super_admin', 'root', 'delivery_driver'],
  everyone: ['root', 'super_admin', 'admin', 'delivery_driver', 'client', 'user'],
} as const satisfies Record<string, readonly Role[]>

/** A page: its tab's title, its layout, who opens it and its entry in the staff menu. */
export type Page = {
  title: string
  /** What a search engine or a shared link says of the page when it has nothing of its own to say. */
  description?: string
  /** The layout around it: the shop's, the order confirmation's, or the staff's (admin or root area). */
  layout: 'site' | 'confirmation' | 'admin' | 'root'
  /** 'anyone': the router lets everyone in (the page may check the session itself); else a group's roles. */
  opens: 'anyone' | keyof typeof roleGroups
  /** Its entry in the staff menu, for these roles, in the order of `rank`. */
  menu?: { rank: number; label: string; roles: readonly Role[] }
  /**
   * Its module under src/client, without the extension: the router loads it on demand (its
   * default export, or `export`), and the server preloads that module's chunks in the page's head
   * (src/server/web/client-build.ts reads them from the build's manifest).
   */
  module: PageModule
  export?: string
}

/** A page's module: a feature's page, or one of the app's own (src/client/app/pages). */
export type PageModule = `features/${string}/pages/${string}` | `app/pages/${string}`

/**
 * Every page of the app, by its path (a React Router pattern, `:name` for a parameter): the one
 * table of the site's pages, read by
 * - the client's router, which loads each page's module on demand, puts it in its layout behind
 *   the guard of its roles and shows its title (src/client/app/router.tsx);
 * - the server, which writes each page's head: its title, and the chunks of its module to
 *   preload beside the entry (src/server/web/pages.ts, src/server/web/client-build.ts);
 * - the staff menu (src/client/app/nav.ts);
 * - the server, which answers 200 for a URL one of them matches and 404, with the app's page
 *   (which then shows its Not Found page), for any other (src/server/web/pages.ts);
 * - tests/unit/pages.test.ts checks that the router declares every path here and no other, each
 *   behind its roles, and that a menu entry offers a page only to roles that may open it.
 */
export const pages = {
  '/': {
    title: 'Boucherie en ligne',
    layout: 'site',
    opens: 'anyone',
    module: 'features/storefront/pages/home-page',
  },
  '/products': {
    title: 'Produits',
    layout: 'site',
    opens: 'anyone',
    module: 'features/storefront/pages/products-page',
  },
  // A product's own page, /produits/<id>-<slug> (src/shared/product-links.ts, docs/decisions/0050):
  // rendered by the server with its product, its title the product's name.
  '/produits/:product': {
    title: 'Produit',
    description: 'Viande fraîche au kilo ou à la pièce, livrée dans votre quartier par Étal.',
    layout: 'site',
    opens: 'anyone',
    module: 'features/storefront/pages/product-page',
  },
  // docs/rules/campaigns-client.md#the-pages: a campaign, its pay link, a client's reservations.
  ...campaignPages,
  '/contact': {
    title: 'Contact',
    layout: 'site',
    opens: 'anyone',
    module: 'features/storefront/pages/contact-page',
  },
  '/client/login': {
    title: 'Connexion client',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/login-page',
    export: 'ClientLoginPage',
  },
  '/delivery/login': {
    title: 'Connexion livreur',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/login-page',
    export: 'DeliveryLoginPage',
  },
  '/employee/login': {
    title: 'Espace employé',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/login-page',
    export: 'EmployeeLoginPage',
  },
  '/register': {
    title: 'Créer un compte',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/register-page',
  },
  '/forgot-password': {
    title: 'Mot de passe oublié',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/password-pages',
    export: 'ForgotPasswordPage',
  },
  '/reset-password': {
    title: 'Nouveau mot de passe',
    layout: 'site',
    opens: 'anyone',
    module: 'features/auth/pages/password-pages',
    export: 'ResetPasswordPage',
  },
  '/dashboard': {
    title: 'Tableau de bord',
    layout: 'site',
    opens: 'anyone',
    module: 'app/pages/dashboard-page',
  },
  '/cart': {
    title: 'Mon panier',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/checkout/pages/cart-page',
  },
  ...creditPages,
  '/orders': {
    title: 'Mes commandes',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/client-orders/pages/orders-page',
  },
  '/order-confirmation': {
    title: 'Confirmation de commande',
    layout: 'confirmation',
    opens: 'anyone',
    module: 'features/checkout/pages/order-confirmation-page',
  },
  '/order-confirmation/:orderId': {
    title: 'Ma commande',
    layout: 'confirmation',
    opens: 'anyone',
    module: 'features/checkout/pages/order-confirmation-page',
  },
  '/order-confirmation/:orderId/receipt': {
    title: 'Mon reçu',
    layout: 'confirmation',
    opens: 'anyone',
    module: 'features/checkout/pages/receipt-page',
  },
  '/order-confirmation/:orderId/paiement': {
    title: 'Paiement de ma commande',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/checkout/pages/payment-page',
  },
  // docs/rules/confirmation.md#confirmation: the SMS link that confirms an order paid at the door.
  '/commande/confirmer': {
    title: 'Confirmer ma commande',
    description: 'Confirmez votre commande Étal payée à la livraison.',
    layout: 'site',
    opens: 'anyone',
    module: 'features/checkout/pages/confirm-link-page',
  },
  '/paiement/merci': {
    title: 'Paiement en cours de vérification',
    layout: 'site',
    opens: 'anyone',
    module: 'features/checkout/pages/payment-thanks-page',
  },
  '/delivery/dashboard': {
    title: 'Mes livraisons',
    layout: 'site',
    opens: 'drivers',
    module: 'features/delivery/pages/delivery-dashboard-page',
  },
  '/admin/dashboard': {
    title: 'Espace administrateur',
    layout: 'admin',
    opens: 'anyone',
    module: 'features/oversight/pages/admin-dashboard-page',
    menu: { rank: 2, label: 'Tableau de bord', roles: ['super_admin'] },
  },
  '/admin/orders-only': {
    title: 'Commandes du pays',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-orders/pages/orders-only-page',
    menu: { rank: 3, label: 'Commandes', roles: ['admin'] },
  },
  '/admin/orders': {
    title: 'Gestion des commandes',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-orders/pages/orders-page',
    menu: { rank: 11, label: 'Commandes', roles: ['root', 'super_admin'] },
  },
  '/admin/orders/:orderId': {
    title: 'Détail de la commande',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-orders/pages/order-detail-page',
  },
  '/admin/orders/:orderId/assign-driver': {
    title: 'Assigner un livreur',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-orders/pages/assign-driver-page',
  },
  '/admin/orders/:orderId/receipt': {
    title: 'Reçu de commande',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-orders/pages/receipt-page',
  },
  '/admin/users-management': {
    title: 'Livreurs et clients',
    layout: 'admin',
    opens: 'staff',
    module: 'features/users/pages/users-management-page',
    menu: { rank: 6, label: 'Utilisateurs', roles: ['admin'] },
  },
  '/admin/users': {
    title: 'Gestion des utilisateurs',
    layout: 'admin',
    opens: 'managers',
    module: 'features/users/pages/admin-users-page',
    menu: { rank: 5, label: 'Utilisateurs', roles: ['super_admin'] },
  },
  '/admin/users/:userId/history': {
    title: 'Historique de l’utilisateur',
    layout: 'admin',
    opens: 'staff',
    module: 'features/users/pages/user-history-page',
  },
  '/admin/create-delivery-driver': {
    title: 'Créer un livreur',
    layout: 'admin',
    opens: 'managers',
    module: 'features/users/pages/create-driver-page',
    menu: { rank: 15, label: 'Créer un livreur', roles: ['super_admin'] },
  },
  '/admin/cities': {
    title: 'Gestion des villes',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-places/pages/cities-page',
    menu: { rank: 8, label: 'Villes', roles: ['root', 'super_admin'] },
  },
  '/admin/zones': {
    title: 'Gestion des zones',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-places/pages/zones-page',
    menu: { rank: 9, label: 'Zones', roles: ['root', 'super_admin'] },
  },
  '/admin/shops': {
    title: 'Boutiques',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-shops/pages/shops-page',
    // docs/rules/pickup.md#shops
    menu: { rank: 9.5, label: 'Boutiques', roles: ['root', 'super_admin'] },
  },
  '/admin/pickups': {
    title: 'À retirer',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-pickups/pages/pickups-page',
    // docs/rules/pickup.md#hand-over
    menu: { rank: 11.5, label: 'À retirer', roles: ['root', 'super_admin', 'admin'] },
  },
  '/admin/products': {
    title: 'Gestion des produits',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-products/pages/products-page',
    menu: { rank: 10, label: 'Produits', roles: ['root', 'super_admin'] },
  },
  '/admin/coupons': {
    title: 'Codes promo',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-coupons/pages/coupons-page',
    // docs/rules/commerce.md#coupons
    menu: { rank: 10.5, label: 'Codes promo', roles: ['root', 'super_admin'] },
  },
  '/admin/vouchers': {
    title: 'Bons cadeaux',
    layout: 'admin',
    opens: 'managers',
    module: 'features/admin-vouchers/pages/vouchers-page',
    // docs/rules/gift-vouchers.md#staff
    menu: { rank: 10.6, label: 'Bons cadeaux', roles: ['root', 'super_admin'] },
  },
  // docs/rules/campaigns-staff.md, campaigns-operations.md: a campaign's setup, board, reservations, tags.
  ...campaignStaffPages,
  '/admin/countries': {
    title: 'Gestion des pays',
    layout: 'admin',
    opens: 'rootOnly',
    module: 'features/admin-places/pages/countries-page',
    menu: { rank: 7, label: 'Pays', roles: ['root'] },
  },
  '/admin/contact-messages': {
    title: 'Messages de contact',
    layout: 'admin',
    opens: 'rootOnly',
    module: 'features/oversight/pages/contact-messages-page',
    menu: { rank: 14, label: 'Messages de contact', roles: ['root'] },
  },
  '/admin/cash': {
    title: 'Caisse des livreurs',
    layout: 'admin',
    opens: 'staff',
    module: 'features/drivers-cash/pages/cash-page',
    menu: { rank: 12, label: 'Caisse des livreurs', roles: ['root', 'super_admin', 'admin'] },
  },
  '/admin/payments': {
    title: 'Rapprochement mobile money',
    layout: 'admin',
    opens: 'staff',
    module: 'features/payments-admin/pages/reconciliation-page',
    menu: { rank: 13, label: 'Mobile money', roles: ['root', 'super_admin', 'admin'] },
  },
  '/admin/country-details/:countryName': {
    title: 'Détails du pays',
    layout: 'admin',
    opens: 'rootOnly',
    module: 'features/oversight/pages/country-details-page',
  },
  '/account/security': {
    title: 'Sécurité du compte',
    layout: 'admin',
    opens: 'staffAndDrivers',
    module: 'features/account/pages/security-page',
    menu: { rank: 16, label: 'Sécurité du compte', roles: ['root', 'super_admin', 'admin'] },
  },
  '/root/dashboard': {
    title: 'Tableau de bord Root',
    layout: 'root',
    opens: 'rootOnly',
    module: 'features/oversight/pages/root-dashboard-page',
    menu: { rank: 1, label: 'Tableau de bord', roles: ['root'] },
  },
  '/root/users': {
    title: 'Utilisateurs (Root)',
    layout: 'root',
    opens: 'rootOnly',
    module: 'features/users/pages/root-users-page',
    menu: { rank: 4, label: 'Utilisateurs', roles: ['root'] },
  },
} as const satisfies Record<string, Page>

/** Each page's title. */
export const pageTitles = Object.fromEntries(Object.entries(pages).map(([path, p]) => [path, p.title])) as {
  [P in keyof typeof pages]: (typeof pages)[P]['title']
}

export type PagePath = keyof typeof pages
export const pagePaths = Object.keys(pages) as PagePath[]

export const SITE_NAME = 'Étal'
/** The title of the Not Found page, which no path names (the router's `*`). */
export const NOT_FOUND_TITLE = 'Page introuvable'

/** 'Produits · Étal'; the site's name alone without a title. */
export const documentTitle = (title?: string | null) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME)

export { isPublicPage, pathPattern, publicPagePaths } from './public-pages.ts'

const patterns = pagePaths.map((path) => ({ path, pattern: pathPattern(path) }))
/** The page a URL's path opens (its query string aside), or null: the Not Found page. */
export function matchPage(url: string): PagePath | null {
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  return patterns.find((p) => p.pattern.test(path))?.path ?? null
}
