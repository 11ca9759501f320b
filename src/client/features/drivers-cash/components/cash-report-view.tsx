import { ArrowDownToLine, SquarePen } from 'lucide-react'
import { Link } from 'react-router'
import { cashEntryLabels } from '@/shared/domain/cash'
import { paymentProviderLabels } from '@/shared/domain/payments'
import { formatMoney, formatNumber } from '@/shared/format'
import type { CashReport } from '@/shared/schemas/cash'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent } from '@/client/components/ui/card'
import { EmptyState } from '@/client/components/ui/query-state'
import { Table, TBody, Td, Th, THead, Tr } from '@/client/components/ui/table'
import type { CashDriver } from './cash-dialog'

/** A signed écart: '−500 F CFA' in red for a shortfall, '+500 F CFA' for a surplus, '0 F CFA' else. */
function Ecart({ value }: { value: number }) {
  if (value === 0) return <span>{formatMoney(0)}</span>
  return (
    <span className={value < 0 ? 'font-medium text-red-700' : 'font-medium text-amber-800'}>
      {value > 0 ? '+' : ''}
      {formatMoney(value)}
    </span>
  )
}

/** An entry's écart: a handover's (handed over less held), a collection's (collected less due). */
const entryEcart = (e: CashReport['entries'][number]) =>
  e.type === 'collected' && e.amountDue != null ? e.amount - e.amountDue : e.ecart

/** '2026-11-25' → '25/11/2026'. */
const formatDay = (day: string) => day.split('-').reverse().join('/')

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card>
      <CardContent className="pt-4 sm:pt-4">
        <p className="text-xs text-stone-600">{label}</p>
        <p className="text-lg font-bold text-stone-900" data-testid={testId}>
          {value}
        </p>
      </CardContent>
    </Card>
  )
}

/** The daily report (docs/rules/money.md#drivers-cash): totals, one row per driver, the day's entries. */
export function CashReportView({
  report,
  onHandover,
  onCorrection,
}: {
  report: CashReport
  onHandover: (d: CashDriver) => void
  onCorrection: (d: CashDriver) => void
}) {
  const { totals } = report
  return (
    <div className="space-y-8">
      <section aria-labelledby="cash-totals">
        <h2 id="cash-totals" className="mb-3 text-lg font-semibold text-stone-900">
          Totaux du jour · {report.country.name}
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure
            label="Livraisons confirmées"
            value={formatNumber(totals.deliveries)}
            testId="total-deliveries"
          />
          <Figure label="Montant dû" value={formatMoney(totals.amountDue)} testId="total-due" />
          <Figure label="Encaissé" value={formatMoney(totals.collected)} testId="total-collected" />
          <Figure label="Remis" value={formatMoney(totals.handedOver)} testId="total-handed-over" />
          <Figure
            label="Écart (encaissements et remises)"
            value={<Ecart value={totals.ecart} />}
            testId="total-ecart"
          />
          <Figure label="Corrections" value={formatMoney(totals.corrections)} testId="total-corrections" />
          <Figure label="Solde au début du jour" value={formatMoney(totals.opening)} testId="total-opening" />
          <Figure
            label="Reste à remettre (fin du jour)"
            value={formatMoney(totals.closing)}
            testId="total-closing"
          />
        </div>
        <p className="mt-2 text-xs text-stone-600">
          Reste à remettre = solde au début du jour + encaissé + corrections − remis. Écart = encaissé − dû
          (dont {formatMoney(totals.collectionGap)} à la livraison) + remis − détenu.
        </p>
      </section>

      <section aria-labelledby="cash-owed">
        <h2 id="cash-owed" className="mb-3 text-lg font-semibold text-stone-900">
          Reste dû par les clients ({report.owed.length})
        </h2>
        {report.owed.length === 0 ? (
          <EmptyState message="Aucune commande livrée ne doit encore de l’argent" />
        ) : (
          <Table aria-label="Reste dû par les clients">
            <THead>
              <tr>
                <Th>Commande</Th>
                <Th>Client</Th>
                <Th>Livrée le</Th>
                <Th>Livreur</Th>
                <Th className="text-right">Total</Th>
                <Th className="text-right">Payé</Th>
                <Th className="text-right">Reste dû</Th>
              </tr>
            </THead>
            <TBody>
              {report.owed.map((o) => (
                <Tr key={o.orderId} data-testid={`owed-${o.orderId}`}>
                  <Td>
                    <Link to={`/admin/orders/${o.orderId}`} className="text-brand hover:underline">
                      #{o.orderId}
                    </Link>
                  </Td>
                  <Td>{o.customerName}</Td>
                  <Td>{o.deliveredOn ? formatDay(o.deliveredOn) : '—'}</Td>
                  <Td>{o.driverName ?? '—'}</Td>
                  <Td className="text-right">{formatMoney(o.totalAmount)}</Td>
                  <Td className="text-right">{formatMoney(o.amountPaid)}</Td>
                  <Td className="text-right font-semibold text-red-700">{formatMoney(o.amountOwed)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        <p className="mt-2 text-xs text-stone-600">
          Toutes les commandes livrées et payées en partie, quel que soit leur jour : le reste s’encaisse
          depuis la page de la commande ou par le livreur.
        </p>
      </section>

      <section aria-labelledby="cash-mobile-money">
        <h2 id="cash-mobile-money" className="mb-3 text-lg font-semibold text-stone-900">
          Mobile money reçu ce jour
        </h2>
        {report.mobileMoney.length === 0 ? (
          <EmptyState message="Aucun paiement mobile money ce jour-là" />
        ) : (
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="cash-mobile-money">
            {report.mobileMoney.map((m) => (
              <Figure
                key={m.provider}
                label={`${paymentProviderLabels[m.provider]} · ${formatNumber(m.payments)} paiement${m.payments > 1 ? 's' : ''}${m.campaignPayments > 0 ? ` · dont campagnes ${formatMoney(m.campaignAmount)}` : ''}`}
                value={formatMoney(m.amount)}
                testId={`mobile-money-${m.provider}`}
              />
            ))}
          </div>
        )}
        <p className="mt-2 text-xs text-stone-600">
          Reçu par les opérateurs, hors caisse des livreurs : ces commandes n’ont rien à encaisser à la porte.
          Les acomptes et versements des campagnes (Tabaski…) y sont comptés, « dont campagnes ».
        </p>
        {/* docs/rules/commerce.md#coupons */}
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure
            label={`Codes promo · ${formatNumber(report.coupons.orders)} commande${report.coupons.orders > 1 ? 's' : ''} livrée${report.coupons.orders > 1 ? 's' : ''}`}
            value={formatMoney(report.coupons.amount)}
            testId="cash-coupons"
          />
        </div>
      </section>

      {/* docs/rules/pickup.md#the-till: shown where the country has collected cash at a counter that day. */}
      {report.tills.length > 0 && (
        <section aria-labelledby="cash-tills">
          <h2 id="cash-tills" className="mb-3 text-lg font-semibold text-stone-900">
            Espèces encaissées en boutique
          </h2>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="cash-tills">
            {report.tills.map((t) => (
              <Figure
                key={t.shopId}
                label={`${t.shopName} · ${formatNumber(t.pickups)} retrait${t.pickups > 1 ? 's' : ''}`}
                value={formatMoney(t.amount)}
                testId={`till-${t.shopId}`}
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-stone-600">
            Remis au comptoir contre le code de retrait : dans la caisse de la boutique, pas chez un livreur.
          </p>
        </section>
      )}

      <section aria-labelledby="cash-drivers">
        <h2 id="cash-drivers" className="mb-3 text-lg font-semibold text-stone-900">
          Par livreur
        </h2>
        {report.drivers.length === 0 ? (
          <EmptyState message="Aucun livreur dans ce pays" />
        ) : (
          <Table aria-label="Caisse par livreur">
            <THead>
              <tr>
                <Th>Livreur</Th>
                <Th className="text-right">Début du jour</Th>
                <Th className="text-right">Dû (livraisons)</Th>
                <Th className="text-right">Encaissé</Th>
                <Th className="text-right">Remis</Th>
                <Th className="text-right">Écart</Th>
                <Th className="text-right">Corrections</Th>
                <Th className="text-right">Reste (fin du jour)</Th>
                {!report.isToday && <Th className="text-right">Solde actuel</Th>}
              </tr>
            </THead>
            <TBody>
              {report.drivers.map((d) => (
                <Tr key={d.driverId} data-testid={`cash-driver-${d.driverId}`}>
                  <Td>
                    <p className="font-medium text-stone-900">
                      {d.driverName}
                      {!d.isActive && <span className="ml-1 text-xs text-stone-500">(inactif)</span>}
                    </p>
                    <div className="no-print mt-2 flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        onClick={() => onHandover(d)}
                        aria-label={`Remise de ${d.driverName}`}
                      >
                        <ArrowDownToLine className="h-4 w-4" aria-hidden />
                        Remise
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onCorrection(d)}
                        aria-label={`Correction de la caisse de ${d.driverName}`}
                      >
                        <SquarePen className="h-4 w-4" aria-hidden />
                        Correction
                      </Button>
                    </div>
                  </Td>
                  <Td className="text-right">{formatMoney(d.opening)}</Td>
                  <Td className="text-right">
                    {formatMoney(d.amountDue)}
                    <span className="block text-xs text-stone-500">
                      {formatNumber(d.deliveries)} livraison{d.deliveries > 1 ? 's' : ''}
                    </span>
                  </Td>
                  <Td className="text-right">{formatMoney(d.collected)}</Td>
                  <Td className="text-right">{formatMoney(d.handedOver)}</Td>
                  <Td className="text-right" data-testid={`ecart-${d.driverId}`}>
                    <Ecart value={d.ecart} />
                    {d.collectionGap !== 0 && (
                      <span className="block text-xs text-stone-500">
                        dont livraisons {formatMoney(d.collectionGap)}
                      </span>
                    )}
                  </Td>
                  <Td className="text-right">{formatMoney(d.corrections)}</Td>
                  <Td className="text-right font-semibold">{formatMoney(d.closing)}</Td>
                  {!report.isToday && <Td className="text-right">{formatMoney(d.balance)}</Td>}
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="cash-entries">
        <h2 id="cash-entries" className="mb-3 text-lg font-semibold text-stone-900">
          Mouvements du jour ({report.entries.length})
        </h2>
        {report.entries.length === 0 ? (
          <EmptyState message="Aucun mouvement ce jour-là" />
        ) : (
          <Table aria-label="Mouvements du jour">
            <THead>
              <tr>
                <Th>Heure</Th>
                <Th>Livreur</Th>
                <Th>Mouvement</Th>
                <Th>Commande</Th>
                <Th className="text-right">Dû</Th>
                <Th className="text-right">Montant</Th>
                <Th className="text-right">Écart</Th>
                <Th>Raison ou note</Th>
                <Th>Par</Th>
              </tr>
            </THead>
            <TBody>
              {report.entries.map((e) => (
                <Tr key={e.id}>
                  <Td>{e.time}</Td>
                  <Td>{e.driverName}</Td>
                  <Td>{cashEntryLabels[e.type]}</Td>
                  <Td>
                    {e.orderId ? (
                      <Link to={`/admin/orders/${e.orderId}`} className="text-brand hover:underline">
                        #{e.orderId}
                      </Link>
                    ) : e.reservationId ? (
                      `Fête, réservation #${e.reservationId}`
                    ) : (
                      '—'
                    )}
                  </Td>
                  <Td className="text-right">{e.amountDue == null ? '—' : formatMoney(e.amountDue)}</Td>
                  <Td className="text-right">{formatMoney(e.type === 'handover' ? -e.amount : e.amount)}</Td>
                  <Td className="text-right">
                    {entryEcart(e) == null ? '—' : <Ecart value={entryEcart(e)!} />}
                  </Td>
                  <Td>{e.reason ?? '—'}</Td>
                  <Td>{e.actorName}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      {report.uncollected.length > 0 && (
        <section aria-labelledby="cash-uncollected">
          <h2 id="cash-uncollected" className="mb-3 text-lg font-semibold text-stone-900">
            Livrées sans encaissement enregistré
          </h2>
          <p className="mb-2 text-sm text-stone-600">
            Commandes marquées livrées ce jour-là sans livreur ni encaissement : enregistrez l’argent reçu par
            une correction sur la caisse du livreur qui l’a reçu.
          </p>
          <ul className="space-y-1 text-sm">
            {report.uncollected.map((u) => (
              <li key={u.orderId}>
                <Link to={`/admin/orders/${u.orderId}`} className="text-brand hover:underline">
                  Commande #{u.orderId}
                </Link>{' '}
                · {u.customerName} · {formatMoney(u.totalAmount)}
                {u.driverName ? ` · ${u.driverName}` : ' · sans livreur'}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
