import { useState } from 'react'
import { Field, Input, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { useSession } from '@/client/lib/session'
import { useAdminCountries } from '@/client/lib/staff-places'
import { useCashReport } from '../api/cash-api'
import { CashReportView } from '../components/cash-report-view'
import { CorrectionDialog } from '../components/correction-dialog'
import { HandoverDialog, type CashDriver } from '../components/handover-dialog'

/**
 * /admin/cash: the drivers' cash of a country (docs/rules.md#drivers-cash): the daily report for
 * a day in the country's time zone (today by default), handovers and corrections. Staff see
 * their own country; root chooses one.
 */
export default function CashPage() {
  const { user } = useSession()
  const isRoot = user?.role === 'root'
  const countries = useAdminCountries(isRoot)
  const [chosenCountry, setChosenCountry] = useState<number | null>(null)
  const [date, setDate] = useState('')
  // Root starts on its own country, else the first by name.
  const countryId = isRoot
    ? (chosenCountry ??
      countries.data?.find((c) => c.id === user?.countryId)?.id ??
      countries.data?.[0]?.id ??
      null)
    : undefined
  const report = useCashReport(
    isRoot && countryId === null ? null : { countryId: countryId ?? undefined, date },
  )
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
      />
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        {isRoot && (
          <Field label="Pays" htmlFor="cash-country">
            <Select
              id="cash-country"
              value={countryId ?? ''}
              onChange={(e) => setChosenCountry(e.target.value ? Number(e.target.value) : null)}
            >
              {countries.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          label="Jour"
          htmlFor="cash-date"
          hint={report.data ? (report.data.isToday ? 'Aujourd’hui' : undefined) : undefined}
        >
          <Input
            id="cash-date"
            type="date"
            min="2000-01-01"
            max="2100-12-31"
            value={date || report.data?.date || ''}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
      </div>
      <QueryState query={report} loading={<SkeletonRows count={6} />} errorTitle="Erreur de chargement">
        {(r) => <CashReportView report={r} onHandover={setHandover} onCorrection={setCorrection} />}
      </QueryState>
      <HandoverDialog driver={live(handover)} onClose={() => setHandover(null)} />
      <CorrectionDialog driver={live(correction)} onClose={() => setCorrection(null)} />
    </>
  )
}
