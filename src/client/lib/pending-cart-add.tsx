import { useEffect } from 'react'
import { settlePendingAdd } from './cart-actions'
import { useSession } from './session'

/**
 * The product a visitor added before signing in (the product card remembers it) goes into the
 * cart once the sign-in succeeds, or is dropped with the reason this account cannot buy it.
 * Mounted once, at the root of every page (app/app-shell.tsx): a sign-in at any login page,
 * or a registration, settles it. Renders nothing.
 */
export function PendingCartAdd() {
  const { user } = useSession()
  useEffect(() => {
    if (user) settlePendingAdd(user)
  }, [user])
  return null
}
