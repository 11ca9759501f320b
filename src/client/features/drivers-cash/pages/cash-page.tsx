import { Download, Printer } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/client/components/ui/button'
import { api } from '@/client/lib/api'
import { CountryDayPicker, useCountryDay } from '@/client/components/country-day-picker'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { useCashReport } from '../api/cash-api'
import { CashReportView } from '../components/cash-report-view'
import { CorrectionDialog } from '../components/correction-dialog'
import type { CashDriver } from '../components/cash-dialog'
import { HandoverDialog } from '../components/handover-dialog'

/**
 * /admin/cash: the drivers' cash of a country (docs/rules/money.md#drivers-cash): the daily report for
 * a day in the country's time zone (today by default), handovers and corrections. Staff see
 * their own country; root chooses one.
 */
export default function CashPage() {
  const picked = useCountryDay()
  const report = useCashReport(picked.input)
  const [handover, setHandover] = useState<CashDriver | null>(null)
  const [correction, setCorrection] = useState<CashDriver | null>(null)
  // The report's live balance, so that a dialog opened before a refresh shows the latest.
  const live = (d: CashDriver | null) =>
    d && (report.data?.drivers.find((r) => r.driverId === d.driverId) ?? d)

  return (
    <>
      <PageHeader
        title="Caisse des livreurs"
        description="Les espèces encaissées à la livraison, les remises et ce qui reste à remettre, jour par jour (heure du pays)."
        actions={
          report.data && (
            // docs/rules/money.md#reports: the day's report on paper (the site around it is not
            // printed) and as CSV, the same figures.
            <div className="no-print flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => window.print()}>
                <Printer className="h-4 w-4" aria-hidden /> Imprimer
              </Button>
              <Button asChild variant="outline">
                <a
                  href={api.href('/_api/admin/cash/report/export', {
                    countryId: picked.countryId ?? undefined,
                    date: report.data.date,
                  })}
                  download
                >
                  <Download className="h-4 w-4" aria-hidden /> Exporter en CSV
                </a>
              </Button>
            </div>
          )
        }
      />
      <p className="mb-4 hidden text-sm print:block">
        {report.data && `Caisse des livreurs · ${report.data.country.name} · ${report.data.date}`}
      </p>
      <div className="no-print">
        <CountryDayPicker
          id="cash"
          state={picked}
          reportDate={report.data?.date}
          dayHint={report.data?.isToday ? 'Aujourd’hui' : undefined}
        />
      </div>
      <QueryState query={report} loading={<SkeletonRows count={6} />} errorTitle="Erreur de chargement">
        {(r) => <CashReportView report={r} onHandover={setHandover} onCorrection={setCorrection} />}
      </QueryState>
      <HandoverDialog driver={live(handover)} onClose={() => setHandover(null)} />
      <CorrectionDialog driver={live(correction)} onClose={() => setCorrection(null)} />
    </>
  )
}
