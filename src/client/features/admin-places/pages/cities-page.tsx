import { Clock, Pencil, Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { formatDate } from '@/shared/format'
import { Button } from '@/client/components/ui/button'
import { Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useSession } from '@/client/lib/session'
import { useAdminCities, useAdminCountries, useUpdateCity } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'
import { cityUpdateFeedback } from '../api/use-cities'
import { ActiveBadge, ActiveSwitch } from '../components/active-badge'
import { CityDialog, RenameCityDialog } from '../components/city-dialog'
import { SlotsDialog } from '../components/slots-dialog'

/** /admin/cities: root every country's (with a country filter), a super_admin its own. */
export default function CitiesPage() {
  const { user } = useSession()
  const isRoot = user?.role === 'root'
  const cities = useAdminCities()
  const countries = useAdminCountries(isRoot)
  const update = useUpdateCity(cityUpdateFeedback)
  const [open, setOpen] = useState(false)
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null)
  const [slotsOf, setSlotsOf] = useState<{ id: number; name: string } | null>(null)
  const [countryName, setCountryName] = useState('')
  const fixedCountry = !isRoot && user?.countryId ? { id: user.countryId, name: user.country ?? '' } : null
  const countryOptions = useMemo(() => countries.data ?? [], [countries.data])

  return (
    <>
      <PageHeader
        title="Gestion des Villes"
        description={
          isRoot ? 'Les villes de tous les pays.' : `Les villes de votre pays : ${user?.country ?? ''}.`
        }
        actions={
          <Button onClick={() => setOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Ajouter une ville
          </Button>
        }
      />
      {isRoot && (
        <div className="mb-4 max-w-xs">
          <label htmlFor="cities-country" className="mb-1 block text-sm font-medium text-stone-800">
            Pays
          </label>
          <Select id="cities-country" value={countryName} onChange={(e) => setCountryName(e.target.value)}>
            <option value="">Tous les pays</option>
            {countryOptions.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <QueryState
        query={cities}
        loading={<SkeletonRows count={8} />}
        empty="Aucune ville trouvée"
        isEmpty={(list) => list.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Failed to fetch cities' })}
      >
        {(all) => {
          // The list is filtered on the client by country name.
          const list = countryName ? all.filter((c) => c.country.name === countryName) : all
          if (list.length === 0) return <EmptyState message="Aucune ville trouvée" />
          return (
            <Table aria-label="Villes">
              <THead>
                <tr>
                  <Th>Ville</Th>
                  <Th>Pays</Th>
                  <Th>Statut</Th>
                  <Th>Créée le</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <TBody>
                {list.map((c) => (
                  <Tr key={c.id}>
                    <Td className="font-medium text-stone-900">{c.name}</Td>
                    <Td>{c.country.name}</Td>
                    <Td>
                      <ActiveBadge active={c.isActive} feminine />
                    </Td>
                    <Td className="whitespace-nowrap text-stone-600">{formatDate(c.createdAt)}</Td>
                    <Td>
                      <RowActions
                        actions={[
                          {
                            label: `Créneaux de livraison de ${c.name}`,
                            text: 'Créneaux',
                            icon: Clock,
                            show: 'always',
                            onClick: () => setSlotsOf(c),
                          },
                          {
                            label: `Renommer la ville ${c.name}`,
                            text: 'Renommer',
                            icon: Pencil,
                            show: 'always',
                            onClick: () => setRenaming(c),
                          },
                        ]}
                      >
                        <ActiveSwitch
                          id={c.id}
                          active={c.isActive}
                          update={update}
                          what={`la ville ${c.name}`}
                        />
                      </RowActions>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )
        }}
      </QueryState>
      {renaming && (
        <RenameCityDialog key={renaming.id} city={renaming} onOpenChange={(o) => !o && setRenaming(null)} />
      )}
      {slotsOf && (
        <SlotsDialog key={slotsOf.id} city={slotsOf} onOpenChange={(o) => !o && setSlotsOf(null)} />
      )}
      <CityDialog open={open} onOpenChange={setOpen} countries={countryOptions} fixedCountry={fixedCountry} />
    </>
  )
}
