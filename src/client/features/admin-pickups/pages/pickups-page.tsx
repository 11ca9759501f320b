import { useState } from 'react'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { staffErrorText } from '@/client/lib/error-text'
import { useSession } from '@/client/lib/session'
import { usePickups } from '../api/use-pickups'
import { HandOverCard } from '../components/hand-over-card'

/** /admin/pickups, "À retirer": the ready pickup orders of the country and their hand-over (docs/rules/pickup.md#hand-over). */
export default function PickupsPage() {
  const { user } = useSession()
  const [waiting, setWaiting] = useState(false)
  const pickups = usePickups(waiting)
  const canReset = user?.role === 'root' || user?.role === 'super_admin'
  return (
    <>
      <PageHeader
        title="À retirer"
        description="Les commandes prêtes à la boutique. Remettez-les contre le code à 4 chiffres du client."
      />
      <QueryState
        query={pickups}
        loading={<SkeletonRows count={3} />}
        empty="Aucune commande à retirer pour le moment."
        isEmpty={(d) => d.orders.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Commandes à retirer non chargées.' })}
      >
        {({ orders }) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {orders.map((o) => (
              <HandOverCard key={o.id} order={o} canReset={canReset} onQr={setWaiting} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  )
}
