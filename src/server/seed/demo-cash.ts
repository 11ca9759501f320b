import type { Executor } from '../db/client'
import { cashEntries } from '../db/schema'

// The demo's times and its drivers' cash (src/server/seed/demo.ts).

const startOfUtcDay = (ms: number) =>
  Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), new Date(ms).getUTCDate())

/**
 * When a demo order was placed: an hour before now, `daysAgo` days back. Today's stay today
 * whatever the hour the demo is seeded (at 00:20 an hour ago is yesterday: a third of the way
 * into the day instead), so the day's figures (the drivers' cash, the daily report) hold them.
 */
export function demoOrderTime(daysAgo: number) {
  const now = Date.now()
  const start = startOfUtcDay(now)
  if (daysAgo === 0) return new Date(Math.max(now - 3_600_000, start + (now - start) / 3))
  return new Date(now - daysAgo * 86_400_000 - 3_600_000)
}

/**
 * The drivers' cash of the demo (docs/rules/money.md#drivers-cash): each delivered order's cash
 * collected by its driver 40 minutes after the order; the evening of the last delivery before
 * today, a handover of what the driver held, 500 F short in Sénégal (an écart the driver still
 * owes), exact in Mali. Sénégal's driver holds today's deliveries and the 500 F.
 */
export async function seedDemoCash(
  tx: Executor,
  who: { countryId: number; driverId: number; staffId: number; code: string },
  delivered: { id: number; total: number; at: Date }[],
) {
  const now = Date.now()
  const startOfToday = new Date(startOfUtcDay(now))
  const sorted = [...delivered].sort((a, b) => a.at.getTime() - b.at.getTime())
  const lastBeforeToday = sorted.filter((o) => o.at < startOfToday).at(-1)
  let held = 0
  for (const o of sorted) {
    // Collected 40 minutes after the order, never later than now, and on the order's day.
    const dayEnd = startOfUtcDay(o.at.getTime()) + 86_400_000 - 60_000
    const at = new Date(
      Math.min(o.at.getTime() + 40 * 60_000, dayEnd, o.at.getTime() + (now - o.at.getTime()) / 2),
    )
    await tx.insert(cashEntries).values({
      driverId: who.driverId,
      countryId: who.countryId,
      orderId: o.id,
      type: 'collected',
      amount: o.total,
      amountDue: o.total,
      actorId: who.driverId,
      createdAt: at,
    })
    held += o.total
    if (o === lastBeforeToday) {
      const short = who.code === 'SN' ? 500 : 0
      await tx.insert(cashEntries).values({
        driverId: who.driverId,
        countryId: who.countryId,
        type: 'handover',
        amount: -(held - short),
        heldBefore: held,
        reason: short ? 'Il manquait un billet de 500 F' : null,
        actorId: who.staffId,
        // That evening, and before today: the day's report holds no handover of the demo's.
        createdAt: new Date(Math.min(at.getTime() + 8 * 3_600_000, startOfToday.getTime() - 60_000)),
      })
      held = short
    }
  }
}
