import type { OrderView } from './orders'
import { CANCEL_REASON_MAX, CLIENT_CANCEL_REASON_REQUIRED, orderStatuses } from '../domain/order-status'
import { MAX_ORDER_AMOUNT } from '../domain/pricing'
import { MAX_LINE_QUANTITY } from '../domain/units'
import { id, multiLine, oneLine, paragraph, text } from './common'
import { paymentMethods } from '../domain/payments'
import { slotChoice } from './slots'
import { ADDRESS_NOT_FOUND } from '../domain/addresses'
import { addressFields, addressMessages } from './addresses'
import { couponCodeInput } from './coupons'
import { fulfilments, type Fulfilment } from '../domain/pickup'
import { z } from './zod'

const required = (message: string, max: number) =>
  oneLine(
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `Ce champ ne peut pas dépasser ${max} caractères.`),
  )

/** Every refusal in French (docs/rules/orders.md#validation-messages): these replaced the English texts the shop started with. */
export const checkoutMessages = {
  noItems: 'La commande doit contenir au moins un produit.',
  address: "L'adresse de livraison est requise.",
  city: 'La ville de livraison est requise.',
  country: 'Le pays de livraison est requis.',
  phone: 'Le numéro de téléphone de livraison est requis.',
  zone: 'La zone de livraison est requise.',
} as const

export const DUPLICATE_PRODUCT_MESSAGE = "Un produit ne peut figurer qu'une seule fois dans la commande."
export const SHOP_REQUIRED_MESSAGE = 'Choisissez la boutique où retirer votre commande.'
export const PICKUP_NO_ADDRESS_MESSAGE =
  'Une commande à retirer à la boutique n’a pas d’adresse de livraison : choisissez la livraison ou la boutique, pas les deux.'
export const BOTH_PLACES_MESSAGE =
  'Choisissez une adresse enregistrée ou saisissez une adresse, pas les deux.'

/** The place typed, or a saved address: one of them, whole (docs/rules/people.md#delivery-addresses). */
function deliveryPlace(
  v: {
    addressId?: number | null
    deliveryAddress?: string
    deliveryCity?: string
    deliveryCountry?: string
    zoneId?: number
    deliveryLandmark: string | null
    deliverySecondPhone: string | null
    deliveryLatitude: number | null
    deliveryLongitude: number | null
    saveAddress?: unknown
    fulfilment?: Fulfilment
    shopId?: number | null
  },
  ctx: z.RefinementCtx,
) {
  const typed = [
    v.deliveryAddress,
    v.deliveryCity,
    v.deliveryCountry,
    v.zoneId,
    v.deliveryLandmark,
    v.deliverySecondPhone,
    v.deliveryLatitude,
    v.saveAddress,
  ]
  // docs/rules/pickup.md: collected at a shop, the order names the shop and no place of delivery.
  if (v.fulfilment === 'pickup') {
    if (v.shopId == null) ctx.addIssue({ code: 'custom', path: ['shopId'], message: SHOP_REQUIRED_MESSAGE })
    if (v.addressId != null || typed.some((x) => x != null))
      ctx.addIssue({ code: 'custom', path: ['fulfilment'], message: PICKUP_NO_ADDRESS_MESSAGE })
    return
  }
  if (v.shopId != null) ctx.addIssue({ code: 'custom', path: ['shopId'], message: PICKUP_NO_ADDRESS_MESSAGE })
  if (v.addressId != null) {
    if (typed.some((x) => x != null))
      ctx.addIssue({ code: 'custom', path: ['addressId'], message: BOTH_PLACES_MESSAGE })
    return
  }
  const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  if (v.deliveryAddress === undefined) missing('deliveryAddress', checkoutMessages.address)
  if (v.deliveryCity === undefined) missing('deliveryCity', checkoutMessages.city)
  if (v.deliveryCountry === undefined) missing('deliveryCountry', checkoutMessages.country)
  if (v.zoneId === undefined) missing('zoneId', checkoutMessages.zone)
  if ((v.deliveryLatitude === null) !== (v.deliveryLongitude === null))
    missing(v.deliveryLatitude === null ? 'deliveryLatitude' : 'deliveryLongitude', addressMessages.halfPoint)
}

/**
 * POST /_api/orders/create: lines, delivery and pointsToUse, with the spec's French messages.
 * Strict at every level: a price, total or discount sent by the client answers 400
 * (docs/rules/money.md#pricing).
 */
export const createOrderInput = z
  .strictObject({
    items: z
      .array(
        z.strictObject({
          productId: id('Identifiant de produit invalide.'),
          quantity: z
            .number({ error: 'La quantité doit être un nombre positif.' })
            .positive('La quantité doit être un nombre positif.')
            // Its unit's step (0.5 kg, whole pieces), exactly, is checked once the product is read,
            // with the product's name (services/orders/checkout/checks.ts, isValidQuantityStep).
            .max(MAX_LINE_QUANTITY, `La quantité ne peut pas dépasser ${MAX_LINE_QUANTITY}.`),
          /**
           * The preparation asked for (docs/rules/orders.md#preparations): one the product offers;
           * left out, the product's default (or none when it has no default).
           */
          preparationId: id('Identifiant de préparation invalide.').nullish(),
        }),
        { error: checkoutMessages.noItems },
      )
      .min(1, checkoutMessages.noItems)
      .max(100, 'Une commande ne peut pas contenir plus de 100 produits.')
      // One line per product and preparation: the same product with two preparations is two lines.
      .refine(
        (items) => new Set(items.map((i) => `${i.productId}:${i.preparationId ?? ''}`)).size === items.length,
        DUPLICATE_PRODUCT_MESSAGE,
      ),
    /**
     * A saved address of the client's (docs/rules/people.md#delivery-addresses): the order goes
     * there, its place read from it (then the place fields below are not sent), or the place typed:
     */
    addressId: id(ADDRESS_NOT_FOUND).nullish(),
    deliveryAddress: required(checkoutMessages.address, 500).optional(),
    deliveryCity: required(checkoutMessages.city, 100).optional(),
    deliveryCountry: required(checkoutMessages.country, 100).optional(),
    zoneId: id(checkoutMessages.zone).optional(),
    deliveryLandmark: addressFields.landmark,
    deliverySecondPhone: addressFields.secondPhone,
    deliveryLatitude: addressFields.latitude,
    deliveryLongitude: addressFields.longitude,
    /** Keep the typed address on the account under this label ("Enregistrer cette adresse"). */
    saveAddress: z.strictObject({ label: addressFields.label }).nullish(),
    /** docs/rules/pickup.md: delivered (default) or collected at `shopId`, a shop of the client's city. */
    fulfilment: z
      .enum(fulfilments, { error: 'Choisissez la livraison ou le retrait à la boutique.' })
      .default('delivery'),
    shopId: id('Boutique introuvable.').nullish(),
    deliveryPhone: required(checkoutMessages.phone, 30),
    pointsToUse: z
      .number({ error: 'Les points doivent être un entier positif ou nul.' })
      .int('Les points doivent être un entier positif ou nul.')
      .min(0, 'Les points doivent être un entier positif ou nul.')
      // No order can take more points than its ceiling in francs (docs/rules/api.md#limits).
      .max(MAX_ORDER_AMOUNT, 'Les points dépassent le montant maximal d’une commande.')
      .default(0),
    /** docs/rules/commerce.md#coupons: a promotion code of the client's country (any case). */
    couponCode: couponCodeInput.nullish(),
    /** docs/rules/store-credit.md#spending: spend the client's store credit first (default), or keep it. */
    useCredit: z.boolean({ error: 'Choix de l’avoir invalide.' }).default(true),
    /** docs/rules/money.md#payments: cash at the door (default), or mobile money with one of the country's wallets. */
    paymentMethod: z.enum(paymentMethods, { error: 'Mode de paiement invalide.' }).default('cash'),
    paymentWallet: text(50).nullish(),
    notes: paragraph(1000, 'Les notes ne peuvent pas dépasser 1000 caractères.').nullish(),
    /** The delivery slot, required where the city has slots (docs/rules/delivery.md#delivery-slots). */
    slot: slotChoice.nullish(),
  })
  .superRefine(deliveryPlace)
export type CreateOrderInput = z.input<typeof createOrderInput>

/**
 * POST /_api/orders/cancel: the client cancels its own order while it is pending, with the reason
 * the shop reads (docs/rules/orders.md#client-cancel).
 */
export const clientCancelInput = z.strictObject({
  orderId: id('ID de commande manquant ou invalide.'),
  reason: multiLine(
    z
      .string({ error: CLIENT_CANCEL_REASON_REQUIRED })
      .trim()
      .min(1, { error: CLIENT_CANCEL_REASON_REQUIRED })
      .max(CANCEL_REASON_MAX, { error: `La raison ne peut pas dépasser ${CANCEL_REASON_MAX} caractères.` }),
  ),
})
export type ClientCancelInput = z.input<typeof clientCancelInput>

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
