import { Send } from 'lucide-react'
import { useState } from 'react'
import { voucherStatuses, voucherStatusLabels, type VoucherStatus } from '@/shared/domain/vouchers'
import { formatCount, formatDateTime, formatMoney } from '@/shared/format'
import type { AdminVoucher } from '@/shared/schemas/vouchers'
import type { BadgeVariant } from '@/shared/domain/roles'
import { Badge } from '@/client/components/ui/badge'
import { SearchInput, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { RowActions } from '@/client/components/ui/row-actions'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { staffErrorText } from '@/client/lib/error-text'
import { useSession } from '@/client/lib/session'
import { useDebouncedValue } from '@/client/lib/use-debounced-value'
import { useAdminVouchers, VOUCHERS_PER_PAGE } from '../api/use-admin-vouchers'
import { ResendDialog } from '../components/resend-dialog'

const statusVariant: Record<VoucherStatus, BadgeVariant> = {
  pending: 'warning',
  paid: 'success',
  redeemed: 'secondary',
  cancelled: 'outline',
}

/** What became of it: used by whom and when, or its code sent again. */
function afterOf(v: AdminVoucher) {
  if (v.status === 'redeemed' && v.redeemedAt)
    return `Utilisé par ${v.redeemedByName ?? 'un client'} le ${formatDateTime(v.redeemedAt)}`
  if (v.resends > 0) return `Code renvoyé ${v.resends} fois`
  return null
}

/**
 * /admin/vouchers: the gift vouchers of the country (docs/rules/gift-vouchers.md#staff), never
 * their codes; a paid one's code sent again from here, when its recipient lost the SMS.
 */
export default function VouchersPage() {
  const { user } = useSession()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<VoucherStatus | ''>('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search, 300)
  const vouchers = useAdminVouchers(debounced, status, page)
  const isRoot = user?.role === 'root'
  const [resending, setResending] = useState<AdminVoucher | null>(null)
  const [lastFilter, setLastFilter] = useState(`${debounced}|${status}`)
  if (`${debounced}|${status}` !== lastFilter) {
    setLastFilter(`${debounced}|${status}`)
    setPage(1)
  }

  return (
    <>
      <PageHeader
        title="Bons cadeaux"
        description="Les bons cadeaux achetés par vos clients. Leur code n’est jamais affiché : s’il a été perdu, renvoyez-en un nouveau au bénéficiaire."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label="Rechercher un bon cadeau"
          placeholder="Nom ou téléphone…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-sm sm:flex-1"
        />
        <Select
          aria-label="État"
          value={status}
          onChange={(e) => setStatus(e.target.value as VoucherStatus | '')}
          className="sm:w-56"
        >
          <option value="">Tous les états</option>
          {voucherStatuses.map((s) => (
            <option key={s} value={s}>
              {voucherStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <QueryState
        query={vouchers}
        loading={<SkeletonRows count={6} />}
        empty="Aucun bon cadeau"
        isEmpty={(d) => d.vouchers.length === 0}
        errorMessage={(e) => staffErrorText(e, { fallback: 'Bons cadeaux non chargés.' })}
      >
        {({ vouchers: list, total }) => (
          <>
            <p className="mb-2 text-sm text-stone-600">{formatCount(total)} bon(s) cadeau(x)</p>
            <Table aria-label="Bons cadeaux">
              <THead>
                <tr>
                  <Th>Acheté le</Th>
                  <Th>Montant</Th>
                  <Th>Offert par</Th>
                  <Th>Pour</Th>
                  {isRoot && <Th>Pays</Th>}
                  <Th>État</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <TBody>
                {list.map((v) => {
                  const after = afterOf(v)
                  return (
                    <Tr key={v.id}>
                      <Td className="whitespace-nowrap">{formatDateTime(v.createdAt)}</Td>
                      <Td className="whitespace-nowrap tabular-nums">{formatMoney(v.amount)}</Td>
                      <Td>
                        <div className="text-stone-900">{v.buyerName}</div>
                        {v.buyerPhone && (
                          <div className="text-xs whitespace-nowrap text-stone-600">{v.buyerPhone}</div>
                        )}
                      </Td>
                      <Td>
                        <div className="text-stone-900">{v.recipientName}</div>
                        <div className="text-xs whitespace-nowrap text-stone-600">{v.recipientPhone}</div>
                      </Td>
                      {isRoot && <Td>{v.countryName}</Td>}
                      <Td>
                        <Badge variant={statusVariant[v.status]}>{voucherStatusLabels[v.status]}</Badge>
                        {after && <div className="mt-1 text-xs text-stone-600">{after}</div>}
                      </Td>
                      <Td>
                        <RowActions
                          actions={[
                            v.status === 'paid' && {
                              label: `Renvoyer le code du bon cadeau de ${v.recipientName}`,
                              text: 'Renvoyer le code',
                              icon: Send,
                              show: 'wide',
                              onClick: () => setResending(v),
                            },
                          ]}
                        />
                      </Td>
                    </Tr>
                  )
                })}
              </TBody>
            </Table>
            <Pager page={page} totalPages={totalPagesOf(total, VOUCHERS_PER_PAGE)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
      {resending && <ResendDialog voucher={resending} onClose={() => setResending(null)} />}
    </>
  )
}
