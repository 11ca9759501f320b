import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { formatCount, formatMoney } from '@/shared/format'
import type { AdminZone } from '@/shared/schemas/places'
import { Button } from '@/client/components/ui/button'
import { SearchInput, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useAdminCities } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { useAdminZones, useUpdateZone, ZONES_PER_PAGE, type ZoneFilters } from '../api/use-zones'
import { ActiveBadge, ActiveSwitch } from '../components/active-badge'
import { ZoneDialog } from '../components/zone-dialog'

/** /admin/zones: server-side name search (300 ms), city and status filters, pages of 20. */
export default function ZonesPage() {
  const [search, setSearch] = useState('')
  const [cityId, setCityId] = useState<number | null>(null)
  const [status, setStatus] = useState<ZoneFilters['status']>('all')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search, 300)
  const zones = useAdminZones({ search: debounced, cityId, status, page })
  const cities = useAdminCities()
  const update = useUpdateZone()
  const [dialog, setDialog] = useState<{ open: boolean; zone?: AdminZone }>({ open: false })
  // Any filter change goes back to the first page.
  const [lastFilters, setLastFilters] = useState('')
  const filtersKey = JSON.stringify([debounced, cityId, status])
  if (filtersKey !== lastFilters) {
    setLastFilters(filtersKey)
    setPage(1)
  }

  return (
    <>
      <PageHeader
        title="Gestion des Zones"
        description="Les zones de livraison et leurs frais. Une zone inactive disparaît aussitôt du choix à la commande."
        actions={
          <Button onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden /> Créer une zone
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SearchInput
          aria-label="Rechercher une zone"
          placeholder="Rechercher par nom…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          aria-label="Ville"
          value={cityId ?? ''}
          onChange={(e) => setCityId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Toutes les villes</option>
          {cities.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.country.name})
            </option>
          ))}
        </Select>
        <Select
          aria-label="Statut"
          value={status}
          onChange={(e) => setStatus(e.target.value as ZoneFilters['status'])}
        >
          <option value="all">Tous les statuts</option>
          <option value="active">Actives</option>
          <option value="inactive">Inactives</option>
        </Select>
      </div>
      <QueryState
        query={zones}
        loading={<SkeletonRows count={8} />}
        empty="Aucune zone trouvée"
        isEmpty={(d) => d.zones.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Failed to fetch admin zones' })}
      >
        {({ zones: list, total }) => (
          <>
            <p className="mb-2 text-sm text-stone-600">{formatCount(total)} zone(s)</p>
            <Table aria-label="Zones">
              <THead>
                <tr>
                  <Th>Nom</Th>
                  <Th>Ville</Th>
                  <Th>Pays</Th>
                  <Th>Frais de livraison</Th>
                  <Th>Minimum</Th>
                  <Th>Offerte dès</Th>
                  <Th>Statut</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <TBody>
                {list.map((z) => (
                  <Tr key={z.id}>
                    <Td className="font-medium text-stone-900">{z.name}</Td>
                    <Td>{z.city.name}</Td>
                    <Td>{z.city.country.name}</Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {z.deliveryFee === 0 ? 'Gratuite' : formatMoney(z.deliveryFee)}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {z.minOrderAmount == null ? '—' : formatMoney(z.minOrderAmount)}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {z.freeDeliveryFrom == null ? '—' : formatMoney(z.freeDeliveryFrom)}
                    </Td>
                    <Td>
                      <ActiveBadge active={z.isActive} feminine />
                    </Td>
                    <Td>
                      <RowActions
                        actions={[
                          {
                            label: `Modifier ${z.name}`,
                            text: 'Modifier',
                            icon: Pencil,
                            show: 'wide',
                            onClick: () => setDialog({ open: true, zone: z }),
                          },
                        ]}
                      >
                        <ActiveSwitch
                          id={z.id}
                          active={z.isActive}
                          update={update}
                          what={`la zone ${z.name}`}
                        />
                      </RowActions>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Pager page={page} totalPages={totalPagesOf(total, ZONES_PER_PAGE)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
      <ZoneDialog
        open={dialog.open}
        zone={dialog.zone}
        cities={cities.data ?? []}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  )
}
