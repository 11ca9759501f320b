import { MAX_DELIVERY_FEE, MAX_ORDER_AMOUNT } from '../domain/pricing'
import { isKnownTimeZone } from '../domain/time-zones'
import { id, limit, oneLine, page, queryBoolean, text } from './common'
import { z } from './zod'

/* Countries, cities and delivery zones as staff maintain them (docs/rules/delivery.md#places). */

const countryName = oneLine(
  z
    .string({ error: 'Le nom du pays doit contenir au moins 2 caractères.' })
    .trim()
    .min(2, 'Le nom du pays doit contenir au moins 2 caractères.')
    .max(100, 'Le nom du pays ne peut pas dépasser 100 caractères.'),
)
const countryCode = z
  .string({ error: 'Le code doit contenir exactement 2 lettres.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Le code doit contenir exactement 2 lettres.')
const currency = z
  .string({ error: 'La devise doit contenir exactement 3 lettres.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'La devise doit contenir exactement 3 lettres.')
const providersMessage = 'Au moins un fournisseur Mobile Money est requis.'
const mobileMoneyProviders = z
  .array(
    oneLine(
      z
        .string({ error: providersMessage })
        .trim()
        .max(50, 'Un fournisseur ne peut pas dépasser 50 caractères.'),
    ),
    {
      error: providersMessage,
    },
  )
  .max(20, 'Vingt fournisseurs au plus.')
  .transform((list) => [...new Set(list.filter((p) => p.length > 0))])
  .refine((list) => list.length > 0, providersMessage)
const dialCode = z
  .string()
  .trim()
  .regex(/^(\+\d{1,4})?$/, "L'indicatif doit s'écrire + suivi de 1 à 4 chiffres (ex. +221).")

/** The shop's phone or WhatsApp in a country: '' for none; checked and written in international form by the server. */
const shopPhone = oneLine(z.string().trim().max(30, 'Le numéro ne peut pas dépasser 30 caractères.'))
const TIME_ZONE_MESSAGE = 'Fuseau horaire inconnu (ex. Africa/Dakar).'
/** An IANA time zone the runtime knows (docs/rules/delivery.md#time-zones). */
const timeZone = oneLine(
  z
    .string({ error: TIME_ZONE_MESSAGE })
    .trim()
    .min(1, TIME_ZONE_MESSAGE)
    .max(64, TIME_ZONE_MESSAGE)
    .refine(isKnownTimeZone, TIME_ZONE_MESSAGE),
  TIME_ZONE_MESSAGE,
)

/**
 * The shop's halal statement in a country, shown on each product page and in the footer
 * (docs/rules/catalogue.md#provenance); '' or null: none.
 */
export const halalStatementMessage = 'La déclaration halal ne peut pas dépasser 500 caractères.'
const halalStatement = oneLine(
  z.string({ error: halalStatementMessage }).trim().max(500, halalStatementMessage),
)
  .transform((v) => v || null)
  .nullable()

/**
 * docs/rules/confirmation.md#confirmation: an order paid at the door above this total waits for its
 * client's confirmation; empty: no amount does.
 */
export const confirmAboveMessage = 'Le montant doit être un nombre entier positif (ou vide).'
const confirmAbove = z.preprocess(
  (v) => (v === '' || v == null ? null : typeof v === 'string' ? Number(v.replace(/\s/g, '')) : v),
  z
    .number({ error: confirmAboveMessage })
    .int(confirmAboveMessage)
    .min(0, confirmAboveMessage)
    .max(1_000_000_000, confirmAboveMessage)
    .nullable(),
)

export const createCountryInput = z.strictObject({
  name: countryName,
  code: countryCode,
  currency,
  mobileMoneyProviders,
  dialCode: dialCode.optional(),
  timeZone: timeZone.optional(),
  isActive: z.boolean().optional(),
  shopPhone: shopPhone.optional(),
  shopWhatsapp: shopPhone.optional(),
  halalStatement: halalStatement.optional(),
  confirmAbove: confirmAbove.optional(),
})
export type CreateCountryInput = z.input<typeof createCountryInput>

export const updateCountryInput = z.strictObject({
  id: id('Le pays est requis.'),
  name: countryName.optional(),
  code: countryCode.optional(),
  currency: currency.optional(),
  mobileMoneyProviders: mobileMoneyProviders.optional(),
  dialCode: dialCode.optional(),
  timeZone: timeZone.optional(),
  isActive: z.boolean().optional(),
  shopPhone: shopPhone.optional(),
  shopWhatsapp: shopPhone.optional(),
  halalStatement: halalStatement.optional(),
  confirmAbove: confirmAbove.optional(),
})
export type UpdateCountryInput = z.input<typeof updateCountryInput>

const cityName = oneLine(
  z
    .string({ error: 'Le nom de la ville est requis.' })
    .trim()
    .min(1, 'Le nom de la ville est requis.')
    .max(100, 'Le nom de la ville ne peut pas dépasser 100 caractères.'),
)

export const createCityInput = z.strictObject({
  name: cityName,
  countryId: id('Le pays est requis.'),
  isActive: z.boolean().optional(),
})
export type CreateCityInput = z.input<typeof createCityInput>

export const updateCityInput = z.strictObject({
  id: id('La ville est requise.'),
  name: cityName.optional(),
  isActive: z.boolean().optional(),
})

export const adminCitiesQuery = z.strictObject({
  countryId: id('Le pays est invalide.').optional(),
  isActive: queryBoolean.optional(),
})

const zoneName = oneLine(
  z
    .string({ error: 'Le nom de la zone est requis.' })
    .trim()
    .min(1, 'Le nom de la zone est requis.')
    .max(100, 'Le nom de la zone ne peut pas dépasser 100 caractères.'),
)

/** Whole francs from 0 to `max`; an empty field of the form (null) means none. */
const francs = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(max, message)
const FEE_MESSAGE = 'Les frais de livraison doivent être un nombre entier de francs entre 0 et 1 000 000.'
const MINIMUM_MESSAGE = 'La commande minimum doit être un nombre entier de francs entre 0 et 50 000 000.'
const FREE_FROM_MESSAGE =
  'Le seuil de livraison offerte doit être un nombre entier de francs entre 0 et 50 000 000.'
/** A zone's delivery terms (docs/rules/delivery.md#delivery-fees). */
const deliveryTerms = {
  deliveryFee: francs(FEE_MESSAGE, MAX_DELIVERY_FEE),
  minOrderAmount: francs(MINIMUM_MESSAGE, MAX_ORDER_AMOUNT).nullable(),
  freeDeliveryFrom: francs(FREE_FROM_MESSAGE, MAX_ORDER_AMOUNT).nullable(),
}

export const createZoneInput = z.strictObject({
  name: zoneName,
  cityId: id('La ville est requise.'),
  isActive: z.boolean().optional(),
  deliveryFee: deliveryTerms.deliveryFee.default(0),
  minOrderAmount: deliveryTerms.minOrderAmount.optional(),
  freeDeliveryFrom: deliveryTerms.freeDeliveryFrom.optional(),
})
export type CreateZoneInput = z.input<typeof createZoneInput>

export const updateZoneInput = z.strictObject({
  id: id('La zone est requise.'),
  name: zoneName.optional(),
  isActive: z.boolean().optional(),
  deliveryFee: deliveryTerms.deliveryFee.optional(),
  minOrderAmount: deliveryTerms.minOrderAmount.optional(),
  freeDeliveryFrom: deliveryTerms.freeDeliveryFrom.optional(),
})
export type UpdateZoneInput = z.input<typeof updateZoneInput>

/** Page at least 1, limit 1 to 100 (default 10); the screen asks for 20. */
export const adminZonesQuery = z.strictObject({
  cityId: id('La ville est invalide.').optional(),
  isActive: queryBoolean.optional(),
  search: text(100).optional(),
  page,
  limit: limit(100, 10),
})

/* Answers. */
const named = z.strictObject({ id: z.number(), name: z.string() })
const adminCountry = z.strictObject({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  currency: z.string(),
  dialCode: z.string(),
  mobileMoneyProviders: z.array(z.string()),
  timeZone: z.string(),
  isActive: z.boolean(),
  shopPhone: z.string().nullable(),
  shopWhatsapp: z.string().nullable(),
  halalStatement: z.string().nullable(),
  confirmAbove: z.number().nullable(),
  createdAt: z.date(),
})
export type AdminCountry = z.infer<typeof adminCountry>
export const adminCountryAnswer = z.strictObject({ country: adminCountry })
export const adminCountriesAnswer = z.strictObject({ countries: z.array(adminCountry) })

const adminCity = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.date(),
  countryId: z.number(),
  country: named,
})
export type AdminCity = z.infer<typeof adminCity>
export const adminCityAnswer = z.strictObject({ city: adminCity })
export const adminCitiesAnswer = z.strictObject({ cities: z.array(adminCity) })

const adminZone = z.strictObject({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.date(),
  cityId: z.number(),
  deliveryFee: z.number(),
  minOrderAmount: z.number().nullable(),
  freeDeliveryFrom: z.number().nullable(),
  city: z.strictObject({ id: z.number(), name: z.string(), country: named }),
})
export type AdminZone = z.infer<typeof adminZone>
export const adminZoneAnswer = z.strictObject({ zone: adminZone })
export const adminZonesAnswer = z.strictObject({ zones: z.array(adminZone), total: z.number() })
