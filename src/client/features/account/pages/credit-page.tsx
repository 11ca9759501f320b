import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { CreditStatementView } from '@/client/components/credit-statement'
import { queryOptionsFor } from '@/client/lib/queries'

/**
 * /avoir (docs/rules/store-credit.md): the client's store credit, its balance and every movement
 * with who and why; it is spent first at checkout.
 */
export default function CreditPage() {
  const credit = useQuery(queryOptionsFor('/_api/account/credit'))
  return (
    <>
      <PageHeader
        title="Mon avoir"
        description="Votre avoir est utilisé en premier à la commande, avant tout autre paiement."
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Solde et mouvements</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <QueryState query={credit} loading={<SkeletonRows count={3} />} errorTitle="Erreur de chargement">
            {(statement) => (
              <CreditStatementView
                statement={statement}
                empty="Pas encore de mouvement : un remboursement en avoir ou un geste de la boutique apparaîtra ici."
              />
            )}
          </QueryState>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/bons-cadeaux/utiliser">Utiliser un bon cadeau</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/bons-cadeaux">Offrir un bon cadeau</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/products">Voir les produits</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </>
  )
}
