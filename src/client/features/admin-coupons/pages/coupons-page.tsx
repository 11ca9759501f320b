import { Ban, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { formatCount, formatMoney, formatPercent } from '@/shared/format'
import type { AdminCoupon } from '@/shared/schemas/coupons'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { SearchInput } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { COUPONS_PER_PAGE, useAdminCoupons, useStopCoupon } from '../api/use-coupons'
import { CouponDialog } from '../components/coupon-dialog'

const frenchDay = (d: string) => d.split('-').reverse().join('/')

/** What the code gives: "10 %" or "2 000 F CFA". */
const valueOf = (c: AdminCoupon) => (c.kind === 'percent' ? formatPercent(c.value) : formatMoney(c.value))

/** The budget used: uses of the maximum, francs of the budget. */
function budgetOf(c: AdminCoupon) {
  const uses = `${formatCount(c.usesCount)}${c.maxUses != null ? ` / ${formatCount(c.maxUses)}` : ''} utilisation(s)`
  const francs = `${formatMoney(c.amountSpent)}${c.maxAmount != null ? ` / ${formatMoney(c.maxAmount)}` : ''}`
  return { uses, francs }
}

function termsOf(c: AdminCoupon) {
  const out: string[] = []
  if (c.perClient != null) out.push(`${c.perClient} par client`)
  if (c.minOrder != null) out.push(`dès ${formatMoney(c.minOrder)}`)
  if (c.firstOrderOnly) out.push('1re commande')
  if (c.validFrom || c.validTo)
    out.push(
      c.validFrom && c.validTo
        ? `du ${frenchDay(c.validFrom)} au ${frenchDay(c.validTo)}`
        : c.validFrom
          ? `dès le ${frenchDay(c.validFrom)}`
          : `jusqu’au ${frenchDay(c.validTo!)}`,
    )
  return out.join(' · ') || '—'
}

/** /admin/coupons: the country's promotion codes (docs/rules/commerce.md#coupons), created and stopped here. */
export default function CouponsPage() {
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search, 300)
  const coupons = useAdminCoupons(debounced, page)
  const isRoot = user?.role === 'root'
  const countries = useCountries(isRoot)
  const stop = useStopCoupon()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<AdminCoupon | null>(null)
  const [stopping, setStopping] = useState<AdminCoupon | null>(null)
  const [lastSearch, setLastSearch] = useState('')
  if (debounced !== lastSearch) {
    setLastSearch(debounced)
    setPage(1)
  }

  return (
    <>
      <PageHeader
        title="Codes promo"
        description="Les codes de vos campagnes : pourcentage ou montant sur les articles (jamais sur la livraison), avec un budget qui s’arrête à 100 %."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Créer un code
          </Button>
        }
      />
      <SearchInput
        aria-label="Rechercher un code"
        placeholder="Rechercher par code…"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-4 sm:max-w-sm"
      />
      <QueryState
        query={coupons}
        loading={<SkeletonRows count={6} />}
        empty="Aucun code promo"
        isEmpty={(d) => d.coupons.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Codes promo non chargés.' })}
      >
        {({ coupons: list, total }) => (
          <>
            <p className="mb-2 text-sm text-stone-600">{formatCount(total)} code(s)</p>
            <Table aria-label="Codes promo">
              <THead>
                <tr>
                  <Th>Code</Th>
                  <Th>Remise</Th>
                  <Th>Budget utilisé</Th>
                  <Th>Conditions</Th>
                  {isRoot && <Th>Pays</Th>}
                  <Th>Statut</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <TBody>
                {list.map((c) => {
                  const budget = budgetOf(c)
                  return (
                    <Tr key={c.id}>
                      <Td className="font-mono font-medium text-stone-900">{c.code}</Td>
                      <Td className="whitespace-nowrap tabular-nums">{valueOf(c)}</Td>
                      <Td className="tabular-nums">
                        <div className="whitespace-nowrap">{budget.uses}</div>
                        <div className="text-xs whitespace-nowrap text-stone-600">{budget.francs}</div>
                      </Td>
                      <Td className="text-sm">{termsOf(c)}</Td>
                      {isRoot && <Td>{c.countryName}</Td>}
                      <Td>
                        {c.stoppedAt ? (
                          <Badge variant="secondary">Arrêté</Badge>
                        ) : (
                          <Badge variant="success">Actif</Badge>
                        )}
                      </Td>
                      <Td>
                        <RowActions
                          actions={[
                            !c.stoppedAt && {
                              label: `Modifier ${c.code}`,
                              text: 'Modifier',
                              icon: Pencil,
                              show: 'wide',
                              onClick: () => setEditing(c),
                            },
                            !c.stoppedAt && {
                              label: `Arrêter ${c.code}`,
                              text: 'Arrêter',
                              icon: Ban,
                              show: 'wide',
                              destructive: true,
                              onClick: () => setStopping(c),
                            },
                          ]}
                        />
                      </Td>
                    </Tr>
                  )
                })}
              </TBody>
            </Table>
            <Pager page={page} totalPages={totalPagesOf(total, COUPONS_PER_PAGE)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
      <CouponDialog
        open={creating}
        onOpenChange={setCreating}
        countries={isRoot ? (countries.data ?? []) : null}
      />
      <CouponDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        countries={null}
        coupon={editing}
      />
      <ConfirmDialog
        open={stopping !== null}
        onOpenChange={(open) => !open && setStopping(null)}
        title={`Arrêter le code ${stopping?.code ?? ''} ?`}
        description="Plus aucune commande ne pourra l’utiliser. Les commandes déjà passées gardent leur remise."
        confirmLabel="Arrêter le code"
        destructive
        pending={stop.isPending}
        onConfirm={() => stopping && stop.mutate(stopping.id, { onSuccess: () => setStopping(null) })}
      />
    </>
  )
}
