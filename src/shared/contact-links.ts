/**
 * Links that reach a person in one tap (docs/rules.md#phones), from a number kept in its one
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
