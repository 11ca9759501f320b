import { useEffect } from 'react'
import { CART_COOKIE, cartCookieIn, parseCartCookie } from '@/shared/cart-cookie'
import { addLine, toCartItem } from './cart-actions'
import { cartChanged } from './cart'
import { fetchProductsByIds } from './catalogue'
import { toast } from './toast'

/**
 * Moves the lines of the cart cookie into the cart this browser keeps, then clears the cookie
 * (docs/rules/catalogue.md#before-the-script): "Ajouter" tapped before the script ran posted to
 * the server, which kept them there. Each product is read again (its name, price, photo); one no
 * longer on sale is dropped, and said. Unread (offline), the cookie stays for the next page.
 */
export async function moveCookieCart() {
  const lines = parseCartCookie(cartCookieIn(document.cookie))
  if (lines.length === 0) return
  let products: Awaited<ReturnType<typeof fetchProductsByIds>>
  try {
    products = await fetchProductsByIds(null, [...new Set(lines.map((l) => l.id))])
  } catch {
    return
  }
  const dropped: number[] = []
  for (const line of lines) {
    const product = products.find((p) => p.id === line.id)
    if (!product) {
      dropped.push(line.id)
      continue
    }
    const offer = product.preparations.find((o) => o.id === line.preparationId) ?? null
    addLine(toCartItem(product, line.quantity, offer))
  }
  document.cookie = `${CART_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
  cartChanged()
  if (dropped.length > 0) toast.error('Un produit ajouté n’est plus en vente : il a été retiré du panier.')
}

/** Mounted once, at the root of every page (app/app-shell.tsx). Renders nothing. */
export function CookieCart() {
  useEffect(() => {
    void moveCookieCart()
  }, [])
  return null
}
