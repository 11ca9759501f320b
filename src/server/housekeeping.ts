import type { Db } from './db/client'
import { logFailure, outageLog } from './db/outage'
import { purgeExpiredSessions } from './http/session'
import { purgeOldIdempotencyKeys } from './services/orders/checkout'
import { collectUnusedPhotos } from './services/catalogue/photos/product-photo'
import type { PhotoStore } from './services/catalogue/photos/store'
import { drainOutbox, type OutboxOptions } from './services/messages/outbox'
import { foldRollups } from './services/money/stats'
import type { Payments } from './services/money/payments/connect'
import { processRefunds, reconcileDue } from './services/money/payments'
import { releaseExpiredHolds } from './services/campaigns/items'
import { sendCampaignReminders } from './services/campaigns/reminders'

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void }

/**
 * Background work, run by one process per server (the primary of a cluster): every second the
 * orders' differences into the dashboards' rollups (services/money/stats.ts); every 2 seconds, the
 * outbox's due messages (services/messages/outbox.ts); every 2 seconds, the mobile money attempts
 * whose next question is due and the refunds asked of a provider (services/money/payments/index.ts,
 * docs/rules/money.md#payments) and the campaigns' holds past their time (docs/rules/campaigns.md#holds); every minute, the campaigns' reminders due
 * (docs/rules/campaigns-messages.md#reminders); hourly, expired sessions, day-old checkout keys and the photos no
 * product has shown for a day.
 */
export function startHousekeeping(
  db: Db,
  log: Log,
  photos?: PhotoStore,
  outbox?: OutboxOptions,
  payments?: Payments,
) {
  // The fold in progress, if any: a shutdown waits for it before closing the database.
  let running: Promise<unknown> | undefined
  const fold = setInterval(() => {
    if (running) return
    running = foldRollups(db)
      .then(
        () => outageLog.recovered(log),
        (err: unknown) => logFailure(log, err, 'rollup fold failed'),
      )
      .finally(() => (running = undefined))
  }, 1_000)
  fold.unref()
  let sending: Promise<unknown> | undefined
  const send = setInterval(() => {
    if (sending || !outbox) return
    sending = drainOutbox(db, outbox)
      .then(
        (r) => {
          if (r.sent + r.retried + r.failed + r.notSent + r.lost > 0)
            log.info({ outbox: r }, 'outbox drained')
        },
        (err: unknown) => logFailure(log, err, 'outbox drain failed'),
      )
      .finally(() => (sending = undefined))
  }, 2_000)
  send.unref()
  let reconciling: Promise<unknown> | undefined
  const reconcile = setInterval(() => {
    if (reconciling || !payments) return
    reconciling = Promise.all([
      reconcileDue(db, payments),
      processRefunds(db, payments),
      // docs/rules/campaigns.md#holds: holds past their 15 minutes return their animal or share.
      releaseExpiredHolds(db),
    ])
      .then(
        ([r, f]) => {
          if (r.changed + f.done > 0)
            log.info({ payments: { ...r, refunded: f.done } }, 'payments reconciled')
        },
        (err: unknown) => logFailure(log, err, 'payment reconciliation failed'),
      )
      .finally(() => (reconciling = undefined))
  }, 2_000)
  reconcile.unref()
  let reminding: Promise<unknown> | undefined
  const remind = setInterval(() => {
    if (reminding) return
    reminding = sendCampaignReminders(db)
      .then(
        (r) => {
          if (r.reminders > 0) log.info({ reminders: r }, 'campaign reminders written')
        },
        (err: unknown) => logFailure(log, err, 'campaign reminders failed'),
      )
      .finally(() => (reminding = undefined))
  }, 60_000)
  remind.unref()
  const purge = setInterval(() => {
    purgeExpiredSessions(db).catch((err: unknown) => logFailure(log, err, 'session purge failed'))
    purgeOldIdempotencyKeys(db).catch((err: unknown) => logFailure(log, err, 'idempotency key purge failed'))
    if (photos)
      collectUnusedPhotos(db, photos).catch((err: unknown) => logFailure(log, err, 'photo collection failed'))
  }, 3_600_000)
  purge.unref()
  return {
    /** Stops the timers; resolves once the fold in progress, if any, has ended. */
    async stop() {
      clearInterval(fold)
      clearInterval(purge)
      clearInterval(send)
      clearInterval(reconcile)
      clearInterval(remind)
      await Promise.all([running, sending, reconciling, reminding])
    },
  }
}
