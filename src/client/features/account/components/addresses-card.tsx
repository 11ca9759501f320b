import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { AddressView } from '@/shared/schemas/addresses'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { ErrorState } from '@/client/components/ui/query-state'
import { Skeleton } from '@/client/components/ui/skeleton'
import { useAddresses, useDeleteAddress } from '@/client/lib/addresses'
import { useOpenedOnce } from '@/client/lib/use-opened-once'
import { useSession } from '@/client/lib/session'
import { toast } from '@/client/lib/toast'
import { AddressLines } from './address-lines'

// The form (and its schema) is downloaded when it is first opened, not with the dashboard.
const AddressDialog = lazy(() => import('./address-dialog'))

/**
 * "Mes adresses" on the client's account page (docs/rules/people.md#delivery-addresses): its
 * saved addresses, each editable and removable (after a confirmation), and a new one while under
 * the limit. An address whose zone closed says so: the checkout does not offer it.
 */
export function AddressesCard() {
  const { user } = useSession()
  const query = useAddresses()
  const remove = useDeleteAddress()
  const [editing, setEditing] = useState<{ open: boolean; address?: AddressView }>({ open: false })
  const [removing, setRemoving] = useState<AddressView | null>(null)
  const dialogLoaded = useOpenedOnce(editing.open)
  const openDialog = (address?: AddressView) => setEditing({ open: true, address })

  let body
  if (query.isPending) body = <Skeleton className="h-24 w-full" />
  else if (query.isError)
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
  else {
    const { addresses, max } = query.data
    const full = addresses.length >= max
    body = (
      <div className="space-y-3">
        {addresses.length === 0 ? (
          <p className="text-sm text-stone-600">
            Aucune adresse enregistrée. Enregistrez « Maison » ou « Bureau » pour ne plus la saisir à chaque
            commande.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Adresses enregistrées">
            {addresses.map((a) => (
              <li
                key={a.id}
                className="space-y-2 rounded-lg border border-stone-200 p-3"
                data-testid={`address-${a.id}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-stone-900">{a.label}</h3>
                  {a.closedReason && <Badge variant="warning">Non livrée</Badge>}
                </div>
                <AddressLines address={a} />
                {a.closedReason && <p className="text-sm text-amber-900">{a.closedReason}</p>}
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => openDialog(a)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                    Modifier<span className="sr-only"> l’adresse {a.label}</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(a)}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Supprimer<span className="sr-only"> l’adresse {a.label}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => openDialog()}
            disabled={full}
            aria-describedby={full ? 'addresses-full' : undefined}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Ajouter une adresse
          </Button>
          {full && (
            <p id="addresses-full" className="text-sm text-stone-600">
              {max} adresses au plus : supprimez-en une pour en ajouter une autre.
            </p>
          )}
        </div>
      </div>
    )
  }

  return (
    <Card className="sm:col-span-2">
      <CardHeader className="flex flex-row items-center gap-3">
        <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-light text-brand">
          <MapPin className="h-5 w-5" aria-hidden />
        </span>
        <CardTitle>Mes adresses</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {dialogLoaded && (
        <Suspense>
          <AddressDialog
            open={editing.open}
            onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
            countryId={user?.countryId ?? null}
            address={editing.address}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Supprimer l’adresse « ${removing?.label ?? ''} » ?`}
        description="Elle ne sera plus proposée à la commande. Les commandes déjà passées gardent leur adresse."
        confirmLabel="Supprimer"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`Adresse « ${removing.label} » supprimée.`)
              setRemoving(null)
            },
            onError: (e) => toast.error(e instanceof Error ? e.message : 'L’adresse n’a pas été supprimée.'),
          })
        }}
      />
    </Card>
  )
}
