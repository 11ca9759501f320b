import { BarChart3, ClipboardList, Plus, Settings2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDay } from '@/shared/format'
import { CountryOptions } from '@/client/components/country-options'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Field, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useAdminCampaigns } from '../api/use-campaigns'
import { CampaignDialog } from '../components/campaign-dialog'
import { campaignPaths, campaignPhase, windowOf } from '../lib/labels'

/**
 * /admin/campagnes: the campaigns of the staff's country (root: every country, or the one
 * chosen), each with its setup, its board and its reservations (docs/rules/campaigns-staff.md).
 */
export default function CampaignsPage() {
  const { user } = useSession()
  const isRoot = user?.role === 'root'
  const countries = useCountries(isRoot)
  const [countryId, setCountryId] = useState<number | undefined>()
  const campaigns = useAdminCampaigns(countryId)
  const [creating, setCreating] = useState(false)
  const navigate = useNavigate()
  const countryName = (id: number) => countries.data?.find((c) => c.id === id)?.name ?? ''

  return (
    <>
      <PageHeader
        title="Campagnes"
        description="Les fêtes vendues à l’avance (Tabaski, Korité…) : leurs animaux, parts et créneaux, leur tableau."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Nouvelle campagne
          </Button>
        }
      />
      {isRoot && (
        <Field label="Pays" htmlFor="campaigns-country" className="mb-4 sm:max-w-xs">
          <Select
            id="campaigns-country"
            value={countryId ?? ''}
            onChange={(e) => setCountryId(e.target.value ? Number(e.target.value) : undefined)}
          >
            <CountryOptions countries={countries.data} none="Tous les pays" />
          </Select>
        </Field>
      )}
      <QueryState
        query={campaigns}
        loading={<SkeletonRows count={4} />}
        empty="Aucune campagne pour l’instant"
        isEmpty={(list) => list.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Campagnes non chargées.' })}
      >
        {(list) => (
          <Table aria-label="Campagnes">
            <THead>
              <tr>
                <Th>Nom</Th>
                <Th>Fête</Th>
                <Th>Commandes</Th>
                {isRoot && <Th>Pays</Th>}
                <Th>Statut</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <TBody>
              {list.map((c) => {
                const phase = campaignPhase(c)
                const paths = campaignPaths(c.id)
                return (
                  <Tr key={c.id}>
                    <Td className="font-medium text-stone-900">{c.name}</Td>
                    <Td className="whitespace-nowrap">{formatDay(c.feastDate)}</Td>
                    <Td className="text-sm">{windowOf(c)}</Td>
                    {isRoot && <Td>{countryName(c.countryId)}</Td>}
                    <Td>
                      <Badge variant={phase.variant}>{phase.label}</Badge>
                    </Td>
                    <Td>
                      <RowActions
                        actions={[
                          {
                            label: `Préparer ${c.name}`,
                            text: 'Préparer',
                            icon: Settings2,
                            show: 'wide',
                            to: paths.setup,
                          },
                          {
                            label: `Tableau de ${c.name}`,
                            text: 'Tableau',
                            icon: BarChart3,
                            show: 'wide',
                            to: paths.board,
                          },
                          {
                            label: `Réservations de ${c.name}`,
                            text: 'Réservations',
                            icon: ClipboardList,
                            show: 'wide',
                            to: paths.reservations,
                          },
                        ]}
                      />
                    </Td>
                  </Tr>
                )
              })}
            </TBody>
          </Table>
        )}
      </QueryState>
      <CampaignDialog
        open={creating}
        onOpenChange={setCreating}
        countries={isRoot ? (countries.data ?? []) : null}
        onSaved={(id) => void navigate(campaignPaths(id).setup)}
      />
    </>
  )
}
