/**
 * Saved delivery addresses (docs/rules/people.md#delivery-addresses): how many a client keeps,
 * and why one is not offered at checkout any more.
 */
export const MAX_ADDRESSES = 10

export const TOO_MANY_ADDRESSES = `Vous avez déjà ${MAX_ADDRESSES} adresses enregistrées : supprimez-en une pour en ajouter une autre.`
export const ADDRESS_NOT_FOUND = 'Adresse introuvable.'

/** The place of an address as it stands now: its zone, city and country, and the client's country. */
export type AddressPlace = {
  zoneName: string
  zoneActive: boolean
  cityName: string
  cityActive: boolean
  countryActive: boolean
  /** The address's country is the client's own (a client orders only there). */
  ownCountry: boolean
}

/**
 * Why an address cannot be delivered to now (null: it can): the checkout does not offer it and
 * says this instead; the server refuses an order to it with the same words.
 */
export function closedReason(p: AddressPlace): string | null {
  if (!p.ownCountry) return 'Cette adresse n’est pas dans le pays de votre compte.'
  if (!p.countryActive || !p.cityActive) return `Nous ne livrons plus à ${p.cityName} pour le moment.`
  if (!p.zoneActive) return `Nous ne livrons plus dans la zone « ${p.zoneName} » pour le moment.`
  return null
}
