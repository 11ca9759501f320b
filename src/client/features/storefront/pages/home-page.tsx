import { Award, HandHeart, Truck } from 'lucide-react'
import { Suspense, useDeferredValue } from 'react'
import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { useCatalogueCountry } from '@/client/lib/catalogue'
import { useFeatured } from '../api/use-featured'
import { CountryChooser } from '../components/country-chooser'
import { FIRST_SCREEN_CARDS, ProductCard, ProductGridSkeleton } from '../components/product-card'
import { useSession } from '@/client/lib/session'
import { homeRouteFor } from '@/shared/domain/roles'
import { CampaignBanner } from '@/client/features/campaigns/components/campaign-banner'

const values = [
  {
    icon: Award,
    title: 'Qualité',
    text: 'Des viandes fraîches, choisies chaque matin chez des éleveurs que nous connaissons.',
  },
  {
    icon: HandHeart,
    title: 'Tradition',
    text: 'Le savoir-faire du boucher de quartier : découpes à la demande, conseils de cuisson.',
  },
  {
    icon: Truck,
    title: 'Service',
    text: 'Commande en ligne, livraison dans votre zone et paiement à la livraison.',
  },
]

/** / : hero, featured products, about, the three values, calls to action. */
export default function HomePage() {
  const country = useCatalogueCountry()
  const featured = useFeatured(country)
  // The cards are drawn in a transition (React yields to the browser every few milliseconds),
  // not in the query's own update, which React renders in one go (docs/decisions/0012).
  const cards = useDeferredValue(featured.data)
  const { user } = useSession()
  return (
    <div className="space-y-14">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-brand-dark px-6 py-12 text-white sm:px-12 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Boucherie en ligne</p>
        <h1 className="mt-2 max-w-2xl text-3xl font-bold sm:text-5xl">
          La viande fraîche du marché, livrée chez vous
        </h1>
        <p className="mt-4 max-w-xl text-white/90">
          Bœuf, mouton, chèvre et volaille, découpés par nos bouchers et livrés dans votre quartier, de Dakar
          à Bamako.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg" variant="secondary">
            <Link to="/products">Voir les produits</Link>
          </Button>
          {/* The page is rendered without the session (docs/architecture.md): the browser then
              offers a signed-in person its own space instead of the sign-in. */}
          <Link
            to={user ? homeRouteFor(user.role) : '/client/login'}
            className="inline-flex h-12 items-center rounded-md border border-white/70 px-6 font-medium text-white hover:bg-white/10"
          >
            {user ? 'Mon espace' : 'Se connecter'}
          </Link>
        </div>
      </section>

      <CampaignBanner />

      <section aria-labelledby="featured-title">
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 id="featured-title" className="text-2xl font-bold text-stone-900">
            Nos produits phares
          </h2>
          <Link to="/products" className="text-sm font-medium text-brand hover:underline">
            Tout le catalogue
          </Link>
        </div>
        <div className="mb-4">
          <CountryChooser country={country} />
        </div>
        <QueryState
          query={featured}
          loading={<ProductGridSkeleton count={8} />}
          errorMessage={() => 'Impossible de charger les produits. Veuillez réessayer plus tard.'}
        >
          {() =>
            !cards ? (
              <ProductGridSkeleton count={8} />
            ) : cards.length === 0 ? (
              <EmptyState message="Aucun produit trouvé" />
            ) : (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {cards.map((p, i) =>
                  i < FIRST_SCREEN_CARDS ? (
                    <ProductCard key={p.id} product={p} showQuantity={false} eager={i < 4} returnTo="/" />
                  ) : (
                    <Suspense key={p.id}>
                      <ProductCard product={p} showQuantity={false} eager={false} returnTo="/" />
                    </Suspense>
                  ),
                )}
              </div>
            )
          }
        </QueryState>
      </section>

      <section
        aria-labelledby="about-title"
        className="grid gap-6 rounded-2xl bg-white p-6 shadow-sm sm:p-10 md:grid-cols-2"
      >
        <div>
          <h2 id="about-title" className="text-2xl font-bold text-stone-900">
            À propos d'Étal
          </h2>
          <p className="mt-3 text-stone-700">
            Étal, c'est l'étal du boucher de confiance, en ligne. Nous travaillons avec des éleveurs d'Afrique
            de l'Ouest et du Centre et préparons chaque commande le jour même.
          </p>
          <p className="mt-3 text-stone-700">
            Vous commandez au kilo ou à la pièce, vous choisissez votre zone, et vous payez à la livraison.
          </p>
        </div>
        <ul className="grid gap-4">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-light text-brand">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-stone-900">{title}</h3>
                <p className="text-sm text-stone-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-8 text-center">
        <h2 className="text-2xl font-bold text-stone-900">Prêt à commander ?</h2>
        <p className="max-w-lg text-stone-600">
          Parcourez le catalogue, remplissez votre panier et recevez votre viande dans la journée.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/products">Découvrir les produits</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/client/login">Connexion client</Link>
          </Button>
        </div>
      </section>
    </div>
  )
}
