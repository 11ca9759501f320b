import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { formatDate, compareFrench } from '@/shared/format'
import type { AdminCountry } from '@/shared/schemas/places'
import { Button } from '@/client/components/ui/button'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useAdminCountries } from '@/client/lib/staff-places'
import { staffErrorText } from '@/client/lib/error-text'
import { useUpdateCountry } from '../api/use-countries'
import { ActiveBadge, ActiveSwitch } from '../components/active-badge'
import { CountryDialog } from '../components/country-dialog'

/** /admin/countries (root): add and edit dialogs, active toggle. */
export default function CountriesPage() {
  const countries = useAdminCountries()
  const update = useUpdateCountry()
  const [dialog, setDialog] = useState<{ open: boolean; country?: AdminCountry }>({ open: false })

  return (
    <>
      <PageHeader
        title="Gestion des Pays"
        description="Les pays où Étal livre. Un pays inactif disparaît aussitôt des choix de la boutique."
        actions={
          <Button onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden /> Ajouter un pays
          </Button>
        }
      />
      <QueryState
        query={countries}
        loading={<SkeletonRows count={5} />}
        empty="Aucun pays trouvé"
        isEmpty={(list) => list.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Failed to fetch countries' })}
      >
        {(list) => (
          <Table aria-label="Pays">
            <THead>
              <tr>
                <Th>Pays</Th>
                <Th>Code</Th>
                <Th>Devise et fuseau</Th>
                <Th>Mobile Money</Th>
                <Th>Statut</Th>
                <Th>Créé le</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <TBody>
              {[...list]
                .sort((a, b) => compareFrench(a.name, b.name))
                .map((c) => (
                  <Tr key={c.id}>
                    <Td className="font-medium text-stone-900">
                      {c.name}
                      {c.dialCode && <span className="ml-2 text-xs text-stone-500">{c.dialCode}</span>}
                    </Td>
                    <Td className="font-mono">{c.code}</Td>
                    <Td className="font-mono">
                      {c.currency}
                      <span className="block font-sans text-xs text-stone-500">{c.timeZone}</span>
                    </Td>
                    <Td className="max-w-52 whitespace-normal text-stone-700">
                      {c.mobileMoneyProviders.join(', ') || '—'}
                    </Td>
                    <Td>
                      <ActiveBadge active={c.isActive} />
                    </Td>
                    <Td className="whitespace-nowrap text-stone-600">{formatDate(c.createdAt)}</Td>
                    <Td>
                      <RowActions
                        actions={[
                          {
                            label: `Modifier ${c.name}`,
                            text: 'Modifier',
                            icon: Pencil,
                            onClick: () => setDialog({ open: true, country: c }),
                          },
                        ]}
                      >
                        <ActiveSwitch
                          id={c.id}
                          active={c.isActive}
                          update={update}
                          what={`le pays ${c.name}`}
                        />
                      </RowActions>
                    </Td>
                  </Tr>
                ))}
            </TBody>
          </Table>
        )}
      </QueryState>
      <CountryDialog
        open={dialog.open}
        country={dialog.country}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </>
  )
}
