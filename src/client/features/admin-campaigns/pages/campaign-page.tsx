import { BarChart3, ClipboardList, Pencil, Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { animalStatusLabels } from '@/shared/domain/campaigns'
import { formatDateTime, formatMoney } from '@/shared/format'
import type { AdminSlotView } from '@/shared/schemas/campaign-setup'
import type { AnimalView } from '@/shared/schemas/campaigns'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { usePageParams } from '@/client/lib/page-url'
import { useCampaignDetail } from '../api/use-campaigns'
import { AnimalDialog } from '../components/animal-dialog'
import { AnimalPhotos } from '../components/animal-photos'
import { CampaignDialog } from '../components/campaign-dialog'
import { CampaignRules } from '../components/campaign-rules'
import { ShareDialog } from '../components/share-dialog'
import { SlotDialog } from '../components/slot-dialog'
import { campaignIdOf, campaignPaths } from '../lib/labels'

type Share = { id: number; name: string; price: number; stock: number }
const slotKindLabels = { delivery: 'Livraison la veille', collection: 'Retrait à la boutique' } as const

/**
 * /admin/campagnes/:campaignId: a campaign's setup (docs/rules/campaigns-staff.md#setting-up):
 * its rules, its animals with their photos, its shares and its slots, each added and edited here.
 */
export default function CampaignPage() {
  const params = usePageParams()
  const id = campaignIdOf(params)
  const detail = useCampaignDetail(id || null)
  const [editing, setEditing] = useState(false)
  const [animal, setAnimal] = useState<AnimalView | 'new' | null>(null)
  const [share, setShare] = useState<Share | 'new' | null>(null)
  const [slot, setSlot] = useState<AdminSlotView | 'new' | null>(null)

  if (id === 0)
    return (
      <ErrorState
        titleAs="h1"
        title="Campagne non trouvée"
        message="Cette adresse ne désigne aucune campagne."
      />
    )
  return (
    <QueryState
      query={detail}
      loading={
        <>
          <PageHeader title="Campagne" back="/admin/campagnes" />
          <SkeletonRows count={6} />
        </>
      }
      errorTitleAs="h1"
      errorMessage={(e) => staffErrorText(e, { fallback: 'Campagne non chargée.' })}
    >
      {({ campaign: c, animals, slots, countryName }) => {
        const paths = campaignPaths(c.id)
        return (
          <>
            <PageHeader
              title={c.name}
              back="/admin/campagnes"
              description={`Campagne de ${countryName}`}
              actions={
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    <Pencil className="h-4 w-4" aria-hidden /> Modifier la campagne
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={paths.board}>
                      <BarChart3 className="h-4 w-4" aria-hidden /> Tableau
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={paths.reservations}>
                      <ClipboardList className="h-4 w-4" aria-hidden /> Réservations
                    </Link>
                  </Button>
                </div>
              }
            />
            <Card className="mb-8">
              <CardContent className="pt-4 sm:pt-6">
                <CampaignRules campaign={c} />
              </CardContent>
            </Card>

            <Section title="Animaux" add="Ajouter un animal" onAdd={() => setAnimal('new')}>
              {animals.length === 0 ? (
                <p className="text-sm text-stone-600">Aucun animal pour l’instant.</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2" aria-label="Animaux">
                  {animals.map((a) => (
                    <li key={a.id}>
                      <Card>
                        <CardContent className="space-y-3 pt-4 sm:pt-4">
                          <div className="flex items-start justify-between gap-2">
                            <div>
                              <p className="font-semibold text-stone-900">
                                {a.tag} · {a.breed}
                              </p>
                              <p className="text-sm text-stone-600">
                                {a.weightKg} kg{a.ageMonths !== null ? ` · ${a.ageMonths} mois` : ''} ·{' '}
                                {formatMoney(a.price)}
                              </p>
                              {a.notes && <p className="text-sm text-stone-600">{a.notes}</p>}
                            </div>
                            <Badge variant={a.status === 'available' ? 'success' : 'secondary'}>
                              {animalStatusLabels[a.status]}
                            </Badge>
                          </div>
                          <AnimalPhotos animal={a} />
                          <RowActions
                            actions={[
                              {
                                label: `Modifier ${a.tag}`,
                                text: 'Modifier',
                                icon: Pencil,
                                show: 'wide',
                                onClick: () => setAnimal(a),
                              },
                            ]}
                          />
                        </CardContent>
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            <Section title="Parts" add="Ajouter une part" onAdd={() => setShare('new')}>
              {c.shares.length === 0 ? (
                <p className="text-sm text-stone-600">Aucune part : les animaux se vendent entiers.</p>
              ) : (
                <Table aria-label="Parts">
                  <THead>
                    <tr>
                      <Th>Part</Th>
                      <Th>Prix</Th>
                      <Th>Stock</Th>
                      <Th className="text-right">Actions</Th>
                    </tr>
                  </THead>
                  <TBody>
                    {c.shares.map((s) => (
                      <Tr key={s.id}>
                        <Td className="font-medium">{s.name}</Td>
                        <Td className="tabular-nums">{formatMoney(s.price)}</Td>
                        <Td className="tabular-nums">{s.stock}</Td>
                        <Td>
                          <RowActions
                            actions={[
                              {
                                label: `Modifier ${s.name}`,
                                text: 'Modifier',
                                icon: Pencil,
                                show: 'wide',
                                onClick: () => setShare(s),
                              },
                            ]}
                          />
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </Section>

            <Section title="Créneaux" add="Ajouter un créneau" onAdd={() => setSlot('new')}>
              {slots.length === 0 ? (
                <p className="text-sm text-stone-600">Aucun créneau de livraison ni de retrait.</p>
              ) : (
                <Table aria-label="Créneaux">
                  <THead>
                    <tr>
                      <Th>Type</Th>
                      <Th>Début</Th>
                      <Th>Fin</Th>
                      <Th>Places prises</Th>
                      <Th>Prix</Th>
                      <Th className="text-right">Actions</Th>
                    </tr>
                  </THead>
                  <TBody>
                    {slots.map((s) => (
                      <Tr key={s.id}>
                        <Td>{slotKindLabels[s.kind]}</Td>
                        <Td className="whitespace-nowrap">{formatDateTime(s.startsAt)}</Td>
                        <Td className="whitespace-nowrap">{formatDateTime(s.endsAt)}</Td>
                        <Td className="tabular-nums">
                          {s.booked} / {s.capacity}
                        </Td>
                        <Td className="tabular-nums">{formatMoney(s.price)}</Td>
                        <Td>
                          <RowActions
                            actions={[
                              {
                                label: `Modifier le créneau du ${formatDateTime(s.startsAt)}`,
                                text: 'Modifier',
                                icon: Pencil,
                                show: 'wide',
                                onClick: () => setSlot(s),
                              },
                            ]}
                          />
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </Section>

            <CampaignDialog open={editing} onOpenChange={setEditing} countries={null} campaign={c} />
            <AnimalDialog
              open={animal !== null}
              onOpenChange={(o) => !o && setAnimal(null)}
              campaignId={c.id}
              animal={animal === 'new' ? null : animal}
            />
            <ShareDialog
              open={share !== null}
              onOpenChange={(o) => !o && setShare(null)}
              campaignId={c.id}
              share={share === 'new' ? null : share}
            />
            <SlotDialog
              open={slot !== null}
              onOpenChange={(o) => !o && setSlot(null)}
              campaignId={c.id}
              slot={slot === 'new' ? null : slot}
            />
          </>
        )
      }}
    </QueryState>
  )
}

function Section({
  title,
  add,
  onAdd,
  children,
}: {
  title: string
  add: string
  onAdd: () => void
  children: ReactNode
}) {
  return (
    <section className="mb-8 space-y-3" aria-labelledby={`section-${title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`section-${title}`} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <Button variant="outline" size="sm" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden /> {add}
        </Button>
      </div>
      {children}
    </section>
  )
}
