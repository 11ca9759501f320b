import { PICKUP_CODE_FORMAT, PICKUP_CODE_PATTERN } from '../domain/pickup'
import { addressFields } from './addresses'
import { id, oneLine, paragraph, text } from './common'
import { ordersAnswer, orderAnswer } from './orders'
import { z } from './zod'

/* Shops where clients collect their orders, and the hand-over at the counter (docs/rules/pickup.md). */

const shopName = oneLine(
  z
    .string({ error: 'Le nom de la boutique est requis.' })
    .trim()
    .min(2, 'Le nom de la boutique doit contenir au moins 2 caractères.')
    .max(100, 'Le nom de la boutique ne peut pas dépasser 100 caractères.'),
)
const shopAddress = oneLine(
  z
    .string({ error: 'L’adresse de la boutique est requise.' })
    .trim()
    .min(1, 'L’adresse de la boutique est requise.')
    .max(500, 'Ce champ ne peut pas dépasser 500 caractères.'),
)
const shopHours = paragraph(500, 'Les horaires ne peuvent pas dépasser 500 caractères.').refine(
  (v) => v.trim().length > 0,
  'Les horaires d’ouverture sont requis (ex. Lun–sam 8:00–19:00).',
)
const POINT_MESSAGE = 'Le point sur la carte doit avoir une latitude et une longitude.'

const shopFields = {
  name: shopName,
  address: shopAddress,
  latitude: addressFields.latitude,
  longitude: addressFields.longitude,
  hours: shopHours,
  phone: text(30)
    .nullish()
    .transform((v) => v || null),
  isActive: z.boolean().optional(),
}

export const createShopInput = z
  .strictObject({ cityId: id('La ville est requise.'), ...shopFields })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: POINT_MESSAGE,
    path: ['longitude'],
  })
export type CreateShopInput = z.input<typeof createShopInput>

export const updateShopInput = z
  .strictObject({ id: id('La boutique est requise.'), ...shopFields })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: POINT_MESSAGE,
    path: ['longitude'],
  })
export type UpdateShopInput = z.input<typeof updateShopInput>

/** GET /_api/shops?cityId: the active shops of a city, for the checkout. */
export const shopsQuery = z.strictObject({ cityId: id('La ville est requise.') })

const shopView = z.strictObject({
  id: z.number(),
  countryId: z.number(),
  cityId: z.number(),
  cityName: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hours: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
})
export type ShopView = z.infer<typeof shopView>
export const shopAnswer = z.strictObject({ shop: shopView })
export const shopsAnswer = z.strictObject({ shops: z.array(shopView) })

/** POST /_api/admin/pickups/hand-over: the code the client gives, and how it paid at the counter. */
export const handOverInput = z.strictObject({
  orderId: id('ID de commande manquant ou invalide.'),
  code: z.string({ error: PICKUP_CODE_FORMAT }).trim().regex(PICKUP_CODE_PATTERN, PICKUP_CODE_FORMAT),
  payment: z.enum(['cash', 'mobile_money'], {
    error: 'Choisissez le paiement reçu : espèces ou mobile money.',
  }),
})
export type HandOverInput = z.input<typeof handOverInput>
export const pickupOrderInput = z.strictObject({ orderId: id('ID de commande manquant ou invalide.') })

export const pickupsAnswer = ordersAnswer
export const pickupAnswer = orderAnswer
