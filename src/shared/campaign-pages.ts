import type { Page } from './pages'

// The campaigns' pages (docs/rules/campaigns.md), entries of the one table of the site's pages
// (src/shared/pages.ts), which spreads them in its own order.

/** The client's and the payer's (docs/rules/campaigns-client.md#the-pages). */
export const campaignPages = {
  '/campagnes/payer': {
    title: 'Payer une réservation',
    description: 'Payez une partie d’une réservation de fête sur Étal, sans compte, par mobile money.',
    layout: 'site',
    opens: 'anyone',
    module: 'features/campaigns/pages/pay-link-page',
  },
  '/campagnes/:campaignId': {
    title: 'Campagne',
    description: 'Réservez votre animal pour la fête : un acompte, puis le reste en plusieurs fois.',
    layout: 'site',
    opens: 'anyone',
    module: 'features/campaigns/pages/campaign-page',
  },
  '/reservations': {
    title: 'Mes réservations',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/campaigns/pages/reservations-page',
  },
  '/reservations/:reservationId': {
    title: 'Ma réservation',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/campaigns/pages/reservation-page',
  },
} as const satisfies Record<string, Page>

/** The staff's: setup and board (docs/rules/campaigns-staff.md), operations (docs/rules/campaigns-operations.md). */
export const campaignStaffPages = {
  // docs/rules/campaigns-staff.md: the feasts sold ahead, their setup and their board.
  '/admin/campagnes': {
    title: 'Campagnes',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-campaigns/pages/campaigns-page',
    menu: { rank: 10.6, label: 'Campagnes', roles: ['root', 'super_admin', 'admin'] },
  },
  '/admin/campagnes/:campaignId': {
    title: 'Préparer la campagne',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-campaigns/pages/campaign-page',
  },
  '/admin/campagnes/:campaignId/tableau': {
    title: 'Tableau de campagne',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-campaigns/pages/board-page',
  },
  // docs/rules/campaigns-operations.md: a campaign's reservations on the feast days, its tags.
  '/admin/campagnes/:campaignId/reservations': {
    title: 'Réservations de la campagne',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-campaign-ops/pages/reservations-page',
  },
  '/admin/campagnes/:campaignId/etiquettes': {
    title: 'Étiquettes des animaux',
    layout: 'admin',
    opens: 'staff',
    module: 'features/admin-campaign-ops/pages/tags-page',
  },
} as const satisfies Record<string, Page>
