import { countries, users } from './schema'

/**
 * The columns of a user as every auth answer gives them (no password hash): the session's
 * lookup (http/session.ts) and the services that answer with a user read the same ones. For a
 * query that joins `countries` on the user's country.
 */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  phoneNumber: users.phoneNumber,
  city: users.city,
  country: countries.name,
  countryId: users.countryId,
  role: users.role,
  loyaltyPoints: users.loyaltyPoints,
  customDiscountPercent: users.customDiscountPercent,
  isActive: users.isActive,
}
