import type { Page } from './pages'

// The client's store credit and gift vouchers' pages (docs/rules/store-credit.md,
// docs/rules/gift-vouchers.md), entries of the one table of the site's pages (src/shared/pages.ts).

export const creditPages = {
  // docs/rules/store-credit.md: the client's store credit and its movements.
  '/avoir': {
    title: 'Mon avoir',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/account/pages/credit-page',
  },
  // docs/rules/gift-vouchers.md#the-pages: buying a gift voucher, using one's code.
  '/bons-cadeaux': {
    title: 'Offrir un bon cadeau',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/vouchers/pages/buy-page',
  },
  '/bons-cadeaux/utiliser': {
    title: 'Utiliser un bon cadeau',
    layout: 'site',
    opens: 'shoppers',
    module: 'features/vouchers/pages/redeem-page',
  },
} as const satisfies Record<string, Page>
