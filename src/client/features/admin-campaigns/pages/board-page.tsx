import { ClipboardList, Settings2 } from 'lucide-react'
import { Link } from 'react-router'
import { formatCount, formatDateTime, formatMoney } from '@/shared/format'
import { Alert } from '@/client/components/ui/alert'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { ErrorState, QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { usePageParams } from '@/client/lib/page-url'
import { useCampaignBoard } from '../api/use-campaigns'
import { boardStateLabels, campaignIdOf, campaignPaths } from '../lib/labels'

/**
 * /admin/campagnes/:campaignId/tableau: a campaign's board (docs/rules/campaigns-staff.md#the-board):
 * reservations and money per state, what each wallet brought, the balances owed and overdue.
 */
export default function BoardPage() {
  const params = usePageParams()
  const id = campaignIdOf(params)
  const board = useCampaignBoard(id || null)

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
      query={board}
      loading={
        <>
          <PageHeader title="Tableau de campagne" back="/admin/campagnes" />
          <SkeletonRows count={6} />
        </>
      }
      errorTitleAs="h1"
      errorMessage={(e) => staffErrorText(e, { fallback: 'Tableau non chargé.' })}
    >
      {(b) => {
        const paths = campaignPaths(b.campaignId)
        const figures: [string, string][] = [
          ['Reçu', formatMoney(b.received)],
          ['Reste à payer', formatMoney(b.balanceDue)],
          ['En retard', `${formatCount(b.overdueCount)} réservation(s) · ${formatMoney(b.overdueAmount)}`],
        ]
        return (
          <>
            <PageHeader
              title={`Tableau · ${b.name}`}
              back="/admin/campagnes"
              description={`Solde à payer avant le ${formatDateTime(b.balanceDueAt)}`}
              actions={
                <div className="flex flex-wrap gap-2">
                  <Button asChild>
                    <Link to={paths.reservations}>
                      <ClipboardList className="h-4 w-4" aria-hidden /> Voir les réservations
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={paths.setup}>
                      <Settings2 className="h-4 w-4" aria-hidden /> Préparer la campagne
                    </Link>
                  </Button>
                </div>
              }
            />
            <ul className="mb-6 grid gap-3 sm:grid-cols-3" aria-label="Chiffres clés">
              {figures.map(([label, value]) => (
                <li key={label}>
                  <Card>
                    <CardContent className="pt-4 sm:pt-4">
                      <p className="text-sm text-stone-600">{label}</p>
                      <p className="text-xl font-semibold text-stone-900 tabular-nums">{value}</p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
            {b.overdueCount > 0 && (
              <Alert tone="warning" className="mb-6">
                {formatCount(b.overdueCount)} réservation(s) doivent encore {formatMoney(b.overdueAmount)}{' '}
                après la date du solde.{' '}
                <Link to={`${paths.reservations}`} className="font-medium underline">
                  Relancer depuis les réservations
                </Link>
              </Alert>
            )}
            <section className="mb-8 space-y-3" aria-labelledby="board-states">
              <h2 id="board-states" className="text-lg font-semibold text-stone-900">
                Par état
              </h2>
              <Table aria-label="Réservations par état">
                <THead>
                  <tr>
                    <Th>État</Th>
                    <Th>Réservations</Th>
                    <Th>Payé</Th>
                    <Th>Reste</Th>
                  </tr>
                </THead>
                <TBody>
                  {b.states.map((s) => (
                    <Tr key={s.status}>
                      <Td className="font-medium">{boardStateLabels[s.status]}</Td>
                      <Td className="tabular-nums">{formatCount(s.count)}</Td>
                      <Td className="tabular-nums">{formatMoney(s.paid)}</Td>
                      <Td className="tabular-nums">{formatMoney(s.balance)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </section>
            <section className="space-y-3" aria-labelledby="board-wallets">
              <h2 id="board-wallets" className="text-lg font-semibold text-stone-900">
                Encaissements par moyen de paiement
              </h2>
              {b.providers.length === 0 ? (
                <p className="text-sm text-stone-600">Aucun paiement reçu pour l’instant.</p>
              ) : (
                <Table aria-label="Encaissements par moyen de paiement">
                  <THead>
                    <tr>
                      <Th>Moyen</Th>
                      <Th>Paiements</Th>
                      <Th>Acomptes</Th>
                      <Th>Versements</Th>
                      <Th>À rendre</Th>
                    </tr>
                  </THead>
                  <TBody>
                    {b.providers.map((p) => (
                      <Tr key={p.label}>
                        <Td className="font-medium">{p.label}</Td>
                        <Td className="tabular-nums">{formatCount(p.payments)}</Td>
                        <Td className="tabular-nums">{formatMoney(p.deposits)}</Td>
                        <Td className="tabular-nums">{formatMoney(p.instalments)}</Td>
                        <Td className="tabular-nums">{formatMoney(p.toGiveBack)}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </section>
          </>
        )
      }}
    </QueryState>
  )
}
