/*
 * The demo's data: accounts, products, orders, zones' terms and slots (docs/architecture.md
 * "The layers"). demo.ts writes them, through the shop's own rules (a password hashed as login
 * checks it, a line priced as checkout prices it).
 */
import type { OrderStatus } from '@/shared/domain/order-status'
import type { Role } from '@/shared/domain/roles'
import type { UnitType } from '@/shared/domain/units'

export const DEMO_PASSWORD = 'Demo-2026!'
/**
 * The authenticator secret of the demo's root and super admin (README "Demo accounts"): enrolled
 * already, so the demo and the browser tests sign in with a code computed from it
 * (docs/decisions/0053). Public, as the demo's password is: never on a real shop's accounts.
 */
export const DEMO_TOTP_SECRET = 'ETALDEMOETALDEMOETALDEMOETALDEMO'

export const demoAccounts: {
  email: string
  role: Role
  country: string
  displayName: string
  city: string
  phone: string
}[] = [
  {
    email: 'root@etal.demo',
    role: 'root',
    country: 'SN',
    displayName: 'Awa Ndiaye',
    city: 'Dakar',
    phone: '+221 77 100 00 01',
  },
  {
    email: 'superadmin@etal.demo',
    role: 'super_admin',
    country: 'SN',
    displayName: 'Moussa Diop',
    city: 'Dakar',
    phone: '+221 77 100 00 02',
  },
  {
    email: 'admin@etal.demo',
    role: 'admin',
    country: 'SN',
    displayName: 'Fatou Sow',
    city: 'Dakar',
    phone: '+221 77 100 00 03',
  },
  {
    email: 'admin.ml@etal.demo',
    role: 'admin',
    country: 'ML',
    displayName: 'Bakary Traoré',
    city: 'Bamako',
    phone: '+223 70 00 00 03',
  },
  {
    email: 'livreur@etal.demo',
    role: 'delivery_driver',
    country: 'SN',
    displayName: 'Ibrahima Fall',
    city: 'Dakar',
    phone: '+221 77 100 00 04',
  },
  {
    email: 'livreur.ml@etal.demo',
    role: 'delivery_driver',
    country: 'ML',
    displayName: 'Seydou Coulibaly',
    city: 'Bamako',
    phone: '+223 70 00 00 04',
  },
  {
    email: 'client@etal.demo',
    role: 'client',
    country: 'SN',
    displayName: 'Aminata Ba',
    city: 'Dakar',
    phone: '+221 77 100 00 05',
  },
  {
    email: 'client.ml@etal.demo',
    role: 'client',
    country: 'ML',
    displayName: 'Oumar Keïta',
    city: 'Bamako',
    phone: '+223 70 00 00 05',
  },
]

export type ProductSeed = [
  name: string,
  category: string,
  unit: UnitType,
  price: number,
  min: number,
  description: string,
  featured?: boolean,
]

export const demoProducts: Record<string, ProductSeed[]> = {
  SN: [
    [
      'Filet de bœuf',
      'Bœuf',
      'kg',
      9000,
      0.5,
      'Filet tendre, paré à la main, idéal pour les grillades.',
      true,
    ],
    [
      'Viande de bœuf à braiser',
      'Bœuf',
      'kg',
      5500,
      1,
      'Morceaux choisis pour le mafé et les ragoûts.',
      true,
    ],
    [
      'Gigot de mouton',
      'Mouton',
      'kg',
      6500,
      1,
      'Gigot entier de mouton du Sahel, pour la Tabaski ou le dimanche.',
      true,
    ],
    ['Côtelettes d’agneau', 'Mouton', 'kg', 7500, 0.5, 'Côtelettes fines à griller.'],
    [
      'Poulet fermier entier',
      'Volaille',
      'unit',
      4500,
      1,
      'Poulet local élevé en plein air, vidé et prêt à cuire.',
      true,
    ],
    [
      'Brochettes de bœuf (x10)',
      'Grillades',
      'unit',
      3000,
      1,
      'Dix brochettes marinées, prêtes pour le feu.',
      true,
    ],
    ['Foie de bœuf', 'Abats', 'kg', 4000, 0.5, 'Foie frais du jour.'],
    ['Viande de chèvre', 'Chèvre', 'kg', 6000, 1, 'Viande de chèvre pour le dibi.'],
  ],
  ML: [
    ['Viande de bœuf avec os', 'Bœuf', 'kg', 3800, 1, 'Pour le tô et les sauces.', true],
    ['Mouton entier', 'Mouton', 'unit', 85000, 1, 'Mouton entier, abattu et découpé à la demande.', true],
    ['Poulet bicyclette', 'Volaille', 'unit', 3500, 1, 'Poulet local, élevé au village.', true],
    ['Capitaine de bœuf (faux-filet)', 'Bœuf', 'kg', 6000, 0.5, 'Faux-filet à griller.'],
  ],
  CI: [
    ['Viande de bœuf sans os', 'Bœuf', 'kg', 4800, 1, 'Découpe maison, sans os.', true],
    [
      'Poulet braisé mariné',
      'Volaille',
      'unit',
      5000,
      1,
      'Poulet entier mariné aux épices, prêt à braiser.',
      true,
    ],
    ['Tripes de bœuf', 'Abats', 'kg', 2500, 1, 'Tripes nettoyées.'],
  ],
  CM: [
    ['Viande de bœuf', 'Bœuf', 'kg', 4200, 1, 'Pour le ndolé et les sauces.'],
    ['Soya (brochettes épicées)', 'Grillades', 'unit', 2000, 1, 'Brochettes de bœuf au piment du Cameroun.'],
  ],
}

export type DemoOrder = {
  status: OrderStatus
  daysAgo: number
  lines: [product: string, quantity: number][]
  zone: string
  driver?: boolean
  /** docs/rules/orders.md#weigh-in: the weights of its kg lines, in their order (in preparation). */
  weighed?: number[]
}

/**
 * Demo orders of each country that has staff: its client's orders, one or more in every status,
 * so that each country's admin has orders to follow and its driver orders to deliver. Delivered
 * and in-delivery orders carry the country's driver; `driver: true` assigns one to an order still
 * in preparation.
 */
export const demoOrders: Record<
  string,
  { client: string; driver: string; staff: string; city: string; address: string; orders: DemoOrder[] }
> = {
  SN: {
    client: 'client@etal.demo',
    driver: 'livreur@etal.demo',
    staff: 'superadmin@etal.demo',
    city: 'Dakar',
    address: 'Rue 12 x Avenue Lamine Guèye',
    orders: [
      {
        status: 'delivered',
        daysAgo: 20,
        lines: [
          ['Filet de bœuf', 1.5],
          ['Poulet fermier entier', 2],
        ],
        zone: 'Plateau',
      },
      { status: 'delivered', daysAgo: 12, lines: [['Gigot de mouton', 2]], zone: 'Almadies' },
      {
        status: 'in_delivery',
        daysAgo: 1,
        lines: [
          ['Brochettes de bœuf (x10)', 2],
          ['Foie de bœuf', 0.5],
        ],
        zone: 'Plateau',
      },
      { status: 'in_preparation', daysAgo: 0, lines: [['Viande de bœuf à braiser', 3]], zone: 'Médina' },
      // Weighed within the tolerance (+5 %): repriced, ready to leave.
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [
          ['Gigot de mouton', 1.5],
          ['Poulet fermier entier', 1],
        ],
        zone: 'Plateau',
        weighed: [1.62],
      },
      // Weighed beyond it (+40 %): waits for the client's agreement.
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [['Filet de bœuf', 1]],
        zone: 'Almadies',
        weighed: [1.4],
      },
      {
        status: 'pending',
        daysAgo: 0,
        lines: [
          ['Côtelettes d’agneau', 1],
          ['Poulet fermier entier', 1],
        ],
        zone: 'Plateau',
      },
      { status: 'cancelled', daysAgo: 5, lines: [['Viande de chèvre', 2]], zone: 'Parcelles Assainies' },
      // Delivered today: the driver's cash in hand (docs/rules/money.md#drivers-cash).
      { status: 'delivered', daysAgo: 0, lines: [['Filet de bœuf', 1]], zone: 'Plateau' },
      { status: 'delivered', daysAgo: 0, lines: [['Gigot de mouton', 1]], zone: 'Médina' },
    ],
  },
  ML: {
    client: 'client.ml@etal.demo',
    driver: 'livreur.ml@etal.demo',
    staff: 'admin.ml@etal.demo',
    city: 'Bamako',
    address: 'Rue 310, porte 42',
    orders: [
      {
        status: 'delivered',
        daysAgo: 15,
        lines: [
          ['Viande de bœuf avec os', 3],
          ['Poulet bicyclette', 2],
        ],
        zone: 'Hamdallaye',
      },
      {
        status: 'in_delivery',
        daysAgo: 1,
        lines: [['Capitaine de bœuf (faux-filet)', 1.5]],
        zone: 'ACI 2000',
      },
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [['Poulet bicyclette', 3]],
        zone: 'Badalabougou',
        driver: true,
      },
      { status: 'in_preparation', daysAgo: 0, lines: [['Viande de bœuf avec os', 2]], zone: 'Hamdallaye' },
      {
        status: 'pending',
        daysAgo: 0,
        lines: [
          ['Viande de bœuf avec os', 2],
          ['Poulet bicyclette', 1],
        ],
        zone: 'Kalaban Coura',
      },
      { status: 'cancelled', daysAgo: 7, lines: [['Mouton entier', 1]], zone: 'ACI 2000' },
    ],
  },
}

/** Demo stock in Sénégal (docs/rules/catalogue.md#stock): sold out today, and a small daily quantity. */
export const DEMO_SOLD_OUT = 'Foie de bœuf'
export const DEMO_DAILY = 'Gigot de mouton'

/**
 * The demo zones' delivery terms (docs/rules/delivery.md#delivery-fees): fees, a minimum, thresholds. The
 * storefront journeys order in Almadies (free from 9 000 F) and Médina (free): their totals stay.
 */
export const demoZoneTerms: Record<
  string,
  { deliveryFee: number; minOrderAmount?: number; freeDeliveryFrom?: number }
> = {
  Plateau: { deliveryFee: 1000, freeDeliveryFrom: 25_000 },
  Almadies: { deliveryFee: 2000, freeDeliveryFrom: 9000 },
  Médina: { deliveryFee: 0 },
  'Parcelles Assainies': { deliveryFee: 1500, minOrderAmount: 10_000 },
  Hamdallaye: { deliveryFee: 1000 },
  'ACI 2000': { deliveryFee: 1500, freeDeliveryFrom: 30_000 },
  Badalabougou: { deliveryFee: 0 },
  'Kalaban Coura': { deliveryFee: 2000, minOrderAmount: 10_000 },
}

/** The demo cities' delivery slots, local times (docs/rules/delivery.md#delivery-slots); Sikasso has none. */
export const demoSlots: Record<
  string,
  { startsAt: string; endsAt: string; capacity: number; cutoffMinutes: number }[]
> = {
  Dakar: [
    { startsAt: '10:00', endsAt: '12:00', capacity: 8, cutoffMinutes: 120 },
    { startsAt: '15:00', endsAt: '17:00', capacity: 8, cutoffMinutes: 120 },
    { startsAt: '18:00', endsAt: '20:00', capacity: 4, cutoffMinutes: 180 },
  ],
  Bamako: [
    { startsAt: '09:00', endsAt: '11:00', capacity: 6, cutoffMinutes: 120 },
    { startsAt: '16:00', endsAt: '18:00', capacity: 6, cutoffMinutes: 120 },
  ],
}

/**
 * The demo's preparations (docs/rules/catalogue.md#preparations), by product name in every country
 * that sells it: [preparation, price per unit of the product, default]. Defaults are free, so the
 * demo orders and the journeys that leave the default keep their totals.
 */
export const demoPreparations: Record<string, [name: string, price: number, isDefault?: boolean][]> = {
  'Gigot de mouton': [
    ['Entier', 0, true],
    ['Découpé en morceaux', 300],
    ['Désossé', 500],
    ['Mariné', 800],
  ],
  'Viande de bœuf à braiser': [
    ['En cubes', 0, true],
    ['Découpé en morceaux', 0],
    ['Haché', 200],
  ],
  'Poulet fermier entier': [
    ['Entier', 0, true],
    ['Découpé en morceaux', 300],
    ['Nettoyé / vidé', 0],
  ],
  'Filet de bœuf': [
    ['Entier', 0, true],
    ['Tranché', 0],
  ],
}
