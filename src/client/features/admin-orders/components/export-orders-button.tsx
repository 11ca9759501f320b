import { Download } from 'lucide-react'
import type { CallInput } from '@/shared/calls/define-call'
import type { reportCalls } from '@/shared/calls/reports'
import { Button } from '@/client/components/ui/button'
import { api } from '@/client/lib/api'

/**
 * Downloads the list as shown, every row (docs/rules/money.md#reports): the export takes the list's own
 * filters, so the page passes the same object it gives the list, page aside.
 */
export function ExportOrdersButton({ filters }: { filters: CallInput<typeof reportCalls.exportOrders> }) {
  return (
    <Button asChild variant="outline">
      <a href={api.href('/_api/admin/orders/export', filters)} download>
        <Download className="h-4 w-4" aria-hidden /> Exporter en CSV
        <span className="sr-only"> (toutes les commandes filtrées)</span>
      </a>
    </Button>
  )
}
