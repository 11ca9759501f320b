import { formatDateTime, formatMoney, formatNumber } from '@/shared/format'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { PageHeader } from '@/client/components/ui/page-header'
import { EmptyState, ErrorState, QueryState } from '@/client/components/ui/query-state'
import { Skeleton, SkeletonRows } from '@/client/components/ui/skeleton'
import { usePageParams } from '@/client/lib/page-url'
import { OrderSummaryTable } from '@/client/features/admin-orders/components/order-summary-table'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { useUserHistory, type UserHistory } from '../api/users-api'
import { AccountSecurityCard } from '../components/account-security-card'
import { CreditCard } from '../components/credit-card'

/** /admin/users/:userId/history: the account, its orders and its points. */
export default function UserHistoryPage() {
  const { userId } = usePageParams() ?? {}
  const id = Number(userId)
  const query = useUserHistory(id)
  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState titleAs="h1" title="Erreur" message="User ID is required." />
  return (
    <QueryState
      query={query}
      loading={
        <div className="space-y-4">
          <Skeleton className="h-8 w-64" />
          <SkeletonRows count={5} />
        </div>
      }
      errorTitle="Erreur de chargement"
      errorTitleAs="h1"
      errorMessage={(e) =>
        `Erreur lors du chargement de l'historique: ${e.message || 'Failed to fetch user history'}`
      }
    >
      {(h) => <History h={h} />}
    </QueryState>
  )
}

function History({ h }: { h: UserHistory }) {
  // Total spent and total orders come from the returned orders (cancelled ones not spent).
  const spent = h.orders.filter((o) => o.status !== 'cancelled').reduce((s, o) => s + o.totalAmount, 0)
  const stats = [
    ['Total dépensé', formatMoney(spent)],
    ['Commandes', formatNumber(h.orders.length)],
    ['Points de fidélité', formatNumber(h.user.loyaltyPoints)],
  ]
  return (
    <>
      <PageHeader title={`Historique de ${h.user.displayName}`} description={h.user.email} />
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <Card key={label} className="p-4">
            <p className="text-sm text-stone-600">{label}</p>
            <p className="mt-1 text-2xl font-bold text-stone-900 tabular-nums">{value}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Commandes</CardTitle>
          </CardHeader>
          <CardContent>
            {h.orders.length === 0 ? (
              <EmptyState message="Aucune commande trouvée" />
            ) : (
              <OrderSummaryTable orders={h.orders} label="Commandes" />
            )}
          </CardContent>
        </Card>
        {(h.twoFactorEnabled || h.accountEvents.length > 0) && <AccountSecurityCard h={h} />}
        {(h.user.role === 'client' || h.user.role === 'user') && (
          <CreditCard userId={h.user.id} name={h.user.displayName} />
        )}
        <Card>
          <CardHeader>
            <CardTitle>Points de fidélité</CardTitle>
          </CardHeader>
          <CardContent>
            {h.loyaltyTransactions.length === 0 ? (
              <EmptyState message="Aucune transaction de points" />
            ) : (
              <Table aria-label="Points de fidélité">
                <THead>
                  <tr>
                    <Th>Date</Th>
                    <Th>Description</Th>
                    <Th className="text-right">Points</Th>
                  </tr>
                </THead>
                <TBody>
                  {h.loyaltyTransactions.map((t) => (
                    <Tr key={t.id}>
                      <Td className="whitespace-nowrap">{formatDateTime(t.createdAt)}</Td>
                      <Td>{t.description}</Td>
                      <Td
                        className={`text-right tabular-nums ${t.points < 0 ? 'text-red-700' : 'text-emerald-700'}`}
                      >
                        {t.points > 0 ? '+' : ''}
                        {formatNumber(t.points)}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  )
}
