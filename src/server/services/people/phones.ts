import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'
import { badRequest } from '@/server/http/errors'

/**
 * Phone numbers in one international form (docs/rules/people.md#phones): "+221 77 123 45 67", as
 * libphonenumber-js writes it, whatever the person typed ("77 123 45 67" in Senegal,
 * "00221771234567", "+221-77-123-45-67"). A local number is read in the account's or the order's
 * country. Links (tel:, wa.me) are made from it by keeping its digits.
 */
export function internationalPhone(raw: string, countryCode: string | null | undefined): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim().replace(/^00/, '+'), {
    defaultCountry: (countryCode ?? undefined) as CountryCode | undefined,
  })
  return parsed?.isValid() ? parsed.formatInternational() : null
}

export const PHONE_INVALID =
  'Numéro de téléphone invalide : écrivez-le avec l’indicatif du pays (ex. +221 77 123 45 67) ou tel qu’on le compose dans le pays.'

/** The number in its international form, or a French 400 on `field`. */
export function phoneOrRefuse(raw: string, countryCode: string | null | undefined, field: string): string {
  const phone = internationalPhone(raw, countryCode)
  if (!phone) throw badRequest(PHONE_INVALID, { [field]: [PHONE_INVALID] })
  return phone
}

/** The shop's phone and WhatsApp of a country, each in international form or null (empty: none). */
export function shopContacts(
  input: { shopPhone?: string | null; shopWhatsapp?: string | null },
  countryCode: string,
) {
  const one = (v: string | null | undefined, field: string) =>
    v === undefined ? undefined : !v ? null : phoneOrRefuse(v, countryCode, field)
  return {
    shopPhone: one(input.shopPhone, 'shopPhone'),
    shopWhatsapp: one(input.shopWhatsapp, 'shopWhatsapp'),
  }
}
