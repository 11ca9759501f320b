import { useEffect } from 'react'
import { dropOtherCountries } from './cart-actions'
import { useCartItems } from './cart'
import { useSession } from './session'

/**
 * When the user's country is known or changes, lines of other countries leave the
 * cart. Mounted once in the site layout; renders nothing.
 */
export function CartCountryGuard() {
  const { user } = useSession()
  const items = useCartItems()
  const country = user?.country ?? null
  const hasForeign = !!country && items.some((i) => i.countryName && i.countryName !== country)
  useEffect(() => {
    if (country && hasForeign) dropOtherCountries(country)
  }, [country, hasForeign])
  return null
}
