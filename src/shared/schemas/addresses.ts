import { ADDRESS_NOT_FOUND } from '../domain/addresses'
import { id, oneLine, text } from './common'
import { z } from './zod'

// Saved delivery addresses (docs/rules/people.md#delivery-addresses), with their French messages.

export const addressMessages = {
  label: 'Donnez un nom à cette adresse (ex. Maison, Bureau).',
  labelMax: 'Le nom de l’adresse ne peut pas dépasser 40 caractères.',
  city: 'La ville est requise.',
  zone: 'La zone de livraison est requise.',
  address: "L'adresse de livraison est requise.",
  latitude: 'La latitude doit être un nombre entre -90 et 90.',
  longitude: 'La longitude doit être un nombre entre -180 et 180.',
  halfPoint: 'Le point sur la carte doit avoir une latitude et une longitude.',
} as const

const required = (
  message: string,
  max: number,
  maxMessage = `Ce champ ne peut pas dépasser ${max} caractères.`,
) => oneLine(z.string({ error: message }).trim().min(1, message).max(max, maxMessage))

/** An optional one-line text: empty means none (null). */
const optional = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || null)

const coordinate = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    // Six decimals: about 11 cm, more than a phone's location knows.
    .transform((v) => Math.round(v * 1e6) / 1e6)
    .nullish()
    .transform((v) => v ?? null)

/** The fields of an address, as the client writes them (the account page, the checkout). */
export const addressFields = {
  label: required(addressMessages.label, 40, addressMessages.labelMax),
  cityId: id(addressMessages.city),
  zoneId: id(addressMessages.zone),
  address: required(addressMessages.address, 500),
  /** "Repère : en face de la pharmacie" */
  landmark: optional(300),
  /** Read by the phone rule in the address's country (docs/rules/people.md#phones). */
  secondPhone: optional(30),
  /** Taken from the phone's location, on the client's tap only. */
  latitude: coordinate(-90, 90, addressMessages.latitude),
  longitude: coordinate(-180, 180, addressMessages.longitude),
}

/** A map point is whole or absent. */
const wholePoint = (v: { latitude: number | null; longitude: number | null }, ctx: z.RefinementCtx) => {
  if ((v.latitude === null) !== (v.longitude === null))
    ctx.addIssue({
      code: 'custom',
      path: [v.latitude === null ? 'latitude' : 'longitude'],
      message: addressMessages.halfPoint,
    })
}

/** POST /_api/account/addresses/create */
export const addressInput = z.strictObject(addressFields).superRefine(wholePoint)
export type AddressInput = z.input<typeof addressInput>

/** POST /_api/account/addresses/update: the address, whole, as edited. */
export const updateAddressInput = z
  .strictObject({ id: id(ADDRESS_NOT_FOUND), ...addressFields })
  .superRefine(wholePoint)
export type UpdateAddressInput = z.input<typeof updateAddressInput>

/** POST /_api/account/addresses/delete */
export const deleteAddressInput = z.strictObject({ id: id(ADDRESS_NOT_FOUND) })

/** An address as the account page and the checkout read it. */
export const addressView = z.strictObject({
  id: z.number(),
  label: z.string(),
  countryId: z.number(),
  cityId: z.number(),
  cityName: z.string(),
  zoneId: z.number(),
  zoneName: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  secondPhone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastUsedAt: z.date().nullable(),
  /** Why it cannot be delivered to now (its zone or city closed): null when it can. */
  closedReason: z.string().nullable(),
})
export type AddressView = z.infer<typeof addressView>

export const addressAnswer = z.strictObject({ address: addressView })
export const addressesAnswer = z.strictObject({ addresses: z.array(addressView), max: z.number() })
