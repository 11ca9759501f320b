import { ShoppingCart } from 'lucide-react'
import { Link, NavLink, useNavigate } from 'react-router'
import { toast } from '@/client/lib/toast'
import { homeRouteFor } from '@/shared/domain/roles'
import { Button } from '@/client/components/ui/button'
import { cn } from '@/client/components/ui/cn'
import { Spinner } from '@/client/components/ui/spinner'
import { useCartCount } from '@/client/lib/cart'
import { useNotShopper } from '@/client/lib/first-page-context'
import { useLogout, useSession } from '@/client/lib/session'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2.5 py-1.5 text-sm font-medium',
    isActive ? 'bg-brand-light text-brand' : 'text-stone-700 hover:bg-stone-100',
  )

/**
 * What the cart link holds: its icon and its count. Named by its content, "Panier (2)", so that
 * the badge's visible "2" is part of its name (WCAG 2.5.3, axe's label-content-name-mismatch).
 * The server draws it too, with the count of the cart cookie, in a page sent to a browser whose
 * "Ajouter" posted before its script ran (src/server/web/cart-count.ts).
 */
export function CartLinkContent({ count }: { count: number }) {
  return (
    <>
      <ShoppingCart className="h-5 w-5" aria-hidden />
      {count > 0 ? (
        <>
          <span className="sr-only">Panier (</span>
          <span
            data-testid="cart-badge"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1 text-xs font-bold text-white"
          >
            {count}
          </span>
          <span className="sr-only">)</span>
        </>
      ) : (
        <span className="sr-only">Panier (0)</span>
      )}
    </>
  )
}

/** The site header: links by role, cart badge, auth controls. */
export function SiteHeader() {
  const session = useSession()
  // Staff and drivers get no shop links nor cart: told by the session, or while it loads by the
  // kind of caller the page was rendered for, so the first HTML never shows them a cart.
  const shopperOrVisitor = !useNotShopper()
  const count = useCartCount()
  const logout = useLogout()
  const navigate = useNavigate()

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () => toast.error('La déconnexion a échoué. Veuillez réessayer.'),
    })

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link
          to="/"
          className="mr-2 flex items-center gap-2 text-xl font-bold text-brand"
          aria-label="Étal, accueil"
        >
          {/* The letter is drawn by CSS: not text, so the link's visible text is its name's (WCAG 2.5.3). */}
          <span
            aria-hidden
            className="grid h-8 w-8 place-items-center rounded-md bg-brand font-serif text-white before:content-['É']"
          />
          <span className="hidden sm:inline">Étal</span>
        </Link>
        <nav aria-label="Navigation principale" className="hidden items-center gap-1 md:flex">
          <SiteLinks shop={shopperOrVisitor} />
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          {shopperOrVisitor && (
            <Link to="/cart" className="relative rounded-md p-2 text-stone-700 hover:bg-stone-100">
              <CartLinkContent count={count} />
            </Link>
          )}
          {session.status === 'loading' ? (
            <Spinner />
          ) : session.status === 'authenticated' ? (
            <>
              <span className="hidden max-w-40 truncate text-sm text-stone-700 lg:inline">
                Bonjour, {session.user.displayName}
              </span>
              <Button asChild variant="outline" size="sm">
                <Link to={homeRouteFor(session.user.role)}>Dashboard</Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={onLogout} disabled={logout.isPending}>
                Déconnexion
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/client/login">Connexion</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">S'inscrire</Link>
              </Button>
            </>
          )}
        </div>
      </div>
      {/* On a phone: the links on their own row, the greeting under them. */}
      <div className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-3 pb-2 md:hidden">
        <SiteLinks shop={shopperOrVisitor} />
        {session.user && (
          <span className="ml-auto truncate pl-2 text-sm text-stone-600">
            Bonjour, {session.user.displayName}
          </span>
        )}
      </div>
    </header>
  )
}

/** Accueil and Produits for visitors and shoppers, Contact for everyone. */
function SiteLinks({ shop }: { shop: boolean }) {
  return (
    <>
      {shop && (
        <>
          <NavLink to="/" end className={linkClass}>
            Accueil
          </NavLink>
          <NavLink to="/products" className={linkClass}>
            Produits
          </NavLink>
        </>
      )}
      <NavLink to="/contact" className={linkClass}>
        Contact
      </NavLink>
    </>
  )
}
