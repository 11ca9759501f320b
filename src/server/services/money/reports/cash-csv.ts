import type { SessionUser } from '@/shared/schemas/auth'
import type { CashReport } from '@/shared/schemas/cash'
import { cashEntryLabels } from '@/shared/domain/cash'
import { paymentProviderLabels } from '@/shared/domain/payments'
import type { Executor } from '@/server/db/client'
import { cashReport } from '../cash-report'
import { BOM, csvLines, type Cell } from './csv'

/**
 * The daily cash report as CSV (docs/rules/money.md#drivers-cash, #reports): the figures of the
 * report page, per driver and in total, then the orders that still owe (across days), the day's
 * entries, the orders delivered without cash, the cash taken at the shops' counters, the mobile
 * money and the coupons, each part under its own heading, separated by a blank line. The
 * same answer as the page (`cashReport`), so both say the same; a refusal comes before any byte.
 */
export async function cashReportCsv(
  db: Executor,
  user: SessionUser,
  input: { countryId?: number; date?: string },
): Promise<{ name: string; pieces: AsyncGenerator<string> }> {
  const report = await cashReport(db, user, input)
  return { name: `caisse-${report.date}`, pieces: pieces(report) }
}

const FIGURES = [
  'Solde début',
  'Livraisons',
  'Montant dû',
  'Encaissé',
  'Remis',
  'Écart',
  'dont encaissements',
  'Corrections',
  'Reste en caisse',
] as const

async function* pieces(r: CashReport): AsyncGenerator<string> {
  const figures = (f: CashReport['totals']): Cell[] => [
    f.opening,
    f.deliveries,
    f.amountDue,
    f.collected,
    f.handedOver,
    f.ecart,
    f.collectionGap,
    f.corrections,
    f.closing,
  ]
  const rows: Cell[][] = [
    ['Caisse des livreurs', r.country.name, r.date, r.country.timeZone],
    [],
    ['Livreur', ...FIGURES],
    ...r.drivers.map((d) => [d.driverName, ...figures(d)]),
    ['Total', ...figures(r.totals)],
    [],
    ['Commandes avec un reste dû'],
    ['N° commande', 'Client', 'Livrée le', 'Livreur', 'Total', 'Payé', 'Reste dû'],
    ...r.owed.map((o) => [
      o.orderId,
      o.customerName,
      o.deliveredOn,
      o.driverName,
      o.totalAmount,
      o.amountPaid,
      o.amountOwed,
    ]),
    [],
    ['Mouvements du jour'],
    ['Heure', 'Livreur', 'Type', 'N° commande', 'Montant', 'Montant dû', 'Écart', 'Raison', 'Par'],
    ...r.entries.map((e) => [
      e.time,
      e.driverName,
      cashEntryLabels[e.type],
      e.orderId,
      e.amount,
      e.amountDue,
      e.type === 'collected' && e.amountDue != null ? e.amount - e.amountDue : e.ecart,
      e.reason,
      e.actorName,
    ]),
    [],
    ['Livrées sans encaissement'],
    ['N° commande', 'Client', 'Total', 'Livreur'],
    ...r.uncollected.map((u) => [u.orderId, u.customerName, u.totalAmount, u.driverName]),
    [],
    // docs/rules/pickup.md#the-till: held by the shop, not by a driver.
    ['Espèces encaissées en boutique'],
    ['Boutique', 'Retraits', 'Montant'],
    ...r.tills.map((t) => [t.shopName, t.pickups, t.amount]),
    [],
    ['Mobile money reçu ce jour'],
    ['Opérateur', 'Paiements', 'Montant', 'Dont campagnes : paiements', 'Dont campagnes : montant'],
    ...r.mobileMoney.map((m) => [
      paymentProviderLabels[m.provider],
      m.payments,
      m.amount,
      m.campaignPayments,
      m.campaignAmount,
    ]),
    [],
    // docs/rules/commerce.md#coupons: the discounts of the day's delivered orders.
    ['Codes promo'],
    ['Commandes livrées', 'Montant'],
    [r.coupons.orders, r.coupons.amount],
  ]
  yield BOM + csvLines(rows)
}
