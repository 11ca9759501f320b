/**
 * Links that reach a person in one tap (docs/rules/people.md#phones), from a number kept in its one
 * international form ("+221 77 123 45 67"): its digits make the tel: and wa.me addresses.
 */
const digitsOf = (phone: string) => phone.replace(/\D/g, '')

/** Whether the number is in international form (a number kept before the rule may not be). */
export const isInternational = (phone: string) => phone.trim().startsWith('+') && digitsOf(phone).length >= 8

export const telHref = (phone: string) => `tel:${isInternational(phone) ? '+' : ''}${digitsOf(phone)}`

/** WhatsApp's click-to-chat with a prefilled text; none for a number without its country code. */
export const whatsAppHref = (phone: string, text?: string) =>
  isInternational(phone)
    ? `https://wa.me/${digitsOf(phone)}${text ? `?text=${encodeURIComponent(text)}` : ''}`
    : null

/** A maps search of an address (opens the phone's maps app). */
export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

/**
 * An address inside a French sentence, whatever it is ("Rue 12 x", "Villa 4, Sicap", "12 avenue
 * Lamine Guèye"): "à l’adresse : Rue 12 x". Never "au " + the address, which reads right only
 * for some ("au 12 avenue…", not "au Rue 12 x"). Every message text that names an address
 * (e-mails to the client, WhatsApp texts of staff and drivers) writes it through here.
 */
export const atAddress = (address: string) => `à l’adresse : ${address.trim()}`

/**
 * A map point (latitude, longitude) as a maps search: the phone's maps app opens on the very spot
 * the client took from its location (docs/rules/people.md#delivery-addresses).
 */
export const mapPointHref = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`
