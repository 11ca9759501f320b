import { Clock, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import type { ShopView } from '@/shared/schemas/shops'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { useAdminCities } from '@/client/lib/staff-places'
import { useAdminShops } from '../api/use-shops'
import { ShopDialog } from '../components/shop-dialog'
import { SlotsDialog } from '@/client/features/admin-places/components/slots-dialog'

/** /admin/shops: the country's shops where clients collect their orders (docs/rules/pickup.md#shops). */
export default function ShopsPage() {
  const shops = useAdminShops()
  const cities = useAdminCities()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<ShopView | null>(null)
  const [slotsOf, setSlotsOf] = useState<ShopView | null>(null)
  return (
    <>
      <PageHeader
        title="Boutiques"
        description="Les boutiques où vos clients retirent leurs commandes : sans frais de livraison, avec un code à 4 chiffres."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Ajouter une boutique
          </Button>
        }
      />
      <QueryState
        query={shops}
        loading={<SkeletonRows count={4} />}
        empty="Aucune boutique"
        isEmpty={(d) => d.shops.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Boutiques non chargées.' })}
      >
        {({ shops: list }) => (
          <Table aria-label="Boutiques">
            <THead>
              <tr>
                <Th>Boutique</Th>
                <Th>Ville</Th>
                <Th>Adresse</Th>
                <Th>Horaires</Th>
                <Th>Téléphone</Th>
                <Th>Statut</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <TBody>
              {list.map((s) => (
                <Tr key={s.id}>
                  <Td className="font-medium text-stone-900">{s.name}</Td>
                  <Td>{s.cityName}</Td>
                  <Td>{s.address}</Td>
                  <Td className="text-sm whitespace-pre-line">{s.hours}</Td>
                  <Td>{s.phone ?? '—'}</Td>
                  <Td>
                    {s.isActive ? (
                      <Badge variant="success">Ouverte</Badge>
                    ) : (
                      <Badge variant="secondary">Fermée</Badge>
                    )}
                  </Td>
                  <Td>
                    <RowActions
                      actions={[
                        {
                          label: `Modifier ${s.name}`,
                          text: 'Modifier',
                          icon: Pencil,
                          show: 'wide',
                          onClick: () => setEditing(s),
                        },
                        {
                          label: `Créneaux de retrait de ${s.name}`,
                          text: 'Créneaux',
                          icon: Clock,
                          show: 'wide',
                          onClick: () => setSlotsOf(s),
                        },
                      ]}
                    />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryState>
      <ShopDialog open={creating} onOpenChange={setCreating} cities={cities.data ?? []} />
      {slotsOf && (
        <SlotsDialog
          city={{ id: slotsOf.cityId, name: slotsOf.cityName }}
          shop={slotsOf}
          onOpenChange={(open) => !open && setSlotsOf(null)}
        />
      )}
      <ShopDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        cities={cities.data ?? []}
        shop={editing}
      />
    </>
  )
}
