import type { OrderView } from './orders'
import { orderStatuses } from '../domain/order-status'
import { MAX_ORDER_AMOUNT } from '../domain/pricing'
import { MAX_LINE_QUANTITY } from '../domain/units'
import { id, oneLine, paragraph } from './common'
import { slotChoice } from './slots'
import { z } from './zod'

const required = (message: string, max: number) =>
  oneLine(
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `Ce champ ne peut pas dépasser ${max} caractères.`),
  )

const DUPLICATE_PRODUCT_MESSAGE = "Un produit ne peut figurer qu'une seule fois dans la commande."

/**
 * POST /_api/orders/create: lines, delivery and pointsToUse, with the spec's French messages.
 * Strict at every level: a price, total or discount sent by the client answers 400
 * (docs/rules.md#pricing).
 */
export const createOrderInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        productId: id('Identifiant de produit invalide.'),
        quantity: z
          .number({ error: 'La quantité doit être un nombre positif.' })
          .positive('La quantité doit être un nombre positif.')
          .max(MAX_LINE_QUANTITY, `La quantité ne peut pas dépasser ${MAX_LINE_QUANTITY}.`),
      }),
      { error: 'Order must contain at least one item.' },
    )
    .min(1, 'Order must contain at least one item.')
    .max(100, 'Une commande ne peut pas contenir plus de 100 produits.')
    .refine(
      (items) => new Set(items.map((i) => i.productId)).size === items.length,
      DUPLICATE_PRODUCT_MESSAGE,
    ),
  deliveryAddress: required('Delivery address is required.', 500),
  deliveryCity: required('Delivery city is required.', 100),
  deliveryCountry: required('Delivery country is required.', 100),
  deliveryPhone: required('Delivery phone number is required.', 30),
  zoneId: id('Zone ID is required.'),
  pointsToUse: z
    .number({ error: 'Les points doivent être un entier positif ou nul.' })
    .int('Les points doivent être un entier positif ou nul.')
    .min(0, 'Les points doivent être un entier positif ou nul.')
    // No order can take more points than its ceiling in francs (docs/rules.md#limits).
    .max(MAX_ORDER_AMOUNT, 'Les points dépassent le montant maximal d’une commande.')
    .default(0),
  notes: paragraph(1000, 'Les notes ne peuvent pas dépasser 1000 caractères.').nullish(),
  /** The delivery slot, required where the city has slots (docs/rules.md#delivery-slots). */
  slot: slotChoice.nullish(),
})
export type CreateOrderInput = z.input<typeof createOrderInput>

/** GET /_api/orders/details?orderId */
export const orderDetailsQuery = z.strictObject({
  orderId: id('ID de commande manquant ou invalide.'),
})

const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v)

/** GET /_api/orders?search&status: the client's own orders. */
export const clientOrdersQuery = z.strictObject({
  search: oneLine(z.string().trim().max(100, 'La recherche ne peut pas dépasser 100 caractères.')).optional(),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(orderStatuses, { error: 'Statut de commande invalide.' }).optional(),
  ),
})

/** The Idempotency-Key header of a checkout attempt. */
export const idempotencyKey = oneLine(
  z.string().trim().min(1, "Clé d'idempotence invalide.").max(200, "Clé d'idempotence invalide."),
  "Clé d'idempotence invalide.",
)

/** An order as the client's calls answer it: the one order answer (`orderView`). */
export type ClientOrder = OrderView
