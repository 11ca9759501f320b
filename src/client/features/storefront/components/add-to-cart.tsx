import { Minus, Plus, ShoppingCart } from 'lucide-react'
import { useNavigate } from 'react-router'
import { toast } from '@/client/lib/toast'
import { steppedQuantity } from '@/shared/domain/line-quantity'
import { formatQuantity } from '@/shared/format'
import type { PublicProduct } from '@/shared/schemas/storefront'
import { Button } from '@/client/components/ui/button'
import { CART_FORM_PATH, CART_LINE_SLOT } from '@/shared/cart-cookie'
import { addLine, cannotAdd, rememberPendingAdd, toCartItem } from '@/client/lib/cart-actions'
import { useNotShopper } from '@/client/lib/first-page-context'
import { errorMessage } from '@/client/lib/api'
import { useSession, useSessionWhenKnown } from '@/client/lib/session'
import { useLineChoice, type LineChoice } from './line-price'
import { PreparationPicker } from './preparation-picker'

/**
 * What a product offers to buy, the card's and the product page's (docs/rules/catalogue.md#product-page):
 * sold out, for clients only, not in the client's country, or the quantity stepper (0.5 for kg, 1
 * for units, never past today's stock) and "Ajouter". A visitor is sent to sign in and the product
 * is added once signed in; `returnTo` is the page it comes back to. Above the stepper, the
 * preparation picker (docs/rules/orders.md#preparations), the product's default until another is picked.
 */
export function AddToCart({
  product,
  showQuantity = true,
  returnTo = '/products',
  choice,
}: {
  product: PublicProduct
  showQuantity?: boolean
  returnTo?: string
  /** The line being made, when the price beside it follows it (`LinePrice`); else its own. */
  choice?: LineChoice
}) {
  const session = useSession()
  const { user } = session
  const sessionWhenKnown = useSessionWhenKnown()
  const navigate = useNavigate()
  const own = useLineChoice(product)
  const { offer, setOffer, quantity, setQuantity } = choice ?? own
  const otherCountry = !!user?.country && user.country !== product.countryName
  // Only shoppers buy: staff and drivers see the catalogue without a cart, from the first HTML on.
  const notShopper = useNotShopper()
  // Today's stock (docs/rules/catalogue.md#stock): sold out cannot be added; a low daily quantity is said.
  const soldOut = product.stock.soldOut

  const add = async () => {
    // Tapped before the session is known: wait for it rather than take a client for a visitor.
    let caller = user
    if (session.status === 'loading') {
      try {
        caller = await sessionWhenKnown()
      } catch (e) {
        toast.error(errorMessage(e, 'Le produit n’a pas pu être ajouté. Réessayez.'))
        return
      }
    }
    const refusal = cannotAdd(caller, product)
    if (refusal) {
      if (!caller) {
        // Added once the sign-in succeeds (lib/pending-cart-add.tsx).
        rememberPendingAdd(toCartItem(product, quantity, offer))
        toast.error(refusal, {
          description: `${product.name} sera ajouté à votre panier dès que vous serez connecté.`,
        })
        navigate(`/client/login?redirect=${encodeURIComponent(returnTo)}`)
        return
      }
      toast.error(refusal)
      return
    }
    addLine(toCartItem(product, quantity, offer))
    toast.success(`${product.name} a été ajouté au panier`)
  }

  return (
    <>
      {soldOut ? (
        <p className="rounded-md bg-red-50 p-2 text-center text-sm font-medium text-red-800">
          Épuisé pour le moment
        </p>
      ) : notShopper ? (
        <p className="rounded-md bg-stone-100 p-2 text-center text-sm text-stone-600">
          Commande réservée aux clients
        </p>
      ) : otherCountry ? (
        <p className="rounded-md bg-stone-100 p-2 text-center text-sm text-stone-600">
          Non disponible dans votre pays
        </p>
      ) : (
        // A real form (docs/rules/catalogue.md#before-the-script): tapped before the script runs, or
        // without one, it posts to the server, which keeps the line in the cart cookie and sends the
        // page back with its count; once the script runs, it adds here without a reload.
        <form
          method="post"
          action={CART_FORM_PATH}
          className="contents"
          onSubmit={(e) => {
            e.preventDefault()
            void add()
          }}
        >
          <input type="hidden" name="product" value={product.id} />
          <input type="hidden" name="quantity" value={quantity} />
          <input type="hidden" name="back" value={returnTo} />
          <PreparationPicker
            offers={product.preparations}
            unitType={product.unitType}
            value={offer?.id}
            onChange={setOffer}
            productName={product.name}
          />
          <div className="flex items-center gap-2">
            {showQuantity && (
              <div
                className="flex items-center rounded-md border border-stone-300"
                role="group"
                aria-label={`Quantité de ${product.name}`}
                // Without script, what it picks is not posted: hidden, "Ajouter" adds the least,
                // and the line's own stepper is drawn below (docs/rules/catalogue.md#before-the-script).
                data-needs-script=""
              >
                <button
                  type="button"
                  className="grid h-10 w-9 place-items-center text-stone-700 disabled:opacity-40"
                  aria-label="Diminuer la quantité"
                  disabled={steppedQuantity(quantity, 'down', product) === null}
                  onClick={() => setQuantity((q) => steppedQuantity(q, 'down', product) ?? q)}
                >
                  <Minus className="h-4 w-4" aria-hidden />
                </button>
                <span className="min-w-16 text-center text-sm tabular-nums" data-testid="card-quantity">
                  {formatQuantity(quantity, product.unitType)}
                </span>
                <button
                  type="button"
                  className="grid h-10 w-9 place-items-center text-stone-700 disabled:opacity-40"
                  aria-label="Augmenter la quantité"
                  disabled={steppedQuantity(quantity, 'up', product) === null}
                  onClick={() => setQuantity((q) => steppedQuantity(q, 'up', product) ?? q)}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                </button>
              </div>
            )}
            <Button
              type="submit"
              className="min-w-0 flex-1 px-3"
              aria-label={`Ajouter ${product.name} au panier`}
            >
              <ShoppingCart className="h-4 w-4" aria-hidden />
              Ajouter
            </Button>
          </div>
        </form>
      )}
      {/* This product's lines in the cart cookie, drawn by the server for a browser without script
          (src/server/web/no-script-cart.ts); empty here, and React leaves it so. */}
      {!soldOut && !notShopper && !otherCountry && <noscript {...{ [CART_LINE_SLOT]: product.id }} />}
    </>
  )
}
