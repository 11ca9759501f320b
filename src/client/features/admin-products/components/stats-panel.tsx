import { staffErrorText } from '@/client/lib/error-text'
import { BarChart3, ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { formatNumber } from '@/shared/format'
import { Card } from '@/client/components/ui/card'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import { cn } from '@/client/components/ui/cn'
import { useProductStats } from '../api/use-products'

/** Root's collapsible 'Statistiques par pays' panel: loaded the first time it opens. */
export function StatsPanel() {
  const [open, setOpen] = useState(false)
  const stats = useProductStats(open)
  return (
    <Card className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="product-stats"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-2 p-4 text-left font-semibold text-stone-900"
      >
        <span className="flex items-center gap-2">
          <BarChart3 className="h-5 w-5 text-brand" aria-hidden /> Statistiques par pays
        </span>
        <ChevronDown className={cn('h-5 w-5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id="product-stats" className="px-4 pb-4">
          <QueryState
            query={stats}
            loading={<SkeletonRows count={3} />}
            empty="Aucun produit trouvé"
            isEmpty={(s) => s.length === 0}
            errorMessage={staffErrorText}
          >
            {(rows) => (
              <Table aria-label="Statistiques par pays">
                <THead>
                  <tr>
                    <Th>Pays</Th>
                    <Th className="text-right">Total</Th>
                    <Th className="text-right">Actifs</Th>
                    <Th className="text-right">Inactifs</Th>
                  </tr>
                </THead>
                <TBody>
                  {rows.map((s) => (
                    <Tr key={s.countryId}>
                      <Td className="font-medium">{s.countryName}</Td>
                      <Td className="text-right">{formatNumber(s.totalProducts)}</Td>
                      <Td className="text-right text-emerald-800">{formatNumber(s.activeProducts)}</Td>
                      <Td className="text-right text-stone-600">{formatNumber(s.inactiveProducts)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </QueryState>
        </div>
      )}
    </Card>
  )
}
